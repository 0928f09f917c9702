import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, requiredText, trimmedText } from '../core/fields.js';

/**
 * A coded rule: a named rule that forms ask for by its code, with its parts stored as JSON
 * (填值规则 numbers records, 编码校验规则 checks codes). The kinds differ in their parts, in how long
 * a code may be and in the description's message; the rest of their contract is this.
 */

/** A rule code: a letter, then letters, digits or underscores, 2 to `max` characters in all. */
export const ruleCodeOf = (max: number) =>
  z
    .string({ error: '请输入规则编码' })
    .trim()
    .regex(
      new RegExp(`^[A-Za-z][A-Za-z0-9_]{1,${max - 1}}$`),
      `规则编码须以字母开头，只含字母、数字和下划线，2 到 ${max} 个字符`,
    );

/** The add, edit, id and list schemas of one kind of coded rule, from what is its own. */
export function codedRuleSchemas<
  Code extends z.ZodType<string>,
  Json extends z.ZodType,
  Description extends z.ZodType,
>(own: { ruleCode: Code; ruleJson: Json; description: Description }) {
  const fields = {
    ruleName: requiredText('规则名称', 100, { missing: true }),
    ruleCode: own.ruleCode,
    ruleJson: own.ruleJson,
    description: own.description,
  };
  return {
    CreateInput: z.object(fields),
    UpdateInput: z.object({ id: idOf(), ...fields }),
    IdQuery: z.object({ id: idOf() }),
    ListQuery: PageQuery.extend({ ruleName: trimmedText(100), ruleCode: trimmedText(64) }),
  };
}

/** A coded rule as the administration list shows it. */
export type CodedRuleRecord<Json> = {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: Json;
  description: string | null;
  createTime: string;
};

export const CodedRuleMessages = { codeTaken: '规则编码已存在' } as const;
