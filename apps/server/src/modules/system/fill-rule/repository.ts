import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { fillRules } from '../../../db/schema/index.js';

/** The stored parts of a rule as written (not yet checked against the schema), or null. */
export async function findRuleJson(db: Executor, ruleCode: string): Promise<unknown | null> {
  const [row] = await db
    .select({ ruleJson: fillRules.ruleJson })
    .from(fillRules)
    .where(eq(fillRules.ruleCode, ruleCode))
    .limit(1);
  return row ? row.ruleJson : null;
}
