import { Constants } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

export type LockState = { failures: number; lockedMinutes: number | null };

export async function lockState(db: Executor, username: string): Promise<LockState> {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.username, username));
  if (!row) return { failures: 0, lockedMinutes: null };
  const left = row.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0;
  return { failures: row.failures, lockedMinutes: left > 0 ? Math.ceil(left / 60_000) : null };
}

/** Counts a failure atomically; the fifth in a row locks the account for ten minutes. */
export async function recordFailure(db: Executor, username: string): Promise<number> {
  const lockUntil = new Date(Date.now() + Constants.lockMinutes * 60_000);
  const [row] = await db
    .insert(loginFailures)
    .values({ username, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.username,
      set: {
        // After a lock has run out the count starts again.
        failures: sql`case when ${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} < now() then 1 else ${loginFailures.failures} + 1 end`,
        lockedUntil: sql`case when ${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} < now() then null else ${loginFailures.lockedUntil} end`,
        lastFailureAt: new Date(),
      },
    })
    .returning({ failures: loginFailures.failures });
  if (row.failures >= Constants.lockAfterFailures) {
    await db.update(loginFailures).set({ lockedUntil: lockUntil }).where(eq(loginFailures.username, username));
  }
  return row.failures;
}

export async function clearFailures(db: Executor, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.username, username));
}
