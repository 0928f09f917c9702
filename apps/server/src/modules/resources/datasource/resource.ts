import {
  type DataSourceCreateInput,
  type DataSourceItem,
  type DataSourcePageQuery,
  type DataSourceType,
  type DataSourceUpdateInput,
  dataSourceTypeOf,
  ResourcePerm,
} from '@odp/contracts';
import { desc, eq, ilike } from 'drizzle-orm';
import { dataSources } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { NO_DEPART_MESSAGE, seesAllDepartments } from '../../../platform/auth/scope.js';
import { badRequest } from '../../../platform/http/errors.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { sealSecret } from '../../../platform/secret/cipher.js';
import { departNamesOf } from '../systems/repository.js';
import { type DataSourceRow, dataNameTaken, userNamesOf } from './repository.js';

export const DATA_SOURCE_SCOPE = { column: dataSources.orgCode, allDepartmentsPermission: ResourcePerm.dataSourceAll };

/** Every answer about a data source goes through here: the sealed password is not among its fields. */
export const presentDataSource = (
  r: DataSourceRow,
  departName: string | null,
  createByName: string | null,
): DataSourceItem => ({
  id: r.id,
  dataName: r.dataName,
  databaseType: r.databaseType as DataSourceType,
  storageType: dataSourceTypeOf(r.databaseType)?.storageType ?? 0,
  host: r.host,
  port: r.port,
  databaseName: r.databaseName,
  userName: r.userName,
  transportGateway: r.transportGateway,
  descr: r.descr,
  orgCode: r.orgCode,
  departName,
  createBy: r.createBy,
  createByName,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

/** The department a new source belongs to: the caller's, or the one an all-departments holder names. */
function owningOrg(actor: Actor, named: string | null | undefined): string {
  if (named && seesAllDepartments(actor, ResourcePerm.dataSourceAll)) return named;
  if (!actor.orgCode) throw badRequest(NO_DEPART_MESSAGE);
  return actor.orgCode;
}

/** 数据源管理: a department-scoped list; the key seals passwords (platform/secret). */
export function dataSourceResource(
  key: () => Buffer,
): ResourceSpec<DataSourceRow, DataSourceItem, DataSourceCreateInput, DataSourceUpdateInput, DataSourcePageQuery> {
  return {
    label: '数据源',
    table: dataSources,
    id: dataSources.id,
    filters: (q) => [
      q.dataName ? ilike(dataSources.dataName, containing(q.dataName)) : undefined,
      q.databaseType ? eq(dataSources.databaseType, q.databaseType) : undefined,
      q.host ? ilike(dataSources.host, containing(q.host)) : undefined,
      q.port ? eq(dataSources.port, q.port) : undefined,
      q.databaseName ? ilike(dataSources.databaseName, containing(q.databaseName)) : undefined,
    ],
    sortable: { dataName: dataSources.dataName, createTime: dataSources.createdAt },
    defaultOrder: desc(dataSources.createdAt),
    async present(db, rows) {
      const [departNames, userNames] = await Promise.all([
        departNamesOf(
          db,
          rows.map((r) => r.orgCode),
        ),
        userNamesOf(
          db,
          rows.map((r) => r.createBy),
        ),
      ]);
      return rows.map((r) =>
        presentDataSource(
          r,
          departNames.get(r.orgCode) ?? null,
          r.createBy ? (userNames.get(r.createBy) ?? null) : null,
        ),
      );
    },
    toInsert: (input, actor: Actor) => {
      const orgCode = owningOrg(actor, input.orgCode);
      return {
        dataName: input.dataName,
        databaseType: input.databaseType,
        host: input.host,
        port: input.port,
        databaseName: input.databaseName,
        userName: input.userName,
        passwordEnc: sealSecret(key(), input.password),
        transportGateway: input.transportGateway,
        descr: input.descr,
        orgCode,
        createBy: actor.userId,
      };
    },
    toUpdate: (input) => ({
      dataName: input.dataName,
      databaseType: input.databaseType,
      host: input.host,
      port: input.port,
      databaseName: input.databaseName,
      userName: input.userName,
      ...(input.password ? { passwordEnc: sealSecret(key(), input.password) } : {}),
      transportGateway: input.transportGateway,
      descr: input.descr,
      updatedAt: new Date(),
    }),
    async beforeWrite(tx, input, actor, existing) {
      const orgCode = existing ? existing.orgCode : owningOrg(actor, (input as DataSourceCreateInput).orgCode);
      if (await dataNameTaken(tx, orgCode, input.dataName, existing?.id)) {
        throw badRequest('名称已存在', { field: 'dataName' });
      }
    },
    describe: (r) => `${r.dataName}（${r.host}:${r.port}/${r.databaseName}）`,
    scope: DATA_SOURCE_SCOPE,
  };
}
