import {
  DATA_RULE_CONDITION_LABEL,
  DATA_RULE_CONDITIONS,
  DATA_RULE_VARIABLES,
  type DataRuleCondition,
  LIST_CONDITIONS,
  VARIABLE_PATTERN,
  variableToken,
} from '@odp/contracts';

/** The condition select: the Chinese label first, the operator after it for those who know it. */
export const conditionOptions = DATA_RULE_CONDITIONS.map((value) => ({
  value,
  label: `${DATA_RULE_CONDITION_LABEL[value]}（${value}）`,
}));

export const conditionLabel = (condition: string) =>
  DATA_RULE_CONDITION_LABEL[condition as DataRuleCondition] ?? condition;

/** The system variables a value may use, as the hint under 规则值 lists them. */
export const variableHints = DATA_RULE_VARIABLES.map((v) => ({ token: variableToken(v.name), label: v.label }));

const variableLabel = new Map<string, string>(DATA_RULE_VARIABLES.map((v) => [v.name, v.label]));

/** A value as people read it: variables become their Chinese names in 「」, unknown ones stay as written. */
export function readableValue(value: string): string {
  return value.replace(VARIABLE_PATTERN, (token, name: string) => {
    const label = variableLabel.get(name);
    return label ? `「${label}」` : token;
  });
}

/** One line that says what a rule does, e.g. `当前部门编码 等于 「当前部门编码」`. */
export function ruleSummary(
  rule: { ruleColumn: string; ruleConditions: string; ruleValue: string },
  columnLabels: ReadonlyMap<string, string> = new Map(),
): string {
  const column = columnLabels.get(rule.ruleColumn) ?? rule.ruleColumn;
  return `${column} ${conditionLabel(rule.ruleConditions)} ${readableValue(rule.ruleValue)}`;
}

/** What to type for the chosen condition. */
export function valuePlaceholder(condition: string | undefined): string {
  if (condition && LIST_CONDITIONS.includes(condition as DataRuleCondition))
    return '多个值以逗号分隔，如 1,2；也可用系统变量';
  return '填写固定值，或使用系统变量，如 #{sys_org_code}';
}
