import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogueItems, catalogues, datastoreResources } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { ownsEntry, ScopeMessages } from '../catalogue/scope.js';
import type { Resource } from '../datastore/store.js';
import { nameColumnsByItems } from '../files/service.js';
import type { TableMount } from './table-mount.js';

/** A 库表 entry an Excel sheet goes into, with what its sheet must look like. */
export type ReportTarget = {
  id: string;
  orgCode: string;
  catalogName: string;
  mount: TableMount | null;
  /** The current copy, when the entry has one (a mounted table's, or an earlier report's). */
  copy: Resource | null;
  /** The columns a sheet carries: the copy's, else the data items'. */
  columns: string[];
  /** The key as the data items flag it, else the table mount's key column; empty when neither says. */
  keys: string[];
};

/**
 * The entry, if the caller may report into it: 404 when missing, 403 for another department's (a
 * reviewer's catalog:review reaches all), 400 unless a live 库表 entry.
 */
export async function reportTarget(ex: Executor, actor: Actor, catalogId: string): Promise<ReportTarget> {
  const [entry] = await ex
    .select({
      id: catalogues.id,
      orgCode: catalogues.orgCode,
      catalogName: catalogues.catalogName,
      dataFormat: catalogues.dataFormat,
      shelfStatus: catalogues.shelfStatus,
      mount: catalogues.mount,
    })
    .from(catalogues)
    .where(eq(catalogues.id, catalogId));
  if (!entry) throw notFound('目录不存在');
  if (!ownsEntry(actor, entry.orgCode)) throw forbidden(ScopeMessages.notOwn);
  if (entry.shelfStatus === 9) throw badRequest('目录已删除，不能上报数据');
  if (entry.dataFormat !== 'table') throw badRequest('只有数据格式为“库表”的目录可以上报数据');
  const mount = (entry.mount as TableMount | null) ?? null;
  const items = await ex
    .select({ name: catalogueItems.name, enName: catalogueItems.enName, primaryKey: catalogueItems.primaryKey })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, entry.id))
    .orderBy(asc(catalogueItems.serialNumber));
  const [copy] = mount?.resourceId
    ? await ex.select().from(datastoreResources).where(eq(datastoreResources.id, mount.resourceId))
    : [];
  const flagged = items.filter((i) => i.primaryKey).map((i) => i.name);
  const keys = flagged.length ? flagged : mount?.keyColumn ? nameColumnsByItems(items, [mount.keyColumn]) : [];
  return {
    id: entry.id,
    orgCode: entry.orgCode,
    catalogName: entry.catalogName,
    mount,
    copy: copy ?? null,
    columns: copy ? copy.fields.map((f) => f.name) : items.map((i) => i.name),
    keys,
  };
}

/**
 * The sheet's columns must be the target's, each once, in any order; the key is the target's, or
 * the column the officer names when nothing flags one. Answers the key; refuses with what is wrong.
 */
export function checkSheet(target: ReportTarget, columns: string[], keyColumn?: string): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const c of columns) {
    if (seen.has(c)) repeated.push(c);
    seen.add(c);
  }
  if (repeated.length) throw badRequest(`表头有重复的列：${[...new Set(repeated)].join('、')}`);
  const expected = target.columns.length ? target.columns : columns;
  const missing = expected.filter((c) => !seen.has(c));
  const extra = columns.filter((c) => !expected.includes(c));
  if (missing.length || extra.length) {
    const parts = [
      missing.length ? `缺少列：${missing.join('、')}` : '',
      extra.length ? `多出列：${extra.join('、')}` : '',
    ].filter(Boolean);
    throw badRequest(`上报文件的列与目录不一致（${parts.join('；')}），请下载模板填写`);
  }
  if (target.keys.length) {
    if (keyColumn && (target.keys.length !== 1 || target.keys[0] !== keyColumn)) {
      throw badRequest(`该目录的主键为“${target.keys.join('、')}”，不能另选主键列`, { field: 'keyColumn' });
    }
    return target.keys;
  }
  if (!keyColumn) {
    throw badRequest('该目录的信息项未标明主键，请选择主键列', { field: 'keyColumn' });
  }
  if (!seen.has(keyColumn)) throw badRequest(`主键列“${keyColumn}”不在上报文件的列中`, { field: 'keyColumn' });
  return [keyColumn];
}
