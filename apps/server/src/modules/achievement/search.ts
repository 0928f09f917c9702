import { APPLICATION_TYPE_DICT } from '@odp/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { achievements as a, dictItems, dicts } from '../../db/schema/index.js';
import { defineSearchSubject } from '../../platform/search/subject.js';

/** The application type's label, joined in the caller's executor (the dictionary cache needs its own connection). */
export const typeLabels = (db: Executor) =>
  db
    .select({ value: dictItems.itemValue, text: dictItems.itemText })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(eq(dicts.dictCode, APPLICATION_TYPE_DICT))
    .as('app_type');

/** A result is found by its name (A), its developer and type (B) and its introduction (C). */
export const achievementSearch = defineSearchSubject({
  type: 'achievement',
  store: { table: a, id: a.id, vector: a.searchVector },
  async read(db, ids) {
    const labels = typeLabels(db);
    const rows = await db
      .select({
        id: a.id,
        name: a.applyName,
        developer: a.developerName,
        type: labels.text,
        introduce: a.applyIntroduce,
      })
      .from(a)
      .leftJoin(labels, eq(labels.value, a.applicationType))
      .where(inArray(a.id, [...ids]));
    return rows.map((r) => ({ id: r.id, texts: { A: r.name, B: [r.developer, r.type], C: r.introduce } }));
  },
});
