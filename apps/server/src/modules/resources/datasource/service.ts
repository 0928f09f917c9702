import {
  BUILTIN_SOURCE_LABEL,
  BUILTIN_SOURCE_TYPE,
  type DataSourceColumnsInput,
  type DataSourceCreateInput,
  type DataSourceItem,
  type DataSourceOption,
  type DataSourceTestInput,
  type DataSourceTestResult,
  type DataSourceType,
  type DataSourceUpdateInput,
  dataSourceTypeOf,
  EXCHANGE_TARGET_TYPES,
  type SourceColumn,
  type SourceTable,
  unsupportedTypeMessage,
} from '@odp/contracts';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { departmentFilter, ownsDepartment } from '../../../platform/auth/scope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { resolveOutbound } from '../../../platform/outbound/address.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { loadSecretKey, openSecret } from '../../../platform/secret/cipher.js';
import {
  type ConnectionTarget,
  type SourceConnection,
  type TargetConnection,
  withConnection,
  withTargetConnection,
} from './connectors/index.js';
import { type DataSourceRow, dataSourceOptions, findDataSource } from './repository.js';
import { DATA_SOURCE_SCOPE, dataSourceResource } from './resource.js';

const LABEL = '数据源';

type Connection = { databaseType: DataSourceType; host: string; port: number; userName: string };

/** The stored password may only go to the address and user it was given for. */
const sameTarget = (row: DataSourceRow, next: Connection) =>
  row.databaseType === next.databaseType &&
  row.host.toLowerCase() === next.host.toLowerCase() &&
  row.port === next.port &&
  row.userName === next.userName;

const PASSWORD_AGAIN = '修改了数据源类型、地址、端口或用户名，请重新输入密码';

function protocolOf(type: DataSourceType) {
  const protocol = dataSourceTypeOf(type)?.protocol;
  if (!protocol) throw badRequest(unsupportedTypeMessage(type), { field: 'databaseType' });
  return protocol;
}

/**
 * 数据源管理 and the connection calls. One per app: it holds the sealing key (loaded on first use)
 * and the outbound policy of the configuration.
 */
