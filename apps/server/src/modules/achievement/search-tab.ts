import type { SearchHit } from '@odp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { achievements as a, departs } from '../../db/schema/index.js';
import { highlight } from '../../platform/search/highlight.js';
import { subjectSearchTab } from '../../platform/search/tab.js';
import { publishedSql } from './repository.js';
import { achievementSearch, typeLabels } from './search.js';

const DETAIL = '/service/serviceitem/serviceDetails?id=';

async function present(db: Executor, ids: readonly string[], terms: readonly string[]): Promise<SearchHit[]> {
  const labels = typeLabels(db);
  const rows = await db
    .select({
      id: a.id,
      name: a.applyName,
      introduce: a.applyIntroduce,
      developer: a.developerName,
      depart: departs.departName,
      type: labels.text,
      publishedAt: a.publishedAt,
    })
    .from(a)
    .leftJoin(labels, eq(labels.value, a.applicationType))
    .leftJoin(departs, eq(departs.orgCode, a.orgCode))
    .where(and(inArray(a.id, [...ids]), publishedSql));
  return rows.map((r) => ({
    id: r.id,
    title: r.name,
    summary: r.introduce,
    highlight: { title: highlight(r.name, terms), summary: highlight(r.introduce, terms) },
    href: `${DETAIL}${encodeURIComponent(r.id)}`,
    tag: r.type,
    source: r.depart ?? r.developer,
    date: r.publishedAt?.toISOString() ?? null,
  }));
}

/** The site search's 应用成果 tab: published results only. */
export const achievementSearchTab = subjectSearchTab({
  type: 'achievement',
  subject: achievementSearch,
  visible: publishedSql,
  present,
});
