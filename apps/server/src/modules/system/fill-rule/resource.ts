import {
  type FillRuleCreateInput,
  FillRuleJson,
  type FillRuleListQuery,
  FillRuleMessages,
  type FillRuleRecord,
  type FillRuleUpdateInput,
} from '@odp/contracts';
import { desc, eq, ilike } from 'drizzle-orm';
import { fillRules } from '../../../db/schema/index.js';
import { badRequest } from '../../../platform/http/errors.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';

type FillRuleRow = typeof fillRules.$inferSelect;

/** A stored rule that no longer parses is shown with no parts rather than failing the whole list. */
const partsOf = (json: unknown): FillRuleJson => {
  const parsed = FillRuleJson.safeParse(json);
  return parsed.success ? parsed.data : [];
};

/**
 * 填值规则 as a plain list. Deleting a rule keeps its sys_code_sequence rows on purpose: a rule
 * created again under the same code continues its numbers instead of repeating them.
 */
export const fillRuleResource: ResourceSpec<
  FillRuleRow,
  FillRuleRecord,
  FillRuleCreateInput,
  FillRuleUpdateInput,
  FillRuleListQuery
> = {
  label: '填值规则',
  table: fillRules,
  id: fillRules.id,
  filters: (q) => [
    q.ruleName ? ilike(fillRules.ruleName, containing(q.ruleName)) : undefined,
    q.ruleCode ? ilike(fillRules.ruleCode, containing(q.ruleCode)) : undefined,
  ],
  sortable: { ruleName: fillRules.ruleName, ruleCode: fillRules.ruleCode, createTime: fillRules.createdAt },
  defaultOrder: desc(fillRules.createdAt),
  unique: [
    { column: fillRules.ruleCode, field: 'ruleCode', value: (i) => i.ruleCode, message: FillRuleMessages.codeTaken },
  ],
  present: async (_db, rows) =>
    rows.map((r) => ({
      id: r.id,
      ruleName: r.ruleName,
      ruleCode: r.ruleCode,
      ruleJson: partsOf(r.ruleJson),
      description: r.description,
      createTime: r.createdAt.toISOString(),
    })),
  toInsert: ({ ruleName, ruleCode, ruleJson, description }) => ({ ruleName, ruleCode, ruleJson, description }),
  // The code names the rule's counters: renaming it would restart the numbering, so it stays.
  toUpdate: ({ ruleName, ruleJson, description }) => ({ ruleName, ruleJson, description, updatedAt: new Date() }),
  async afterWrite(tx, id, input) {
    const [row] = await tx.select({ ruleCode: fillRules.ruleCode }).from(fillRules).where(eq(fillRules.id, id));
    if (row.ruleCode !== input.ruleCode) throw badRequest(FillRuleMessages.codeFixed, { field: 'ruleCode' });
  },
  describe: (r) => `${r.ruleName}（${r.ruleCode}）`,
};
