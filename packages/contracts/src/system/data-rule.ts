import { z } from 'zod';
import { idOf, letterCode, requiredText, trimmedText } from '../core/fields.js';

/**
 * 数据规则 of a menu: `ruleColumn ruleConditions ruleValue`, e.g. `orgCode = #{sys_org_code}`.
 * Conditions are a closed list (no raw SQL); the server maps each to a bound-parameter predicate.
 */
export const DATA_RULE_CONDITIONS = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'LIKE',
  'LEFT_LIKE',
  'RIGHT_LIKE',
  'IN',
  'NOT_IN',
] as const;
export type DataRuleCondition = (typeof DATA_RULE_CONDITIONS)[number];

export const DATA_RULE_CONDITION_LABEL: Record<DataRuleCondition, string> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  LIKE: '包含',
  LEFT_LIKE: '以…结尾',
  RIGHT_LIKE: '以…开头',
  IN: '在…中',
  NOT_IN: '不在…中',
};

/** Conditions whose value is a comma-separated list. */
export const LIST_CONDITIONS: readonly DataRuleCondition[] = ['IN', 'NOT_IN'];

/** System variables a value may contain; the server resolves them from the caller on every request. */
export const DATA_RULE_VARIABLES = [
  { name: 'sys_user_code', label: '当前用户账号' },
  { name: 'sys_user_id', label: '当前用户ID' },
  { name: 'sys_org_code', label: '当前部门编码' },
  { name: 'sys_date', label: '当前日期' },
  { name: 'sys_time', label: '当前时间' },
] as const;
export type DataRuleVariable = (typeof DATA_RULE_VARIABLES)[number]['name'];

/** `#{name}`: how a variable is written inside a rule value. */
export const variableToken = (name: string) => `#{${name}}`;
export const VARIABLE_PATTERN = /#\{([A-Za-z0-9_]*)\}/g;

/** Names of the `#{…}` variables a value uses, in order of appearance. */
export function variablesIn(value: string): string[] {
  return [...value.matchAll(VARIABLE_PATTERN)].map((m) => m[1]);
}

/** '1' on, '0' off (the table's own convention, unlike menus). */
export const DATA_RULE_STATUS = { enabled: '1', disabled: '0' } as const;

const DataRuleFields = {
  permissionId: idOf('菜单'),
  ruleName: requiredText('规则名称', 100),
  ruleColumn: letterCode('规则字段', 64),
  ruleConditions: z.enum(DATA_RULE_CONDITIONS, { error: '请选择条件（等于、不等于、大于、包含等）' }),
  ruleValue: requiredText('规则值', 300),
  status: z.enum(['0', '1'], { error: '状态只能是启用或停用' }).default('1'),
};

export const DataRuleCreateInput = z.object(DataRuleFields);
export type DataRuleCreateInput = z.infer<typeof DataRuleCreateInput>;

/** The menu a rule belongs to does not change on edit. */
export const DataRuleUpdateInput = z.object({ id: idOf('规则'), ...DataRuleFields }).omit({ permissionId: true });
export type DataRuleUpdateInput = z.infer<typeof DataRuleUpdateInput>;

export const DataRuleListQuery = z.object({
  permissionId: idOf('菜单'),
  ruleName: trimmedText(100),
  ruleColumn: trimmedText(64),
  _t: z.unknown().optional(),
});
export type DataRuleListQuery = z.infer<typeof DataRuleListQuery>;

export type DataRuleItem = {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: DataRuleCondition;
  ruleValue: string;
  status: '0' | '1';
  createTime: string;
  updateTime: string;
};

/** The fields a menu's list accepts in rules; `known` false means the menu serves no rule-aware list yet. */
export type DataRuleColumnsResult = {
  known: boolean;
  columns: { name: string; label: string }[];
};

export const RoleDataRuleParams = z.object({ permissionId: idOf('菜单'), roleId: idOf('角色') });
export type RoleDataRuleParams = z.infer<typeof RoleDataRuleParams>;

export type RoleDataRuleResult = { rules: DataRuleItem[]; selectedIds: string[] };

/** Replaces the role's selection among the rules of one menu. */
export const SaveRoleDataRuleInput = z.object({
  permissionId: idOf('菜单'),
  roleId: idOf('角色'),
  dataRuleIds: z.array(idOf('规则')).max(200, '一次最多选择 200 条规则'),
});
export type SaveRoleDataRuleInput = z.infer<typeof SaveRoleDataRuleInput>;
