import type {
  Page,
  TableMountInput,
  TableSyncLogItem,
  TableSyncLogQuery,
  TableSyncMode,
  TableSyncResult,
  TableUpdateItem,
  TableUpdatePageQuery,
  UpdateStatus,
} from '@odp/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { catalogues, dataSources, datastoreResources, datastoreSyncLogs, departs } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { paginate } from '../../platform/resource/paging.js';
import { departNameOf } from '../catalogue/labels.js';
import { ownsEntry, ScopeMessages } from '../catalogue/scope.js';
import { indexFilterable } from '../datastore/indexes.js';
import { appendRows, claimStaged, createResource, dropResource, setRowCount } from '../datastore/store.js';
import { refreshRowTotal } from '../datastore/totals.js';
import { namedByItems, typesByItems } from '../files/service.js';
import type { SourceConnection } from '../resources/datasource/connectors/index.js';
import { readingAhead } from '../resources/datasource/connectors/read.js';
import { MAX_READ_ROWS } from '../resources/datasource/connectors/types.js';
import { findDataSource } from '../resources/datasource/repository.js';
import { dataSourceService } from '../resources/datasource/service.js';
import { mountEntryOf } from './mount-entry.js';
import { tableEntryFilter } from './table-entries.js';

/**
 * What `data_catalog.mount` holds for a table mount. The demo catalogue names only the database and
 * table; a mount on a platform data source adds the source, the sync mode and where the copy is. An
 * entry fed only by Excel 数据上报 has just `resourceId`: a copy, no source (nothing to sync).
 */
export type TableMount = {
  databaseName?: string;
  tableName?: string;
  dataSourceId?: string | null;
  syncMode?: TableSyncMode;
  keyColumn?: string | null;
  /** The largest key copied so far (incremental syncs continue after it). */
  lastKey?: string | number | null;
  /** The datastore resource holding the current copy. */
  resourceId?: string | null;
  lastSyncAt?: string | null;
};

type MountedEntry = {
  id: string;
  orgCode: string;
  catalogName: string;
  dataFormat: string | null;
  mount: TableMount | null;
};

/** Who a sync is for: an officer, or the scheduled job. */
export type SyncBy = { actor: Actor } | { job: string };

const BATCH_ROWS = 5_000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A source value as text, the way a data file's cell is stored. */
function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return v.toString('base64');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const messageOf = (e: unknown) => ((e instanceof Error ? e.message : String(e)) || '未知错误').slice(0, 500);

