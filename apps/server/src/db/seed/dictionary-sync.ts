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
