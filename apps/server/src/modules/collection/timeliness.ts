import {
  ORG_TYPE,
  type Page,
  type TableAlertItem,
  type TableAlertQuery,
  UPDATE_STATUS,
  type UpdateBadDetail,
  type UpdateBadDetailQuery,
  type UpdateBadQuery,
  type UpdateBadRow,
  type UpdateStatus,
} from '@odp/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { catalogues, dataSources, departs } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { forbidden } from '../../platform/http/errors.js';
import { containing } from '../../platform/resource/like.js';
import { paginate } from '../../platform/resource/paging.js';
import { ownsEntry, ScopeMessages, scopeFilter } from '../catalogue/scope.js';
import type { TableMount } from './table-mount.js';
import { nextDueSql, updateStatusSql } from './update-status.js';

const parent = alias(departs, 'parent_depart');

/** 所属区域: the district or county of the department (itself or its parent), else 市本级. */
const region = sql<string>`(case when ${departs.orgType} = ${ORG_TYPE.district} then ${departs.departName}
  when ${parent.orgType} = ${ORG_TYPE.district} then ${parent.departName} else '市本级' end)`;

const statusOf = (now: Date) => updateStatusSql(catalogues.updateFrequency, catalogues.dataUpdateTime, now);
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** 更新时间统计: the caller's department's (a reviewer's: every) live 库表 entries with last and next update. */
export async function tableAlertList(
  db: Db,
  actor: Actor,
  q: TableAlertQuery,
  now = new Date(),
): Promise<Page<TableAlertItem>> {
  const status = statusOf(now);
  const where = and(
    scopeFilter(actor),
    eq(catalogues.dataFormat, 'table'),
    sql`${catalogues.shelfStatus} <> 9`,
    q.tableName
      ? sql`(${catalogues.catalogName} ilike ${containing(q.tableName)} or ${catalogues.mount}->>'tableName' ilike ${containing(q.tableName)})`
      : undefined,
    q.timeIsNull === '是' ? sql`${catalogues.dataUpdateTime} is null` : undefined,
    q.timeIsNull === '否' ? sql`${catalogues.dataUpdateTime} is not null` : undefined,
    q.overTime === '是' ? sql`${status} = ${UPDATE_STATUS.overdue}` : undefined,
    q.overTime === '否' ? sql`${status} <> ${UPDATE_STATUS.overdue}` : undefined,
    q.orgCode ? eq(catalogues.orgCode, q.orgCode) : undefined,
  );
  const page = await paginate(
    q,
    (limit, offset) =>
      db
        .select({
          id: catalogues.id,
          catalogName: catalogues.catalogName,
          orgCode: catalogues.orgCode,
          departName: departs.departName,
          region,
          mount: catalogues.mount,
          dataSourceName: dataSources.dataName,
          updateFrequency: catalogues.updateFrequency,
          dataUpdateTime: catalogues.dataUpdateTime,
          nextUpdateTime: nextDueSql(catalogues.updateFrequency, catalogues.dataUpdateTime),
          updateStatus: status,
        })
        .from(catalogues)
        .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
        .leftJoin(parent, eq(parent.id, departs.parentId))
        .leftJoin(dataSources, sql`${dataSources.id}::text = ${catalogues.mount}->>'dataSourceId'`)
        .where(where)
        // Overdue first, then whatever is due soonest.
        .orderBy(sql`${status} desc`, sql`${catalogues.dataUpdateTime} asc nulls first`, catalogues.id)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(catalogues).where(where))[0].n,
  );
  return {
    ...page,
    records: page.records.map((r) => {
      const mount = (r.mount as TableMount | null) ?? {};
      return {
        id: r.id,
        catalogName: r.catalogName,
        orgCode: r.orgCode,
        departName: r.departName ?? r.orgCode,
        region: r.region,
        dataSourceName: mount.dataSourceId ? r.dataSourceName : null,
        databaseName: mount.databaseName ?? null,
        tableName: mount.tableName ?? null,
        updateFrequency: r.updateFrequency,
        isUpdate: r.dataUpdateTime !== null,
        dataUpdateTime: iso(r.dataUpdateTime),
        nextUpdateTime: iso(r.nextUpdateTime),
        updateStatus: r.updateStatus as UpdateStatus,
      };
    }),
  };
}

const published = sql`${catalogues.shelfStatus} = 2`;

