import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogueItems, catalogues, departs, dictItems, dicts } from '../../db/schema/index.js';
import { toTsvectorLiteral } from './bigram.js';

/** Key-area names for the index, so that 交通运输 finds entries of that area. */
export type KeyAreaLabels = Record<string, string>;

/** The indexed text of an entry, by weight: name A, department and key area B, summary C, data items D. */
export function entryVectorLiteral(e: {
  name: string;
  depart: string | null;
  keyArea: string;
  summary: string;
  itemNames: readonly string[];
}): string {
  return toTsvectorLiteral([
    { text: e.name, weight: 'A' },
    { text: e.depart, weight: 'B' },
    { text: e.keyArea, weight: 'B' },
    { text: e.summary, weight: 'C' },
    { text: e.itemNames.join(' '), weight: 'D' },
  ]);
}

/**
 * Rebuilds the search vector of one catalogue entry from its name (weight A), summary, department,
 * key area and data-item names. Call it in the same transaction as any change to those.
 */
export async function refreshSearchVector(db: Executor, catalogId: string, keyAreas: KeyAreaLabels) {
  const [entry] = await db
    .select({
      name: catalogues.catalogName,
      summary: catalogues.informationSummary,
      keyArea: catalogues.keyAreasType,
      depart: departs.departName,
    })
    .from(catalogues)
    .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
    .where(eq(catalogues.id, catalogId));
  if (!entry) return;
  const items = await db
    .select({ name: catalogueItems.name })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId));
  const literal = entryVectorLiteral({
    name: entry.name,
    depart: entry.depart,
    keyArea: keyAreas[entry.keyArea] ?? '',
    summary: entry.summary,
    itemNames: items.map((i) => i.name),
  });
  await db
    .update(catalogues)
    .set({ searchVector: sql`${literal}::tsvector` })
    .where(eq(catalogues.id, catalogId));
}

/** The labels of dict key_areas_type (code → 名称), for the index and the portal. */
export async function loadKeyAreaLabels(db: Executor): Promise<KeyAreaLabels> {
  const rows = await db
    .select({ value: dictItems.itemValue, text: dictItems.itemText })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(eq(dicts.dictCode, 'key_areas_type'));
  return Object.fromEntries(rows.map((r) => [r.value, r.text]));
}
