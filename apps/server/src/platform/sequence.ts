import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { codeSequences } from '../db/schema/index.js';

/**
 * Takes the next number of a prefix (catalogue codes, fill rules). The upsert locks the prefix's
 * row until the caller's transaction ends, so concurrent callers never get the same number.
 */
export async function nextSequence(db: Executor, prefix: string): Promise<number> {
  const [row] = await db
    .insert(codeSequences)
    .values({ prefix, value: 1 })
    .onConflictDoUpdate({ target: codeSequences.prefix, set: { value: sql`${codeSequences.value} + 1` } })
    .returning({ value: codeSequences.value });
  return row.value;
}

/** The number the next `nextSequence` of a prefix would return, without taking it. */
export async function peekSequence(db: Executor, prefix: string): Promise<number> {
  const [row] = await db
    .select({ value: codeSequences.value })
    .from(codeSequences)
    .where(sql`${codeSequences.prefix} = ${prefix}`)
    .limit(1);
  return (row?.value ?? 0) + 1;
}
