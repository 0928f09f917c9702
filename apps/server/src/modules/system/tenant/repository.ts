import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { tenants, users } from '../../../db/schema/index.js';

export type TenantRow = typeof tenants.$inferSelect;

export async function findTenant(db: Executor, id: number): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}

export async function findTenantByName(db: Executor, name: string) {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name)).limit(1);
  return row ?? null;
}

/** The next tenant id: ids are small integers the client sends as the `tenant_id` header. */
export async function nextTenantId(db: Executor): Promise<number> {
  const [row] = await db.select({ top: max(tenants.id) }).from(tenants);
  return (row.top ?? -1) + 1;
}

export async function insertTenant(db: Executor, values: typeof tenants.$inferInsert) {
  const [row] = await db.insert(tenants).values(values).returning();
  return row;
}

export async function updateTenant(db: Executor, id: number, values: Partial<typeof tenants.$inferInsert>) {
  const [row] = await db.update(tenants).set(values).where(eq(tenants.id, id)).returning();
  return row;
}

/** Live users per tenant, read from their comma-separated relTenantIds. */
export async function userCountsOf(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tenants.id, n: sql<number>`count(${users.id})::int` })
    .from(tenants)
    .innerJoin(users, sql`(',' || replace(${users.relTenantIds}, ' ', '') || ',') like ('%,' || ${tenants.id} || ',%')`)
    .where(and(inArray(tenants.id, ids), isNull(users.deletedAt)))
    .groupBy(tenants.id);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
