import { and, asc, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contentFiles, contentItems } from '../../db/schema/index.js';

export type ContentRow = typeof contentItems.$inferSelect;
export type ContentInsert = typeof contentItems.$inferInsert;
export type ContentFileRow = typeof contentFiles.$inferSelect;

const c = contentItems;
export const liveItem = isNull(c.deletedAt);

/** The item locked for update (the kernel's `load`), deleted ones never. */
export async function lockItem(db: Executor, id: string): Promise<ContentRow | null> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.id, id), liveItem))
    .for('update');
  return row ?? null;
}

export async function findItem(db: Executor, id: string, where?: SQL): Promise<ContentRow | null> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.id, id), liveItem, where));
  return row ?? null;
}

export async function insertItem(db: Executor, values: ContentInsert): Promise<ContentRow> {
  const [row] = await db.insert(c).values(values).returning();
  return row;
}

export async function updateItem(db: Executor, id: string, set: Partial<ContentInsert>): Promise<void> {
  await db.update(c).set(set).where(eq(c.id, id));
}

/** Items whose 预约发布 time has come, oldest first. */
export async function dueItems(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.status, '2'), liveItem, lte(c.appointTime, now)))
    .orderBy(asc(c.appointTime))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** One more view of a published item; answers the new count, or null when it is not public. */
export async function countView(db: Executor, id: string, where: SQL): Promise<number | null> {
  const [row] = await db
    .update(c)
    .set({ viewNum: sql`${c.viewNum} + 1` })
    .where(and(eq(c.id, id), liveItem, where))
    .returning({ viewNum: c.viewNum });
  return row?.viewNum ?? null;
}

export async function pageItems(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(c)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(c).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** Public order: pinned first, then the newest release. */
export const PUBLIC_ORDER = [desc(c.isTop), desc(c.releaseTime), desc(c.id)];
/** FAQ order: the sort number, then the newest. */
export const FAQ_ORDER = [asc(c.sortNo), desc(c.releaseTime), asc(c.id)];

export async function insertFile(db: Executor, values: typeof contentFiles.$inferInsert): Promise<ContentFileRow> {
  const [row] = await db.insert(contentFiles).values(values).returning();
  return row;
}

export async function findFile(db: Executor, id: string): Promise<ContentFileRow | null> {
  const [row] = await db.select().from(contentFiles).where(eq(contentFiles.id, id));
  return row ?? null;
}

export async function filesByIds(db: Executor, ids: readonly string[]): Promise<Map<string, ContentFileRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(contentFiles)
    .where(inArray(contentFiles.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Ties the files an item names to it (files of another item stay theirs). */
export async function bindFiles(db: Executor, itemId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(contentFiles)
    .set({ itemId })
    .where(and(inArray(contentFiles.id, [...new Set(ids)]), isNull(contentFiles.itemId)));
}

export async function titlesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: c.id, title: c.title }).from(c).where(inArray(c.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}
