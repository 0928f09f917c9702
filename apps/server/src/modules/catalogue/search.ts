import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  catalogueItems,
  catalogues,
  departs,
  dictItems,
  dicts,
  catalogueServiceMatters as sm,
} from '../../db/schema/index.js';
import { defineSearchSubject, type WeightedTexts } from '../../platform/search/subject.js';

/**
 * What an entry is found by: its name (A), its department, key area and the service item it serves
 * (业务办理项 and 实施清单 names and codes, B), its summary (C) and its data items (D). The search
 * bench builds its vectors from this too, so it measures the real index.
 */
export function entryTexts(e: {
  name: string;
  depart: string | null;
  keyArea: string | null;
  summary: string;
  itemNames: readonly string[];
  service?: readonly (string | null)[] | null;
}): WeightedTexts {
  return { A: e.name, B: [e.depart, e.keyArea, ...(e.service ?? [])], C: e.summary, D: e.itemNames.join(' ') };
}

/**
 * Catalogue entries in the search index, vectors in data_catalog.search_vector where the portal's
 * queries rank them together with the entry's state and facets. The key area is indexed by its
 * enabled dictionary label, so that 交通运输 finds the entries of that area; labels are joined in the
 * same query, inside the caller's transaction (the dictionary cache would need a second connection).
 */
export const catalogueSearch = defineSearchSubject({
  type: 'catalogue',
  store: { table: catalogues, id: catalogues.id, vector: catalogues.searchVector },
  async read(db, ids) {
    const keyAreas = db
      .select({ value: dictItems.itemValue, text: dictItems.itemText })
      .from(dictItems)
      .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
      .where(and(eq(dicts.dictCode, 'key_areas_type'), eq(dictItems.status, 1)))
      .as('key_area');
    const rows = await db
      .select({
        id: catalogues.id,
        name: catalogues.catalogName,
        summary: catalogues.informationSummary,
        depart: departs.departName,
        keyArea: keyAreas.text,
        items: sql<string[] | null>`(select array_agg(${catalogueItems.name} order by ${catalogueItems.serialNumber})
          from ${catalogueItems} where ${catalogueItems.catalogId} = ${catalogues.id})`,
        businessName: sm.businessName,
        businessCode: sm.businessCode,
        implementationName: sm.implementationName,
        implementationCode: sm.implementationCode,
      })
      .from(catalogues)
      .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
      .leftJoin(sm, eq(sm.catalogId, catalogues.id))
      .leftJoin(keyAreas, eq(keyAreas.value, catalogues.keyAreasType))
      .where(inArray(catalogues.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      texts: entryTexts({
        ...r,
        itemNames: r.items ?? [],
        service: r.businessName ? [r.businessName, r.implementationName, r.businessCode, r.implementationCode] : null,
      }),
    }));
  },
});
