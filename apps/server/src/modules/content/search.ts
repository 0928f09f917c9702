import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contentItems } from '../../db/schema/index.js';
import { refreshSearchIndex } from '../../platform/search/indexer.js';
import { defineSearchSubject } from '../../platform/search/subject.js';

/** Rich text as the words a visitor reads. */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Content items are found by title (A), source department (B) and body text (D). */
export const contentSearch = defineSearchSubject({
  type: 'content',
  store: { table: contentItems, id: contentItems.id, vector: contentItems.searchVector },
  async read(db, ids) {
    const rows = await db
      .select({ id: contentItems.id, title: contentItems.title, body: contentItems.body, dept: contentItems.deptName })
      .from(contentItems)
      .where(inArray(contentItems.id, [...ids]));
    return rows.map((r) => ({ id: r.id, texts: { A: r.title, B: r.dept, D: plainText(r.body).slice(0, 20_000) } }));
  },
});

export const refreshContentSearch = (db: Executor, ids: readonly string[]) =>
  refreshSearchIndex(db, contentSearch, ids);
