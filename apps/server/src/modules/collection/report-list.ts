import type { Page, ReportEntry, ReportPageQuery, UpdateStatus } from '@odp/contracts';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { catalogues, datastoreResources, departs } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest } from '../../platform/http/errors.js';
import { paginate } from '../../platform/resource/paging.js';
import { nameColumnsByItems } from '../files/service.js';
import { xlsxStream } from '../files/xlsx-stream.js';
import { reportTarget } from './report-entry.js';
import { tableEntryFilter } from './table-entries.js';
import type { TableMount } from './table-mount.js';

type Item = { name: string; enName: string | null; primaryKey: boolean };

/** 数据上报 list: the caller's department's live 库表 entries (drafts too), paged and filtered in SQL. */
export async function reportPage(
  db: Db,
  actor: Actor,
  q: ReportPageQuery,
  now = new Date(),
): Promise<Page<ReportEntry>> {
  const { where, status } = tableEntryFilter(actor, q, now);
  const page = await paginate(
    q,
    (limit, offset) =>
      db
        .select({
          id: catalogues.id,
          catalogName: catalogues.catalogName,
          orgCode: catalogues.orgCode,
          departName: departs.departName,
          updateFrequency: catalogues.updateFrequency,
          totalNum: catalogues.totalNum,
          catalogStatus: catalogues.catalogStatus,
          shelfStatus: catalogues.shelfStatus,
          dataUpdateTime: catalogues.dataUpdateTime,
          mount: catalogues.mount,
          fields: datastoreResources.fields,
          updateStatus: status,
          items: sql<Item[]>`(select coalesce(json_agg(json_build_object('name', i.name, 'enName', i.en_name,
              'primaryKey', i.primary_key) order by i.serial_number), '[]'::json)
            from data_catalog_item i where i.catalog_id = ${catalogues.id})`,
        })
        .from(catalogues)
        .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
        .leftJoin(datastoreResources, sql`${datastoreResources.id}::text = ${catalogues.mount}->>'resourceId'`)
        .where(where)
        .orderBy(sql`${catalogues.dataUpdateTime} desc nulls last`, desc(catalogues.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(catalogues).where(where))[0].n,
  );
  return {
    ...page,
    records: page.records.map((r) => {
      const mount = (r.mount as TableMount | null) ?? {};
      const flagged = r.items.filter((i) => i.primaryKey).map((i) => i.name);
      const byMount = mount.keyColumn ? nameColumnsByItems(r.items, [mount.keyColumn])[0] : null;
      return {
        id: r.id,
        catalogName: r.catalogName,
        orgCode: r.orgCode,
        departName: r.departName ?? r.orgCode,
        updateFrequency: r.updateFrequency,
        totalNum: Number(r.totalNum),
        catalogStatus: r.catalogStatus,
        shelfStatus: r.shelfStatus,
        databaseName: mount.databaseName ?? null,
        tableName: mount.tableName ?? null,
        dataUpdateTime: r.dataUpdateTime?.toISOString() ?? null,
        updateStatus: r.updateStatus as UpdateStatus,
        keyColumns: flagged.length ? flagged : byMount ? [byMount] : [],
        columns: r.fields ? r.fields.map((f) => f.name) : r.items.map((i) => i.name),
      };
    }),
  };
}

/** 下载模板: an .xlsx whose one row is the columns a report of the entry must carry. */
export async function reportTemplate(db: Db, actor: Actor, catalogId: string) {
  const target = await reportTarget(db, actor, catalogId);
  if (target.columns.length === 0) throw badRequest('该目录还没有信息项，请先在目录中填写信息项');
  const noRows = (async function* (): AsyncGenerator<string[]> {})();
  return { fileName: `${target.catalogName}上报模板.xlsx`, body: xlsxStream(target.columns, noRows, '上报数据') };
}
