import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { dictItems, dicts } from '../../../db/schema/index.js';

export type DictItemRow = {
  dictCode: string;
  value: string | null;
  text: string | null;
  color: string | null;
};

/**
 * Every dictionary with its enabled items in display order; a dictionary without enabled items
 * still yields one row (with null item fields) so that its code is known.
 */
export function selectAllDictItems(db: Executor): Promise<DictItemRow[]> {
  return db
    .select({
      dictCode: dicts.dictCode,
      value: dictItems.itemValue,
      text: dictItems.itemText,
      color: dictItems.itemColor,
    })
    .from(dicts)
    .leftJoin(dictItems, sql`${dictItems.dictId} = ${dicts.id} and ${dictItems.status} = 1`)
    .orderBy(asc(dicts.dictCode), asc(dictItems.sortOrder), asc(dictItems.itemValue));
}

export async function dictCodeExists(db: Executor, code: string): Promise<boolean> {
  const [row] = await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, code)).limit(1);
  return Boolean(row);
}

export async function findDict(db: Executor, id: string) {
  const [row] = await db.select().from(dicts).where(eq(dicts.id, id)).limit(1);
  return row ?? null;
}

export async function findDictItem(db: Executor, id: string) {
  const [row] = await db.select().from(dictItems).where(eq(dictItems.id, id)).limit(1);
  return row ?? null;
}

/** Whether another item of the dictionary already has the value. */
export async function itemValueTaken(db: Executor, dictId: string, itemValue: string, exceptId?: string) {
  const [row] = await db
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(
      and(
        eq(dictItems.dictId, dictId),
        eq(dictItems.itemValue, itemValue),
        exceptId ? ne(dictItems.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
