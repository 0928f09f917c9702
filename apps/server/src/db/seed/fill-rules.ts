import type { FillRuleJson } from '@odp/contracts';
import type { Executor } from '../client.js';
import { fillRules } from '../schema/index.js';

/**
 * The numbering rules the platform's own forms use (数据申请、工单、纠错). 信息资源代码 is not
 * among them: it is built from the entry's 类/项/目 (modules/catalogue/code.ts), not from fixed parts.
 */
export const FILL_RULES: { ruleCode: string; ruleName: string; description: string; ruleJson: FillRuleJson }[] = [
  {
    ruleCode: 'data_apply_no',
    ruleName: '数据申请编号',
    description: 'SQ + 年月日 + 4 位流水号，每日从 0001 开始，如 SQ202611210001',
    ruleJson: [
      { type: 'text', value: 'SQ' },
      { type: 'date', format: 'YYYYMMDD' },
      { type: 'seq', length: 4, reset: 'daily' },
    ],
  },
  {
    ruleCode: 'work_order_no',
    ruleName: '工单编号',
    description: 'GD- + 年月 + - + 5 位流水号，每月从 00001 开始，如 GD-202611-00001',
    ruleJson: [
      { type: 'text', value: 'GD-' },
      { type: 'date', format: 'YYYYMM' },
      { type: 'text', value: '-' },
      { type: 'seq', length: 5, reset: 'monthly' },
    ],
  },
  {
    ruleCode: 'correction_no',
    ruleName: '纠错编号',
    description: 'JC + 年 + 5 位流水号，每年从 00001 开始，如 JC202600001',
    ruleJson: [
      { type: 'text', value: 'JC' },
      { type: 'date', format: 'YYYY' },
      { type: 'seq', length: 5, reset: 'yearly' },
    ],
  },
];

/** Reference data: a rule an administrator edited is left as it is. */
export async function seedFillRules(db: Executor) {
  await db.insert(fillRules).values(FILL_RULES).onConflictDoNothing();
}
