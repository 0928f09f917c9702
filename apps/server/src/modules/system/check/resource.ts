import {
  type CheckRuleCreateInput,
  CheckRuleJson,
  type CheckRuleListQuery,
  CheckRuleMessages,
  type CheckRuleRecord,
  type CheckRuleUpdateInput,
} from '@odp/contracts';
import { desc, ilike } from 'drizzle-orm';
import { checkRules } from '../../../db/schema/index.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';

type CheckRuleRow = typeof checkRules.$inferSelect;

/** A stored rule that no longer parses is listed with no segments (checkByCode refuses it) rather than failing the list. */
const segmentsOf = (json: unknown): CheckRuleJson => {
  const parsed = CheckRuleJson.safeParse(json);
  return parsed.success ? parsed.data : [];
};

/** 编码校验规则 as a plain list; values are checked against them by `checkByRule`. */
export const checkRuleResource: ResourceSpec<
  CheckRuleRow,
  CheckRuleRecord,
  CheckRuleCreateInput,
  CheckRuleUpdateInput,
  CheckRuleListQuery
> = {
  label: '编码校验规则',
  table: checkRules,
  id: checkRules.id,
  filters: (q) => [
    q.ruleName ? ilike(checkRules.ruleName, containing(q.ruleName)) : undefined,
    q.ruleCode ? ilike(checkRules.ruleCode, containing(q.ruleCode)) : undefined,
  ],
  sortable: { ruleName: checkRules.ruleName, ruleCode: checkRules.ruleCode, createTime: checkRules.createdAt },
  defaultOrder: desc(checkRules.createdAt),
  unique: [
    { column: checkRules.ruleCode, field: 'ruleCode', value: (i) => i.ruleCode, message: CheckRuleMessages.codeTaken },
  ],
  present: async (_db, rows) =>
    rows.map((r) => ({
      id: r.id,
      ruleName: r.ruleName,
      ruleCode: r.ruleCode,
      ruleJson: segmentsOf(r.ruleJson),
      description: r.description,
      createTime: r.createdAt.toISOString(),
    })),
  toInsert: ({ ruleName, ruleCode, ruleJson, description }) => ({ ruleName, ruleCode, ruleJson, description }),
  toUpdate: ({ ruleName, ruleCode, ruleJson, description }) => ({ ruleName, ruleCode, ruleJson, description }),
  describe: (r) => `${r.ruleName}（${r.ruleCode}）`,
};
