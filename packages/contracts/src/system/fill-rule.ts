import { z } from 'zod';
import { optionalText } from '../core/fields.js';
import { CodedRuleMessages, type CodedRuleRecord, codedRuleSchemas, ruleCodeOf } from './coded-rule.js';

export const FILL_DATE_FORMATS = ['YYYY', 'YYYYMM', 'YYYYMMDD'] as const;
export type FillDateFormat = (typeof FILL_DATE_FORMATS)[number];

/** When the sequence starts again at 1: never, or with each new day/month/year (Asia/Shanghai). */
export const FILL_RESETS = ['never', 'daily', 'monthly', 'yearly'] as const;
export type FillReset = (typeof FILL_RESETS)[number];

export const FILL_RESET_LABEL: Record<FillReset, string> = {
  never: '不重置',
  daily: '按日重置',
  monthly: '按月重置',
  yearly: '按年重置',
};

export const FILL_PART_LABEL = { text: '固定文本', date: '日期', seq: '流水号' } as const;

const TextPart = z.object({
  type: z.literal('text'),
  value: z
    .string({ error: '请输入固定文本' })
    .min(1, '固定文本不能为空')
    .max(20, '固定文本不能超过 20 个字符')
    .refine((v) => !/[\s\p{Cc}]/u.test(v), '固定文本不能包含空白或控制字符'),
});

const DatePart = z.object({
  type: z.literal('date'),
  format: z.enum(FILL_DATE_FORMATS, { error: '日期格式只能是 YYYY、YYYYMM 或 YYYYMMDD' }),
});

const SeqPart = z.object({
  type: z.literal('seq'),
  length: z
    .number({ error: '流水号位数必须是数字' })
    .int('流水号位数必须是整数')
    .min(1, '流水号位数不能小于 1')
    .max(12, '流水号位数不能超过 12'),
  reset: z.enum(FILL_RESETS, { error: '重置周期只能是不重置、按日、按月或按年' }),
});

/** One part of a 填值规则: fixed text, the current date, or the sequence number. */
export const FillRulePart = z.discriminatedUnion('type', [TextPart, DatePart, SeqPart], {
  error: '规则部件类型只能是固定文本、日期或流水号',
});
export type FillRulePart = z.infer<typeof FillRulePart>;

/** Date formats that tell apart the periods of each reset: only those keep restarted numbers unique. */
const DATES_FOR_RESET: Record<FillReset, readonly FillDateFormat[]> = {
  never: FILL_DATE_FORMATS,
  daily: ['YYYYMMDD'],
  monthly: ['YYYYMM', 'YYYYMMDD'],
  yearly: FILL_DATE_FORMATS,
};

function resetShownInDate(parts: FillRulePart[]): boolean {
  const seq = parts.find((p) => p.type === 'seq');
  if (!seq || seq.reset === 'never') return true;
  return parts.some((p) => p.type === 'date' && DATES_FOR_RESET[seq.reset].includes(p.format));
}

/** What `sys_fill_rule.rule_json` holds: the parts in order, exactly one of them the sequence. */
export const FillRuleJson = z
  .array(FillRulePart, { error: '请配置规则部件' })
  .min(1, '请至少配置一个规则部件')
  .max(10, '规则部件不能超过 10 个')
  .refine((parts) => parts.filter((p) => p.type === 'seq').length === 1, '规则须包含且只能包含一个流水号部件')
  .refine(
    resetShownInDate,
    '流水号按周期重置时，须包含能区分该周期的日期部件（按日需 YYYYMMDD，按月需 YYYYMM 或更细），否则编码会重复',
  );
export type FillRuleJson = z.infer<typeof FillRuleJson>;

/**
 * Rule codes are at most 50 characters: the sequence key `fill:<code>:<period>` must fit the
 * 64 characters of sys_code_sequence.prefix.
 */
export const FillRuleCode = ruleCodeOf(50);

const FillRule = codedRuleSchemas({ ruleCode: FillRuleCode, ruleJson: FillRuleJson, description: optionalText(255) });

export const FillRuleCreateInput = FillRule.CreateInput;
export type FillRuleCreateInput = z.infer<typeof FillRuleCreateInput>;

export const FillRuleUpdateInput = FillRule.UpdateInput;
export type FillRuleUpdateInput = z.infer<typeof FillRuleUpdateInput>;

export const FillRuleIdQuery = FillRule.IdQuery;
export type FillRuleIdQuery = z.infer<typeof FillRuleIdQuery>;

export const FillRuleListQuery = FillRule.ListQuery;
export type FillRuleListQuery = z.infer<typeof FillRuleListQuery>;

export const FillRuleCodeParams = z.object({ ruleCode: FillRuleCode });
export type FillRuleCodeParams = z.infer<typeof FillRuleCodeParams>;

/** Preview of a rule being edited: what the next value would be, nothing consumed. */
export const FillRulePreviewInput = z.object({
  ruleJson: FillRuleJson,
  /** The stored rule's code, so the preview continues its sequence; absent for a new rule. */
  ruleCode: FillRuleCode.optional(),
});
export type FillRulePreviewInput = z.infer<typeof FillRulePreviewInput>;

export type FillRuleRecord = CodedRuleRecord<FillRuleJson>;

export const FillRuleMessages = {
  ...CodedRuleMessages,
  codeFixed: '规则编码创建后不能修改',
  unknown: '填值规则不存在',
  misconfigured: '填值规则配置不正确，请联系管理员',
} as const;
