import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contentItems } from '../../db/schema/index.js';
import { richTextToPlain } from '../../platform/sanitize/html.js';
import { refreshSearchIndex } from '../../platform/search/indexer.js';
import { defineSearchSubject } from '../../platform/search/subject.js';

/** Content items are found by title (A), source department (B) and body text (D). */
export const contentSearch = defineSearchSubject({
  type: 'content',
  store: { table: contentItems, id: contentItems.id, vector: contentItems.searchVector },
  async read(db, ids) {
    const rows = await db
      .select({ id: contentItems.id, title: contentItems.title, body: contentItems.body, dept: contentItems.deptName })
      .from(contentItems)
      .where(inArray(contentItems.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      texts: { A: r.title, B: r.dept, D: richTextToPlain(r.body).slice(0, 20_000) },
    }));
  },
});

export const refreshContentSearch = (db: Executor, ids: readonly string[]) =>
  refreshSearchIndex(db, contentSearch, ids);