export function dataSourceService(config: Config) {
  let key: Buffer | undefined;
  const secretKey = () => {
    key ??= loadSecretKey({ configured: config.datasourceSecretKey, dataDir: config.dataDir });
    return key;
  };
  const resource = resourceService(dataSourceResource(secretKey));
  const policy = { allow: config.outboundAllow, lookup: config.outboundLookup };

  /** A stored source the caller may use: another department's is answered as missing. */
  async function ownSource(db: Db, actor: Actor, id: string): Promise<DataSourceRow> {
    const row = await findDataSource(db, id);
    if (!row || !ownsDepartment(actor, row.orgCode, DATA_SOURCE_SCOPE.allDepartmentsPermission)) {
      throw notFound(`${LABEL}不存在或已删除`);
    }
    return row;
  }

  /** Checks the type and the address before anything is stored or dialled. */
  async function targetOf(c: Connection & { databaseName: string; password: string }): Promise<ConnectionTarget> {
    const protocol = protocolOf(c.databaseType);
    return {
      protocol,
      host: c.host,
      address: await resolveOutbound(c.host, policy),
      port: c.port,
      database: c.databaseName,
      user: c.userName,
      password: c.password,
    };
  }

  async function storedTarget(db: Db, actor: Actor, id: string): Promise<ConnectionTarget> {
    return targetOfRow(await ownSource(db, actor, id));
  }

  function targetOfRow(row: DataSourceRow): Promise<ConnectionTarget> {
    if (row.databaseType === BUILTIN_SOURCE_TYPE) {
      // Inside the platform's own database: no address to resolve, no password.
      const builtin: ConnectionTarget = {
        protocol: BUILTIN_SOURCE_TYPE,
        host: BUILTIN_SOURCE_LABEL,
        address: '',
        port: 0,
        database: row.databaseName,
        user: '',
        password: '',
      };
      return Promise.resolve(builtin);
    }
    return targetOf({
      databaseType: row.databaseType as DataSourceType,
      host: row.host,
      port: row.port,
      userName: row.userName,
      databaseName: row.databaseName,
      password: openSecret(secretKey(), row.passwordEnc),
    });
  }

  return {
    list: resource.list,
    get: resource.get,

    async create(db: Db, actor: Actor, input: DataSourceCreateInput): Promise<DataSourceItem> {
      await targetOf(input);
      return resource.create(db, actor, input);
    },

    async update(db: Db, actor: Actor, input: DataSourceUpdateInput): Promise<DataSourceItem> {
      const row = await findDataSource(db, input.id);
      if (row && ownsDepartment(actor, row.orgCode, DATA_SOURCE_SCOPE.allDepartmentsPermission)) {
        if (!input.password && !sameTarget(row, input)) throw badRequest(PASSWORD_AGAIN, { field: 'password' });
        await targetOf({ ...input, password: '' });
      }
      return resource.update(db, actor, input);
    },

    remove: resource.remove,

    async options(db: Db, actor: Actor): Promise<DataSourceOption[]> {
      const rows = await dataSourceOptions(db, departmentFilter(actor, DATA_SOURCE_SCOPE));
      return rows.map((r) => ({
        storageId: r.id,
        code: r.databaseType as DataSourceType,
        planName: r.databaseName,
        name: r.dataName,
        orgCode: r.orgCode,
      }));
    },

    /** 测试: connects as the form says; with `id` and no password, with the stored one if the target is unchanged. */
    async test(db: Db, actor: Actor, input: DataSourceTestInput): Promise<DataSourceTestResult> {
      let password = input.password;
      if (!password) {
        if (!input.id) throw badRequest('请输入密码', { field: 'password' });
        const row = await ownSource(db, actor, input.id);
        if (!sameTarget(row, input)) throw badRequest(PASSWORD_AGAIN, { field: 'password' });
        password = openSecret(secretKey(), row.passwordEnc);
      }
      const target = await targetOf({ ...input, password });
      const started = Date.now();
      const version = await withConnection(target, (c) => c.version());
      return { ok: true, version, elapsedMs: Date.now() - started };
    },

    /** `listDatabase`: the tables and views of a stored source. */
    async tables(db: Db, actor: Actor, id: string): Promise<SourceTable[]> {
      return withConnection(await storedTarget(db, actor, id), (c) => c.listTables(), db);
    },

    async columns(db: Db, actor: Actor, input: DataSourceColumnsInput): Promise<SourceColumn[]> {
      const columns = await withConnection(
        await storedTarget(db, actor, input.id),
        (c) => c.listColumns(input.tableName),
        db,
      );
      if (columns.length === 0) throw notFound(`表不存在：${input.tableName}`);
      return columns;
    },

    /** For the table mounts: a session on a stored source the caller may use, closed after `use`. */
    async use<T>(db: Db, actor: Actor, id: string, use: (c: SourceConnection) => Promise<T>): Promise<T> {
      return withConnection(await storedTarget(db, actor, id), use, db);
    },

    /** For scheduled syncs (no caller): a session on a source of the entry's own department. */
    async useOfDepartment<T>(db: Db, orgCode: string, id: string, use: (c: SourceConnection) => Promise<T>) {
      const row = await findDataSource(db, id);
      if (!row || row.orgCode !== orgCode) throw notFound(`${LABEL}不存在或已删除`);
      return withConnection(await targetOfRow(row), use, db);
    },

    /**
     * For an exchange (the caller's request or the scheduler): a writable session on a source of the
     * department's own, of a type that may be written (others are answered 暂不支持). Another
     * department's source is answered as missing, whatever the caller's permissions.
     */
    async writeOfDepartment<T>(db: Db, orgCode: string, id: string, use: (c: TargetConnection) => Promise<T>) {
      const row = await findDataSource(db, id);
      if (!row || row.orgCode !== orgCode) throw notFound(`${LABEL}不存在或已删除`);
      if (!EXCHANGE_TARGET_TYPES.includes(row.databaseType)) {
        throw badRequest(unsupportedTypeMessage(row.databaseType), { field: 'destStorageId' });
      }
      return withTargetConnection(await targetOfRow(row), use);
    },
  };
}

export type DataSourceService = ReturnType<typeof dataSourceService>;
