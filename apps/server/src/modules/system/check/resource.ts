import {
  type CheckRuleCreateInput,
  CheckRuleJson,
  type CheckRuleListQuery,
  CheckRuleMessages,
  type CheckRuleRecord,
  type CheckRuleUpdateInput,
} from '@odp/contracts';
import { checkRules } from '../../../db/schema/index.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { codedRuleResource } from '../coded-rule/resource.js';

export const checkRuleKind = { label: '编码校验规则', table: checkRules, json: CheckRuleJson };

/** 编码校验规则 as a plain list; values are checked against them by `checkByRule`. */
export const checkRuleResource: ResourceSpec<
  typeof checkRules.$inferSelect,
  CheckRuleRecord,
  CheckRuleCreateInput,
  CheckRuleUpdateInput,
  CheckRuleListQuery
> = {
  ...codedRuleResource<CheckRuleJson, CheckRuleCreateInput, CheckRuleUpdateInput>({
    ...checkRuleKind,
    codeTaken: CheckRuleMessages.codeTaken,
  }),
  toUpdate: ({ ruleName, ruleCode, ruleJson, description }) => ({ ruleName, ruleCode, ruleJson, description }),
};
