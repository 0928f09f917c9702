import { INTERACTION_KIND_LABEL, type InteractionKind } from '@odp/contracts';
import { inArray } from 'drizzle-orm';
import { interactionTickets as t } from '../../db/schema/index.js';
import { richTextToPlain } from '../../platform/sanitize/html.js';
import { defineSearchSubject } from '../../platform/search/subject.js';
import { maskPersonal } from './mask.js';

/**
 * A ticket is found by its title (A), its dataset, replying department and kind (B), what was asked (C,
 * with personal data masked as the public list shows it) and the reply (D). Only replied public ones are
 * ever shown (the tab's `visible`); the submitter is never indexed.
 */
export const interactionSearch = defineSearchSubject({
  type: 'interaction',
  store: { table: t, id: t.id, vector: t.searchVector },
  async read(db, ids) {
    const rows = await db
      .select({
        id: t.id,
        kind: t.kind,
        title: t.title,
        content: t.content,
        catalogName: t.catalogName,
        replyDepartName: t.replyDepartName,
        reply: t.reply,
      })
      .from(t)
      .where(inArray(t.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      texts: {
        A: maskPersonal(r.title),
        B: [r.catalogName ?? '', r.replyDepartName ?? '', INTERACTION_KIND_LABEL[r.kind as InteractionKind] ?? ''],
        C: maskPersonal(r.content),
        D: richTextToPlain(r.reply),
      },
    }));
  },
});
