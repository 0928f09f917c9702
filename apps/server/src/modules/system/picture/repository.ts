import type { PictureRecord } from '@odp/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { pictures } from '../../../db/schema/index.js';

export type PictureRow = typeof pictures.$inferSelect;

/** All pictures in slideshow order; ties (never written by this module) fall back to age. */
export function listPictureRows(db: Executor): Promise<PictureRow[]> {
  return db.select().from(pictures).orderBy(asc(pictures.sortNo), asc(pictures.createdAt));
}

export async function findPicture(db: Executor, id: string): Promise<PictureRow | null> {
  const [row] = await db.select().from(pictures).where(eq(pictures.id, id)).limit(1);
  return row ?? null;
}

/** The sort number after the last picture, so a new upload goes to the end. */
export async function nextSortNo(db: Executor): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${pictures.sortNo})` }).from(pictures);
  return (row?.max ?? 0) + 1;
}

export async function insertPicture(db: Executor, values: typeof pictures.$inferInsert): Promise<PictureRow> {
  const [row] = await db.insert(pictures).values(values).returning();
  return row;
}

export async function deletePictureRow(db: Executor, id: string): Promise<void> {
  await db.delete(pictures).where(eq(pictures.id, id));
}

/** The ids of all pictures, locked until the transaction ends so that concurrent reorders and deletes take turns. */
export async function lockPictureIds(db: Executor): Promise<string[]> {
  return (await db.select({ id: pictures.id }).from(pictures).for('update')).map((r) => r.id);
}

export async function setSortNo(db: Executor, id: string, sortNo: number): Promise<void> {
  await db.update(pictures).set({ sortNo }).where(eq(pictures.id, id));
}

export function presentPicture(row: PictureRow, apiBase: string): PictureRecord {
  return {
    id: row.id,
    title: row.title,
    linkUrl: row.linkUrl,
    url: `${apiBase}/sys/common/picture/file/${row.id}`,
    mimeType: row.mimeType,
    size: row.size,
    sortNo: row.sortNo,
    createTime: row.createdAt.toISOString(),
  };
}
