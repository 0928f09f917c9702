import {
  type ContentKind,
  DOCUMENT_TYPE_LABEL,
  FAQ_CATEGORY_LABEL,
  INFORMATION_TYPE_LABEL,
  informationDetailPath,
  type SearchHit,
  type SearchType,
} from '@odp/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contentItems as c } from '../../db/schema/index.js';
import { richTextToPlain } from '../../platform/sanitize/html.js';
import { highlight } from '../../platform/search/highlight.js';
import { subjectSearchTab } from '../../platform/search/tab.js';
import { contentSearch } from './search.js';
import { publicWhere } from './service.js';

/** Where a visitor reads a hit: a news or policy item's detail, a document's list, an FAQ in the help centre. */
function hrefOf(kind: ContentKind, id: string, type: string, title: string): string {
  if (kind === 'information') return informationDetailPath(id);
  if (kind === 'document') {
    const page = type === '2' ? '/system/policyrule' : type === '3' ? '/system/datastandard' : null;
    return page ?? '/helpCenter/problemManual?tab=manual';
  }
  return `/helpCenter/problemManual?keyword=${encodeURIComponent(title.slice(0, 50))}`;
}

const TAG: Record<ContentKind, Record<string, string>> = {
  information: INFORMATION_TYPE_LABEL,
  document: DOCUMENT_TYPE_LABEL,
  faq: FAQ_CATEGORY_LABEL,
};

/** What anyone may find of a kind: published, released to everyone (a visitor's rule), not deleted. */
const visibleOf = (kind: ContentKind) => and(publicWhere(null), eq(c.kind, kind)) as SQL;

function tabOf(type: SearchType, kind: ContentKind) {
  const visible = visibleOf(kind);
  return subjectSearchTab({
    type,
    subject: contentSearch,
    visible,
    async present(db: Executor, ids, terms): Promise<SearchHit[]> {
      const rows = await db
        .select()
        .from(c)
        .where(and(inArray(c.id, [...ids]), visible));
      return rows.map((r) => {
        const summary = (kind === 'document' ? r.body : richTextToPlain(r.body)).slice(0, 160);
        return {
          id: r.id,
          title: r.title,
          summary,
          highlight: { title: highlight(r.title, terms), summary: highlight(summary, terms) },
          href: hrefOf(kind, r.id, r.type, r.title),
          tag: TAG[kind][r.type] ?? null,
          source: r.deptName,
          date: r.releaseTime?.toISOString() ?? null,
        };
      });
    },
  });
}

/** The site search's 资讯, 文档 and 常见问题 tabs. */
export const contentSearchTabs = [
  tabOf('information', 'information'),
  tabOf('document', 'document'),
  tabOf('faq', 'faq'),
];
