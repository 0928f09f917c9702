import type { CodedRuleRecord, PageQuery } from '@odp/contracts';
import { desc, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.js';
import type { checkRules, fillRules } from '../../../db/schema/index.js';
import { badRequest } from '../../../platform/http/errors.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';

/** The tables of coded rules: sys_fill_rule and sys_check_rule share these columns. */
export type CodedRuleTable = typeof fillRules | typeof checkRules;
type Row = CodedRuleTable['$inferSelect'];

type Input<Json> = { ruleName: string; ruleCode: string; ruleJson: Json; description: string | null };
type Query = PageQuery & { ruleName?: string; ruleCode?: string };

/**
 * A coded rule as a plain list, all but what a kind writes on update: searched by name and code,
 * its code unique, a stored rule whose JSON no longer parses listed with no parts rather than
 * failing the whole list (using such a rule is refused where it is used).
 */
export function codedRuleResource<
  Json extends unknown[],
  Create extends Input<Json>,
  Update extends Create & { id: string },
>(kind: { label: string; table: CodedRuleTable; json: z.ZodType<Json>; codeTaken: string }) {
  const { table } = kind;
  const partsOf = (json: unknown): Json => {
    const parsed = kind.json.safeParse(json);
    return parsed.success ? parsed.data : ([] as unknown[] as Json);
  };
  return {
    label: kind.label,
    table,
    id: table.id,
    filters: (q) => [
      q.ruleName ? ilike(table.ruleName, containing(q.ruleName)) : undefined,
      q.ruleCode ? ilike(table.ruleCode, containing(q.ruleCode)) : undefined,
    ],
    sortable: { ruleName: table.ruleName, ruleCode: table.ruleCode, createTime: table.createdAt },
    defaultOrder: desc(table.createdAt),
    unique: [{ column: table.ruleCode, field: 'ruleCode', value: (i) => i.ruleCode, message: kind.codeTaken }],
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
    describe: (r) => `${r.ruleName}（${r.ruleCode}）`,
  } satisfies Omit<ResourceSpec<Row, CodedRuleRecord<Json>, Create, Update, Query>, 'toUpdate'>;
}

/** The stored parts of the rule with this code: refused when there is none, or when they no longer parse. */
export async function storedRuleJson<Json>(
  db: Executor,
  kind: { table: CodedRuleTable; json: z.ZodType<Json> },
  ruleCode: string,
  refusals: { unknown: string; misconfigured: string },
): Promise<Json> {
  const [row] = await db
    .select({ ruleJson: kind.table.ruleJson })
    .from(kind.table)
    .where(eq(kind.table.ruleCode, ruleCode))
    .limit(1);
  if (!row) throw badRequest(refusals.unknown);
  const parsed = kind.json.safeParse(row.ruleJson);
  if (!parsed.success) throw badRequest(refusals.misconfigured);
  return parsed.data;
}
