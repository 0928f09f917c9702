import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { departs } from '../../db/schema/index.js';
import type { KeyAreaLabels } from '../../platform/search/vector.js';
import { getDictItems } from '../system/dict/service.js';

/** code → label of one dictionary, from the dictionary cache. */
export async function dictLabels(db: Db, code: string): Promise<Record<string, string>> {
  try {
    return Object.fromEntries((await getDictItems(db, code)).map((i) => [i.value, i.text]));
  } catch {
    return {};
  }
}

/** Key-area names for the search vector; read before a transaction opens (the cache takes the database). */
export const keyAreaLabels = (db: Db): Promise<KeyAreaLabels> => dictLabels(db, 'key_areas_type');

export async function departNameOf(db: Executor, orgCode: string | null): Promise<string | null> {
  if (!orgCode) return null;
  const [row] = await db
    .select({ name: departs.departName })
    .from(departs)
    .where(eq(departs.orgCode, orgCode))
    .limit(1);
  return row?.name ?? null;
}