/** 数据归集 › 库表更新: table mounts, their syncs into the datastore and the update log. */
export function tableMountService(config: Config) {
  const sources = dataSourceService(config);

  async function entryOf(db: Db, catalogId: string): Promise<MountedEntry> {
    const entry = await mountEntryOf(db, catalogId);
    if (!entry) throw notFound('目录不存在');
    return { ...entry, mount: (entry.mount as TableMount | null) ?? null };
  }

  async function ownEntry(db: Db, actor: Actor, catalogId: string) {
    const entry = await entryOf(db, catalogId);
    if (!ownsEntry(actor, entry.orgCode)) throw forbidden(ScopeMessages.notOwn);
    return entry;
  }

  const setMount = (db: Db, catalogId: string, mount: TableMount) =>
    db.update(catalogues).set({ mount }).where(eq(catalogues.id, catalogId));

  /** A whole new copy; the old one stays until the new one is complete, and stays if it fails. */
  async function fullCopy(db: Db, entry: MountedEntry, mount: TableMount, c: SourceConnection, signal?: AbortSignal) {
    const table = mount.tableName ?? '';
    const columns = await c.listColumns(table);
    if (columns.length === 0) throw notFound(`表不存在：${table}`);
    const keys = columns.filter((col) => col.primaryKey);
    const key = keys.length === 1 ? keys[0].name : null;
    const names = await namedByItems(
      db,
      entry.id,
      columns.map((col) => col.name),
    );
    const resource = await createResource(db, {
      catalogId: entry.id,
      kind: 'table',
      names,
      types: await typesByItems(db, entry.id, names),
    });
    try {
      let rows = 0;
      let afterKey: string | number | undefined;
      // One readRows hands out at most MAX_READ_ROWS; a keyed table is read on after the last key.
      for (;;) {
        let read = 0;
        for await (const batch of readingAhead(c.readRows(table, { afterKey, batchSize: BATCH_ROWS }))) {
          signal?.throwIfAborted();
          await appendRows(
            db,
            resource,
            rows,
            batch.rows.map((r) => columns.map((col) => cell(r[col.name]))),
          );
          rows += batch.rows.length;
          read += batch.rows.length;
          afterKey = batch.lastKey ?? afterKey;
          await yieldToOthers();
        }
        if (read < MAX_READ_ROWS) break;
        if (!key) throw badRequest(`该表没有单列主键，超过 ${MAX_READ_ROWS} 行时无法同步`);
      }
      await setRowCount(db, resource, rows);
      await indexFilterable(db, resource);
      await db.transaction(async (tx) => {
        await claimStaged(tx, resource);
        await tx
          .update(catalogues)
          .set({
            mount: {
              ...mount,
              resourceId: resource.id,
              lastKey: afterKey ?? null,
              lastSyncAt: new Date().toISOString(),
            },
          })
          .where(eq(catalogues.id, entry.id));
        if (mount.resourceId) await dropResource(tx, { id: mount.resourceId });
        await refreshRowTotal(tx, entry.id, true);
      });
      return rows;
    } catch (e) {
      await dropResource(db, resource).catch(() => undefined);
      throw e;
    }
  }

  /** Rows after the last key copied, added to the current copy in one transaction (all or nothing). */
  async function incrementalCopy(db: Db, entry: MountedEntry, mount: TableMount, c: SourceConnection) {
    const [resource] = await db
      .select()
      .from(datastoreResources)
      .where(eq(datastoreResources.id, mount.resourceId ?? ''));
    if (!resource) return null;
    const table = mount.tableName ?? '';
    const columns = await c.listColumns(table);
    if (columns.length === 0) throw notFound(`表不存在：${table}`);
    const names = await namedByItems(
      db,
      entry.id,
      columns.map((col) => col.name),
    );
    if (
      names.join('\u0000') !==
      resource.fields
        .slice(0, names.length)
        .map((f) => f.name)
        .join('\u0000')
    ) {
      // The source table's columns changed: only a whole new copy is right.
      return null;
    }
    // Read first, then write in one transaction: the built-in source reads through the platform's
    // own database, which an open transaction would hold (PGlite has one connection).
    const batches: string[][][] = [];
    let afterKey = mount.lastKey ?? undefined;
    for await (const batch of c.readRows(table, { afterKey, batchSize: BATCH_ROWS })) {
      batches.push(batch.rows.map((r) => columns.map((col) => cell(r[col.name]))));
      afterKey = batch.lastKey ?? afterKey;
    }
    return db.transaction(async (tx) => {
      let added = 0;
      for (const rows of batches) {
        await appendRows(tx, resource, resource.rowCount + added, rows);
        added += rows.length;
      }
      await setRowCount(tx, resource, resource.rowCount + added);
      await tx
        .update(catalogues)
        .set({ mount: { ...mount, lastKey: afterKey ?? null, lastSyncAt: new Date().toISOString() } })
        .where(eq(catalogues.id, entry.id));
      await refreshRowTotal(tx, entry.id, added > 0);
      return added;
    });
  }

  async function operatorOf(db: Db, by: SyncBy) {
    if ('job' in by) return { operatorId: null, operatorName: by.job, departName: null };
    const departName = await departNameOf(db, by.actor.orgCode);
    return { operatorId: by.actor.userId, operatorName: by.actor.realname, departName };
  }

  /**
   * Copies the mounted table into the datastore: incrementally after the last key when the mount
   * says so and a copy exists, else whole. Every run is in the update log with its outcome; a
   * failed run keeps the last good copy and is answered with its reason.
   */
  async function sync(db: Db, entry: MountedEntry, by: SyncBy, signal?: AbortSignal): Promise<TableSyncResult> {
    const mount = entry.mount;
    if (!mount?.dataSourceId || !mount.tableName) throw badRequest('该目录未挂载数据源中的数据表');
    const wantsIncremental = mount.syncMode === 'incremental' && Boolean(mount.keyColumn && mount.resourceId);
    const [log] = await db
      .insert(datastoreSyncLogs)
      .values({ catalogId: entry.id, mode: wantsIncremental ? 'incremental' : 'full', ...(await operatorOf(db, by)) })
      .returning({ id: datastoreSyncLogs.id });
    const finish = (outcome: 'ok' | 'failed', rows: number, message: string | null, mode: TableSyncMode) =>
      db
        .update(datastoreSyncLogs)
        .set({ outcome, rows, message, mode, finishedAt: new Date() })
        .where(eq(datastoreSyncLogs.id, log.id));
    let mode: TableSyncMode = wantsIncremental ? 'incremental' : 'full';
    try {
      const rows = await sources.useOfDepartment(db, entry.orgCode, mount.dataSourceId, async (c) => {
        if (wantsIncremental) {
          const added = await incrementalCopy(db, entry, mount, c);
          if (added !== null) return added;
          mode = 'full';
        }
        return fullCopy(db, entry, mount, c, signal);
      });
      await finish('ok', rows, null, mode);
      const [{ totalNum }] = await db
        .select({ totalNum: catalogues.totalNum })
        .from(catalogues)
        .where(eq(catalogues.id, entry.id));
      return { catalogId: entry.id, rows, totalNum: Number(totalNum), mode };
    } catch (e) {
      await finish('failed', 0, messageOf(e), mode);
      throw e;
    }
  }

  return {
    /** 挂载: checks the table (and the key an incremental sync needs), saves the mount and syncs at once. */
    async mount(db: Db, actor: Actor, input: TableMountInput): Promise<TableSyncResult | null> {
      const entry = await ownEntry(db, actor, input.catalogId);
      if ('mountType' in input) {
        if (input.mountType === '2') return sync(db, entry, { actor });
        if (!entry.mount?.dataSourceId) throw badRequest('该目录未挂载数据源中的数据表');
        await setMount(db, entry.id, { ...entry.mount, dataSourceId: null });
        await logOperation(db, actor, {
          content: `取消库表挂载：${entry.catalogName}`,
          operateType: 'tableUnmount',
          target: entry.id,
        });
        return null;
      }
      if (entry.dataFormat !== 'table') throw badRequest('只有数据格式为“库表”的目录可以挂载数据表');
      // A source the caller may not use answers as missing (404) before anything else is said of it.
      const columns = await sources.use(db, actor, input.dataSourceId, (c) => c.listColumns(input.tableName));
      const source = await findDataSource(db, input.dataSourceId);
      // The scheduled sync reads with the entry's department's sources only.
      if (source && source.orgCode !== entry.orgCode) {
        throw badRequest('只能挂载目录所属部门的数据源', { field: 'dataSourceId' });
      }
      if (columns.length === 0) throw notFound(`表不存在：${input.tableName}`);
      const keys = columns.filter((c) => c.primaryKey).map((c) => c.name);
      const keyColumn = input.keyColumn || (keys.length === 1 ? keys[0] : null);
      if (input.syncMode === 'incremental' && (keys.length !== 1 || keyColumn !== keys[0])) {
        throw badRequest('增量同步需要数据表有单列主键，并按该主键续读', { field: 'keyColumn' });
      }
      const mount: TableMount = {
        databaseName: source?.databaseName,
        tableName: input.tableName,
        dataSourceId: input.dataSourceId,
        syncMode: input.syncMode,
        keyColumn,
        lastKey: null,
        // The copy of an earlier mount stays visible until the first sync of this one replaces it.
        resourceId: entry.mount?.resourceId ?? null,
        lastSyncAt: entry.mount?.lastSyncAt ?? null,
      };
      await setMount(db, entry.id, mount);
      await logOperation(db, actor, {
        content: `挂载数据表：${entry.catalogName} ← ${source?.dataName ?? ''}.${input.tableName}`,
        operateType: 'tableMount',
        target: entry.id,
      });
      return sync(db, { ...entry, mount }, { actor });
    },

    /** For the scheduled job: syncs one entry whatever its department. */
    async syncForJob(db: Db, catalogId: string, job: string, signal?: AbortSignal) {
      return sync(db, await entryOf(db, catalogId), { job }, signal);
    },

    /** 任务运维's 立即执行 and 重试: an operator syncs any department's mounted table, recorded under their name. */
    async syncByOperator(db: Db, actor: Actor, catalogId: string) {
      const entry = await entryOf(db, catalogId);
      const result = await sync(db, entry, { actor });
      await logOperation(db, actor, {
        content: `任务运维：同步挂载数据表 ${entry.catalogName}（${result.rows} 行）`,
        operateType: 'tableSync',
        target: entry.id,
      });
      return result;
    },

    /** 库表更新 list: the caller's department's 库表 entries with their mount and 更新状态, paged in SQL. */
    async page(db: Db, actor: Actor, q: TableUpdatePageQuery, now = new Date()): Promise<Page<TableUpdateItem>> {
      const { where, status } = tableEntryFilter(actor, q, now);
      const page = await paginate(
        q,
        (limit, offset) =>
          db
            .select({
              id: catalogues.id,
              catalogName: catalogues.catalogName,
              updateFrequency: catalogues.updateFrequency,
              sourceSystem: catalogues.sourceSystem,
              totalNum: catalogues.totalNum,
              orgCode: catalogues.orgCode,
              departName: departs.departName,
              dataFormat: catalogues.dataFormat,
              dataUpdateTime: catalogues.dataUpdateTime,
              mount: catalogues.mount,
              dataSourceName: dataSources.dataName,
              updateStatus: status,
            })
            .from(catalogues)
            .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
            .leftJoin(dataSources, sql`${dataSources.id}::text = ${catalogues.mount}->>'dataSourceId'`)
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
          return {
            id: r.id,
            catalogName: r.catalogName,
            updateFrequency: r.updateFrequency,
            sourceSystem: r.sourceSystem,
            totalNum: Number(r.totalNum),
            orgCode: r.orgCode,
            departName: r.departName ?? r.orgCode,
            dataSourceId: mount.dataSourceId ?? null,
            dataSourceName: mount.dataSourceId ? r.dataSourceName : null,
            databaseName: mount.databaseName ?? null,
            tableName: mount.tableName ?? null,
            syncMode: mount.dataSourceId ? (mount.syncMode ?? 'full') : null,
            keyColumn: mount.dataSourceId ? (mount.keyColumn ?? null) : null,
            dataFormat: r.dataFormat,
            dataUpdateTime: r.dataUpdateTime?.toISOString() ?? null,
            updateStatus: r.updateStatus as UpdateStatus,
            mounted: Boolean(mount.dataSourceId),
          };
        }),
      };
    },

    /** 更新记录 of one entry, newest first: every sync and report, or those of one mode. */
    async logs(db: Db, actor: Actor, q: TableSyncLogQuery, mode?: string): Promise<Page<TableSyncLogItem>> {
      await ownEntry(db, actor, q.catalogId);
      const where = and(
        eq(datastoreSyncLogs.catalogId, q.catalogId),
        mode ? eq(datastoreSyncLogs.mode, mode) : undefined,
      );
      const page = await paginate(
        q,
        (limit, offset) =>
          db
            .select()
            .from(datastoreSyncLogs)
            .where(where)
            .orderBy(desc(datastoreSyncLogs.startedAt))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: count() }).from(datastoreSyncLogs).where(where))[0].n,
      );
      return {
        ...page,
        records: page.records.map((r) => ({
          id: r.id,
          startTime: r.startedAt.toISOString(),
          endTime: r.finishedAt?.toISOString() ?? null,
          mode: r.mode,
          outcome: r.outcome,
          importNum: r.rows,
          message: r.message,
          operator: r.operatorName,
          departName: r.departName,
        })),
      };
    },
  };
}

export type TableMountService = ReturnType<typeof tableMountService>;