/** 已发布目录超时统计: published entries counted by 更新状态, one row per department, most overdue first. */
export async function catalogUpdateBadList(
  db: Db,
  actor: Actor,
  q: UpdateBadQuery,
  now = new Date(),
): Promise<Page<UpdateBadRow>> {
  const status = statusOf(now);
  const where = and(
    scopeFilter(actor),
    published,
    q.departName ? sql`${departs.departName} ilike ${containing(q.departName)}` : undefined,
    q.region ? sql`${region} = ${q.region}` : undefined,
    q.updateFrequency ? eq(catalogues.updateFrequency, q.updateFrequency) : undefined,
  );
  const overdue = sql<number>`count(*) filter (where ${status} = ${UPDATE_STATUS.overdue})::int`;
  const grouped = db
    .select({
      orgCode: catalogues.orgCode,
      departName: sql<string>`coalesce(${departs.departName}, ${catalogues.orgCode})`.as('depart_name'),
      region: sql<string>`${region}`.as('region'),
      total: sql<number>`count(*)::int`.as('total'),
      updated: sql<number>`count(*) filter (where ${status} = ${UPDATE_STATUS.updated})::int`.as('updated'),
      due: sql<number>`count(*) filter (where ${status} = ${UPDATE_STATUS.due})::int`.as('due'),
      overdue: overdue.as('overdue'),
    })
    .from(catalogues)
    .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
    .leftJoin(parent, eq(parent.id, departs.parentId))
    .where(where)
    // By position: the region's expression carries parameters, which PostgreSQL cannot match by text.
    .groupBy(sql`1, 2, 3`)
    .having(q.onlyOverdue ? sql`${overdue} > 0` : undefined)
    .as('g');
  return paginate(
    q,
    (limit, offset) =>
      db.select().from(grouped).orderBy(sql`overdue desc`, sql`region`, sql`depart_name`).limit(limit).offset(offset),
    async () => (await db.select({ n: count() }).from(grouped))[0].n,
  );
}

const UPDATE_MODE = sql<string>`(case when ${catalogues.mount}->>'dataSourceId' is not null then '库表同步'
  when ${catalogues.dataFormat} = 'table' then 'Excel 上报'
  when ${catalogues.dataFormat} = 'api' then '接口' else '文件上传' end)`;

/** The published entries behind one department's counts (another department's: 403 unless a reviewer). */
export async function updateBadDetailList(
  db: Db,
  actor: Actor,
  q: UpdateBadDetailQuery,
  now = new Date(),
): Promise<Page<UpdateBadDetail>> {
  if (!ownsEntry(actor, q.orgCode)) throw forbidden(ScopeMessages.notOwn);
  const status = statusOf(now);
  const due = nextDueSql(catalogues.updateFrequency, catalogues.dataUpdateTime);
  const where = and(
    published,
    eq(catalogues.orgCode, q.orgCode),
    q.updateStatus ? sql`${status} = ${q.updateStatus}` : undefined,
    q.updateFrequency ? eq(catalogues.updateFrequency, q.updateFrequency) : undefined,
  );
  const page = await paginate(
    q,
    (limit, offset) =>
      db
        .select({
          id: catalogues.id,
          catalogName: catalogues.catalogName,
          orgCode: catalogues.orgCode,
          departName: departs.departName,
          region,
          updateFrequency: catalogues.updateFrequency,
          updateMode: UPDATE_MODE,
          dataUpdateTime: catalogues.dataUpdateTime,
          updateStatus: status,
          totalNum: catalogues.totalNum,
          overdueDays: sql<number | null>`(case when ${status} = ${UPDATE_STATUS.overdue}
            then floor(extract(epoch from (${now.toISOString()}::timestamptz - ${due})) / 86400)::int end)`,
        })
        .from(catalogues)
        .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
        .leftJoin(parent, eq(parent.id, departs.parentId))
        .where(where)
        .orderBy(sql`${status} desc`, sql`${catalogues.dataUpdateTime} asc nulls first`, catalogues.id)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(catalogues).where(where))[0].n,
  );
  return {
    ...page,
    records: page.records.map((r) => ({
      ...r,
      departName: r.departName ?? r.orgCode,
      totalNum: Number(r.totalNum),
      dataUpdateTime: iso(r.dataUpdateTime),
      updateStatus: r.updateStatus as UpdateStatus,
      overdueDays: r.overdueDays === null ? null : Number(r.overdueDays),
    })),
  };
}
