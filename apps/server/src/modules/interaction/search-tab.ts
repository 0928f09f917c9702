import { INTERACTION_KIND_LABEL, INTERACTION_PORTAL_PATH, type InteractionKind, type SearchHit } from '@odp/contracts';
import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { interactionTickets as t } from '../../db/schema/index.js';
import { richTextToPlain } from '../../platform/sanitize/html.js';
import { highlight } from '../../platform/search/highlight.js';
import { subjectSearchTab } from '../../platform/search/tab.js';
import { maskPersonal } from './mask.js';
import { publicSql } from './repository.js';
import { interactionSearch } from './search.js';

async function present(db: Executor, ids: readonly string[], terms: readonly string[]): Promise<SearchHit[]> {
  const rows = await db
    .select({
      id: t.id,
      kind: t.kind,
      title: t.title,
      content: t.content,
      reply: t.reply,
      replyDepartName: t.replyDepartName,
      repliedAt: t.repliedAt,
    })
    .from(t)
    .where(and(inArray(t.id, [...ids]), publicSql));
  return rows.map((r) => {
    const title = maskPersonal(r.title);
    const summary = `${maskPersonal(r.content)} 答复：${richTextToPlain(r.reply)}`.slice(0, 300);
    return {
      id: r.id,
      title,
      summary,
      highlight: { title: highlight(title, terms), summary: highlight(summary, terms) },
      // The kind's 公开 list, opened at the item.
      href: `${INTERACTION_PORTAL_PATH}?${new URLSearchParams({ section: r.kind, id: r.id })}`,
      tag: INTERACTION_KIND_LABEL[r.kind as InteractionKind] ?? null,
      source: r.replyDepartName,
      date: r.repliedAt?.toISOString() ?? null,
    };
  });
}

/** The site search's 互动 tab: replied items their submitters keep public, never the submitter. */
export const interactionSearchTab = subjectSearchTab({
  type: 'interaction',
  subject: interactionSearch,
  visible: publicSql,
  present,
});
