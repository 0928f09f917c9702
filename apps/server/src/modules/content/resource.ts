import type {
  ContentItem,
  ContentKind,
  FaqListQuery,
  InformationListQuery,
  PageQuery,
  StudyWorldListQuery,
} from '@odp/contracts';
import { eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { contentItems } from '../../db/schema/index.js';
import { containing } from '../../platform/resource/like.js';
import { type ResourceSpec, resourceService } from '../../platform/resource/resource.js';
import type { ContentRow } from './repository.js';
import type { ContentService } from './service.js';

const c = contentItems;
/** Dates are the 发布时间 range as the form gives them, whole days of UTC+8. */
const dayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);
const dayAfter = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);
/** 发布时间: released, else scheduled, else created. */
const shownTime = sql`coalesce(${c.releaseTime}, ${c.appointTime}, ${c.createdAt})`;

type Filters<Q> = (q: Q) => (SQL | undefined)[];

/**
 * One kind's back-office list as a generic-resource declaration: the kind and its filters; writes go
 * through the content service (they move through the publish machine), so the resource only lists.
 */
function listOf<Q extends PageQuery>(svc: ContentService, kind: ContentKind, label: string, filters: Filters<Q>) {
  const spec: ResourceSpec<ContentRow, ContentItem, never, never, Q> = {
    label,
    table: c,
    id: c.id,
    deletedAt: c.deletedAt,
    filters: (q) => [eq(c.kind, kind), ...filters(q)],
    sortable: { releaseTime: c.releaseTime, createdAt: c.createdAt, sortNo: c.sortNo, viewNum: c.viewNum },
    defaultOrder:
      kind === 'faq'
        ? sql`${c.sortNo} asc, ${c.createdAt} desc`
        : sql`${c.isTop} desc, ${shownTime} desc, ${c.id} desc`,
    present: (db, rows) => svc.present(db, rows),
    toInsert: () => {
      throw new Error('content items are written by the content service');
    },
    toUpdate: () => {
      throw new Error('content items are written by the content service');
    },
    describe: (row) => row.title,
  };
  return resourceService(spec);
}

const dateRange = (start?: string, end?: string) => [
  start ? gte(shownTime, dayStart(start)) : undefined,
  end ? lt(shownTime, dayAfter(end)) : undefined,
];

export function contentLists(svc: ContentService) {
  return {
    information: listOf<InformationListQuery>(svc, 'information', '资讯', (q) => [
      q.informationName ? ilike(c.title, containing(q.informationName)) : undefined,
      q.informationType ? eq(c.type, q.informationType) : undefined,
      q.releaseState ? eq(c.status, q.releaseState) : undefined,
      ...dateRange(q.startDate, q.endDate),
    ]),
    document: listOf<StudyWorldListQuery>(svc, 'document', '资料', (q) => [
      q.dataName ? ilike(c.title, containing(q.dataName)) : undefined,
      q.dataManagementType ? eq(c.type, q.dataManagementType) : undefined,
      q.releaseState ? eq(c.status, q.releaseState) : undefined,
      ...dateRange(q.startDate, q.endDate),
    ]),
    faq: listOf<FaqListQuery>(svc, 'faq', '常见问题', (q) => [
      q.question ? ilike(c.title, containing(q.question)) : undefined,
      q.category ? eq(c.type, q.category) : undefined,
      q.releaseState ? eq(c.status, q.releaseState) : undefined,
    ]),
  };
}
