import type { Rule, RuleObject } from 'antd/es/form';

/**
 * What the helpers need of a zod schema. Typed structurally so the web does not depend on zod
 * itself: the schemas come from `@odp/contracts`, which owns that dependency.
 */
export type ParseableSchema = {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
};

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Turns one field of a contract schema into an antd form rule, so the form shows exactly the
 * Chinese message the server would answer with (e.g. `zodRule(UserCreateInput.shape.phone)`).
 *
 * A field is required when the schema refuses both a missing value and an empty string; the
 * rule then carries `required` (antd draws the asterisk) and an empty field gets `options.required`
 * or else the contract's message for the empty string. The empty string is asked on purpose: zod
 * names a missing value in English ("expected string, received undefined"), while contracts write
 * their Chinese messages for what a cleared input holds (e.g. `min(1, '请输入用户姓名')`).
 */
export function zodRule(schema: ParseableSchema, options: { required?: string } = {}): RuleObject {
  const emptyResult = schema.safeParse('');
  const required = !schema.safeParse(undefined).success && !emptyResult.success;
  const requiredMessage = options.required ?? emptyResult.error?.issues[0]?.message ?? '此项为必填项';
  return {
    required,
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) {
        if (required) throw new Error(requiredMessage);
        return;
      }
      check(schema, value);
    },
  };
}

function check(schema: ParseableSchema, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return;
  throw new Error(result.error?.issues[0]?.message ?? '格式不正确');
}

/** The field must equal another field of the same form (confirm password); re-checked when that field changes. */
export function sameAsRule(otherField: string, message: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value) || value === getFieldValue(otherField)) return;
      throw new Error(message);
    },
  });
}

/**
 * An asynchronous check against the server (e.g. that an account name is still free), run when
 * the field loses focus rather than on every key stroke. `check` resolves when the value is
 * acceptable and rejects with the message to show otherwise.
 */
export function remoteRule(check: (value: string) => Promise<void>): RuleObject {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      try {
        await check(value.trim());
      } catch (error) {
        // A fresh Error: antd writes `field` onto what it catches, and the request client's ApiError
        // has a read-only `field`, which would turn the message into a TypeError.
        throw new Error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/**
 * A check the contract cannot express field by field, such as a list editor's whole value:
 * `problemOf` names the first problem in words, or returns null when the value is acceptable.
 */
export function problemRule(problemOf: (value: unknown) => string | null): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = problemOf(value);
      if (problem) throw new Error(problem);
    },
  };
}
