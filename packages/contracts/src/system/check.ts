import { z } from 'zod';
import { optionalText } from '../core/fields.js';
import { CodedRuleMessages, type CodedRuleRecord, codedRuleSchemas, ruleCodeOf } from './coded-rule.js';

export const DuplicateCheckQuery = z.object({
  tableName: z.string().trim().min(1, '请指定表名').max(64, '表名过长'),
  fieldName: z.string().trim().min(1, '请指定字段名').max(64, '字段名过长'),
  fieldVal: z.string().trim().min(1, '请输入校验值').max(320, '校验值不能超过 320 个字符'),
  /** The record being edited, whose own value does not count as a duplicate. */
  dataId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.guid('数据编号格式不正确').optional()),
  _t: z.unknown().optional(),
});
export type DuplicateCheckQuery = z.infer<typeof DuplicateCheckQuery>;

export const CheckMessages = {
  valueFree: '该值可用',
  valueTaken: '该值不可用，系统中已存在！',
  unsupportedField: '不支持校验该字段',
  rulePassed: '校验通过',
  ruleUnknown: '校验规则不存在',
  ruleMisconfigured: '校验规则配置不正确，请联系管理员',
} as const;

/** Character classes a check-rule segment may ask for; each maps to a fixed test on the server. */
export const CHAR_KINDS = ['digit', 'upper', 'lower', 'letter', 'alnum', 'chinese'] as const;
export type CharKind = (typeof CHAR_KINDS)[number];

export const CHAR_KIND_LABEL: Record<CharKind, string> = {
  digit: '数字',
  upper: '大写字母',
  lower: '小写字母',
  letter: '字母',
  alnum: '字母或数字',
  chinese: '汉字',
};

const count = z.number().int().min(0).max(1000);

const ClassSegment = z
  .object({
    kind: z.enum(CHAR_KINDS),
    length: count.optional(),
    minLength: count.optional(),
    maxLength: count.optional(),
  })
  .refine((s) => s.length !== undefined || s.minLength !== undefined || s.maxLength !== undefined, {
    message: '每段须指定 length 或 minLength/maxLength',
  })
  .refine((s) => s.minLength === undefined || s.maxLength === undefined || s.minLength <= s.maxLength, {
    message: 'minLength 不能大于 maxLength',
  });

const LiteralSegment = z.object({ kind: z.literal('literal'), value: z.string().min(1).max(50) });

/** One segment of a 编码校验规则: a run of one character class, or fixed text. */
export const CheckRuleSegment = z.union([LiteralSegment, ClassSegment]);
export type CheckRuleSegment = z.infer<typeof CheckRuleSegment>;

/** What `sys_check_rule.rule_json` holds: segments matched in order, covering the whole value. */
export const CheckRuleJson = z.array(CheckRuleSegment).min(1).max(32);
export type CheckRuleJson = z.infer<typeof CheckRuleJson>;

export const CheckRuleQuery = z.object({
  ruleCode: z.string().trim().min(1, '请指定校验规则').max(64, '规则编码过长'),
  value: z.string().max(500, '校验值不能超过 500 个字符').default(''),
  _t: z.unknown().optional(),
});
export type CheckRuleQuery = z.infer<typeof CheckRuleQuery>;

const CheckRule = codedRuleSchemas({
  ruleCode: ruleCodeOf(64),
  ruleJson: z
    .array(CheckRuleSegment, { error: '请配置校验段' })
    .min(1, '请至少配置一段')
    .max(32, '校验段不能超过 32 段'),
  description: optionalText(255, '描述'),
});

export const CheckRuleCreateInput = CheckRule.CreateInput;
export type CheckRuleCreateInput = z.infer<typeof CheckRuleCreateInput>;

export const CheckRuleUpdateInput = CheckRule.UpdateInput;
export type CheckRuleUpdateInput = z.infer<typeof CheckRuleUpdateInput>;

export const CheckRuleIdQuery = CheckRule.IdQuery;
export type CheckRuleIdQuery = z.infer<typeof CheckRuleIdQuery>;

export const CheckRuleListQuery = CheckRule.ListQuery;
export type CheckRuleListQuery = z.infer<typeof CheckRuleListQuery>;

export type CheckRuleRecord = CodedRuleRecord<CheckRuleJson>;

export const CheckRuleMessages = CodedRuleMessages;

/** The segment in words, e.g. 「2 至 3 位数字」 or 「“-”」, for messages and the admin list. */
export function describeSegment(segment: CheckRuleSegment): string {
  if (segment.kind === 'literal') return `“${segment.value}”`;
  const label = CHAR_KIND_LABEL[segment.kind];
  if (segment.length !== undefined) return `${segment.length} 位${label}`;
  const min = segment.minLength ?? 0;
  const max = segment.maxLength;
  if (max === undefined) return `至少 ${min} 位${label}`;
  if (min === 0) return `至多 ${max} 位${label}`;
  return min === max ? `${min} 位${label}` : `${min} 至 ${max} 位${label}`;
}
