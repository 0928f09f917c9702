import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { departs } from '../../db/schema/index.js';
import { getDictItems } from '../system/dict/service.js';

/** code → label of one dictionary, from the dictionary cache. */
export async function dictLabels(db: Db, code: string): Promise<Record<string, string>> {
  try {
    return Object.fromEntries((await getDictItems(db, code)).map((i) => [i.value, i.text]));
  } catch {
    return {};
  }
}

export async function departNameOf(db: Executor, orgCode: string | null): Promise<string | null> {
  if (!orgCode) return null;
  const [row] = await db
    .select({ name: departs.departName })
    .from(departs)
    .where(eq(departs.orgCode, orgCode))
    .limit(1);
  return row?.name ?? null;
}
