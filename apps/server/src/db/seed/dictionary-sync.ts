import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { dictItems, dicts } from '../schema/index.js';
import { DICTIONARIES } from './dictionaries.js';

/** Dictionaries this release ships that the database lacks, with their items; existing ones are left alone. */
export async function addMissingDictionaries(db: Executor) {
  const existing = new Set((await db.select({ code: dicts.dictCode }).from(dicts)).map((d) => d.code));
  for (const [dictCode, dictName, items] of DICTIONARIES) {
    if (existing.has(dictCode)) continue;
    const [dict] = await db
      .insert(dicts)
      .values({ dictCode, dictName, description: dictName })
      .returning({ id: dicts.id });
    if (!items.length) continue;
    await db.insert(dictItems).values(
      items.map(([itemValue, itemText, itemColor], i) => ({
        dictId: dict.id,
        itemValue,
        itemText,
        itemColor: itemColor ?? null,
        sortOrder: i + 1,
      })),
    );
  }
}

/**
 * Brings the items of the named dictionaries to this release's seed, for a reference step: the
 * dictionary is added if missing, items the database lacks (by value) are added, and items it holds
 * keep an administrator's text unless `relabel` (a dictionary an earlier release seeded wrongly),
 * which also takes the seed's text and colour and removes values the seed no longer has.
 */
export async function syncDictionaryItems(db: Executor, codes: readonly string[], opts: { relabel?: boolean } = {}) {
  for (const [dictCode, dictName, items] of DICTIONARIES.filter(([code]) => codes.includes(code))) {
    let [dict] = await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, dictCode));
    dict ??= (
      await db.insert(dicts).values({ dictCode, dictName, description: dictName }).returning({ id: dicts.id })
    )[0];
    const held = new Map(
      (await db.select().from(dictItems).where(eq(dictItems.dictId, dict.id))).map((i) => [i.itemValue, i]),
    );
    for (const [i, [itemValue, itemText, itemColor]] of items.entries()) {
      const item = held.get(itemValue);
      if (!item) {
        await db
          .insert(dictItems)
          .values({ dictId: dict.id, itemValue, itemText, itemColor: itemColor ?? null, sortOrder: i + 1 });
      } else if (opts.relabel) {
        await db
          .update(dictItems)
          .set({ itemText, itemColor: itemColor ?? null, sortOrder: i + 1 })
          .where(eq(dictItems.id, item.id));
      }
    }
    if (!opts.relabel) continue;
    const stale = [...held.keys()].filter((value) => !items.some(([v]) => v === value));
    if (stale.length) {
      await db.delete(dictItems).where(and(eq(dictItems.dictId, dict.id), inArray(dictItems.itemValue, stale)));
    }
  }
}
