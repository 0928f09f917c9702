import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogueItems, catalogues, departs } from '../../db/schema/index.js';
import { toTsvectorLiteral } from './bigram.js';

/** Key-area names for the index, so that 交通运输 finds entries of that area. */
export type KeyAreaLabels = Record<string, string>;

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
  const literal = toTsvectorLiteral([
    { text: entry.name, weight: 'A' },
    { text: entry.depart, weight: 'B' },
    { text: keyAreas[entry.keyArea] ?? '', weight: 'B' },
    { text: entry.summary, weight: 'C' },
    { text: items.map((i) => i.name).join(' '), weight: 'D' },
  ]);
  await db
    .update(catalogues)
    .set({ searchVector: sql`${literal}::tsvector` })
    .where(eq(catalogues.id, catalogId));
}
