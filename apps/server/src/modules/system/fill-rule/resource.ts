import {
  type FillRuleCreateInput,
  FillRuleJson,
  type FillRuleListQuery,
  FillRuleMessages,
  type FillRuleRecord,
  type FillRuleUpdateInput,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { fillRules } from '../../../db/schema/index.js';
import { badRequest } from '../../../platform/http/errors.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { codedRuleResource } from '../coded-rule/resource.js';

export const fillRuleKind = { label: '填值规则', table: fillRules, json: FillRuleJson };

/**
 * 填值规则 as a plain list. Deleting a rule keeps its sys_code_sequence rows on purpose: a rule
 * created again under the same code continues its numbers instead of repeating them.
 */
export const fillRuleResource: ResourceSpec<
  typeof fillRules.$inferSelect,
  FillRuleRecord,
  FillRuleCreateInput,
  FillRuleUpdateInput,
  FillRuleListQuery
> = {
  ...codedRuleResource<FillRuleJson, FillRuleCreateInput, FillRuleUpdateInput>({
    ...fillRuleKind,
    codeTaken: FillRuleMessages.codeTaken,
  }),
  // The code names the rule's counters: renaming it would restart the numbering, so it stays.
  toUpdate: ({ ruleName, ruleJson, description }) => ({ ruleName, ruleJson, description, updatedAt: new Date() }),
  async afterWrite(tx, id, input) {
    const [row] = await tx.select({ ruleCode: fillRules.ruleCode }).from(fillRules).where(eq(fillRules.id, id));
    if (row.ruleCode !== input.ruleCode) throw badRequest(FillRuleMessages.codeFixed, { field: 'ruleCode' });
  },
};
