import type { DictOption } from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { getDictItems } from '../../system/dict/service.js';

/** Items of several dictionaries by code; an unknown dictionary has none. */
export async function dictItemsOf(db: Db, codes: string[]): Promise<Record<string, DictOption[]>> {
  const entries = await Promise.all(
    codes.map(async (code) => [code, await getDictItems(db, code).catch(() => [] as DictOption[])] as const),
  );
  return Object.fromEntries(entries);
}
