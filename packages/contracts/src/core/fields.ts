import { z } from 'zod';
import { isSameSitePath, sameSiteMessage } from './same-site.js';

/**
 * Field shapes the forms and lists share. The messages are part of the contract: the web shows them
 * as they are and tests match them, so each helper takes the field's name and limit and says the
 * same sentence every field of its kind says.
 */

/** `名称不能超过 100 个字符`, or without a name `不能超过 100 个字符`. */
export const tooLong = (max: number, label = '') => `${label}不能超过 ${max} 个字符`;

const blankAsNull = <T extends z.ZodType<string, string>>(text: T) =>
  text
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * Text a form may leave empty: trimmed, at most `max` characters, blank stored as null. Without a
 * label the message is the bare `不能超过 N 个字符`.
 */
export const optionalText = (max: number, label = '') => blankAsNull(z.string().trim().max(max, tooLong(max, label)));

/**
 * Optional text that must match `pattern` when given (a phone number, a colour…); blank is null.
 * `max`, when given, is checked first, with `label` in its message.
 */
export const optionalMatching = (pattern: RegExp, message: string, max?: number, label = '') =>
  blankAsNull(max === undefined ? z.string().trim() : z.string().trim().max(max, tooLong(max, label))).refine(
    (v) => v === null || pattern.test(v),
    message,
  );

/**
 * Text a form must fill: trimmed, `请输入…` when blank, at most `max` characters. `missing` gives a
 * field that was not sent at all the same `请输入…` instead of zod's own message.
 */
export const requiredText = (label: string, max: number, opts: { missing?: boolean } = {}) =>
  z
    .string(opts.missing ? { error: `请输入${label}` } : undefined)
    .trim()
    .min(1, `请输入${label}`)
    .max(max, tooLong(max, label));

/** A code that starts with a letter and holds letters, digits and underscores (角色编码, 规则字段…). */
export const letterCode = (label: string, max: number) =>
  requiredText(label, max).regex(/^[A-Za-z][A-Za-z0-9_]*$/, `${label}以字母开头，只能包含字母、数字和下划线`);

/** A record's uuid, refused as `角色 ID 格式不正确`, or `ID 格式不正确` without a noun. */
export const idOf = (noun = '') => z.string().uuid(`${noun ? `${noun} ` : ''}ID 格式不正确`);

/** A uuid refused as `<label>格式不正确`, the label written out whole (`上级部门`, `文件 ID`). */
export const uuidOf = (label: string) => z.string().uuid(`${label}格式不正确`);

/** Trimmed, bounded, optional text kept as sent: a list filter, a comment. */
export const trimmedText = (max: number, message?: string) => z.string().trim().max(max, message).optional();

/** The largest value of a PostgreSQL `integer` column: a larger one fails in the database, not in the form. */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number stored in an `integer` column, from a form or a query string: `<label>必须是整数`,
 * `<label>不能小于 <min>`, `<label>不能超过 <max>` (at most `INT4_MAX`).
 */
export const int4Of = (label: string, opts: { min?: number; max?: number } = {}) => {
  const min = opts.min ?? 0;
  const max = Math.min(opts.max ?? INT4_MAX, INT4_MAX);
  return z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能超过 ${max}`);
};

/** A whole number from a query string, at least 1, with a default (page numbers and sizes). */
export const positiveInt = (fallback: number, max = INT4_MAX) =>
  z.coerce
    .number({ error: '必须是数字' })
    .int('必须是整数')
    .min(1, '必须大于 0')
    .max(max, `不能超过 ${max}`)
    .default(fallback);

/** 排序 of a form: a whole number from 0 to 99999. */
export const sortNumber = (fallback: number) =>
  z.coerce
    .number({ error: '排序必须是数字' })
    .int('排序必须是整数')
    .min(0, '排序不能小于 0')
    .max(99999, '排序不能超过 99999')
    .default(fallback);

/** Values as the original client sends them: an array or one comma-separated string; blanks are dropped. */
export const commaList = (error?: string) =>
  z
    .union([z.array(z.string()), z.string()], error ? { error } : undefined)
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));

/** An optional stored link (打开页面…): trimmed, blank as null, at most `max` characters, same-site only. */
export const optionalSameSitePath = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max, label))
    .refine((v) => v === '' || isSameSitePath(v), sameSiteMessage(label))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
