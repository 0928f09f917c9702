import {
  type AppSystemCreateInput,
  type AppSystemItem,
  type AppSystemPageQuery,
  type AppSystemUpdateInput,
  ResourcePerm,
} from '@odp/contracts';
import { desc, eq, ilike } from 'drizzle-orm';
import { appSystems } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { NO_DEPART_MESSAGE, seesAllDepartments } from '../../../platform/auth/scope.js';
import { badRequest } from '../../../platform/http/errors.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { type AppSystemRow, cataloguesUsing, departNamesOf, nameTakenInDepartment } from './repository.js';

export const APP_SYSTEM_SCOPE = { column: appSystems.orgCode, allDepartmentsPermission: ResourcePerm.systemAll };

export const presentAppSystem = (r: AppSystemRow, departName: string | null): AppSystemItem => ({
  id: r.id,
  appName: r.appName,
  remark: r.remark,
  orgCode: r.orgCode,
  departName,
  state: r.state === '1' ? '1' : '0',
  createBy: r.createBy,
  createTime: r.createdAt.toISOString(),
  updatedTime: r.updatedAt.toISOString(),
});

/** The department a new system belongs to: the caller's, or the one an all-departments holder names. */
export function owningDepartment(actor: Actor, named: string | null | undefined): string {
  if (named && seesAllDepartments(actor, ResourcePerm.systemAll)) return named;
  if (!actor.orgCode) throw badRequest(NO_DEPART_MESSAGE);
  return actor.orgCode;
}

/** 应用系统 (系统维护): a department-scoped list; a name is unique within its department. */
export const appSystemResource: ResourceSpec<
  AppSystemRow,
  AppSystemItem,
  AppSystemCreateInput,
  AppSystemUpdateInput,
  AppSystemPageQuery
> = {
  label: '应用系统',
  table: appSystems,
  id: appSystems.id,
  filters: (q) => [
    q.appName ? ilike(appSystems.appName, containing(q.appName)) : undefined,
    q.orgCode ? eq(appSystems.orgCode, q.orgCode) : undefined,
    q.state ? eq(appSystems.state, q.state) : undefined,
  ],
  sortable: { appName: appSystems.appName, createTime: appSystems.createdAt, updatedTime: appSystems.updatedAt },
  defaultOrder: desc(appSystems.createdAt),
  async present(db, rows) {
    const names = await departNamesOf(
      db,
      rows.map((r) => r.orgCode),
    );
    return rows.map((r) => presentAppSystem(r, names.get(r.orgCode) ?? null));
  },
  toInsert: (input, actor) => ({
    appName: input.appName,
    remark: input.remark,
    orgCode: owningDepartment(actor, input.orgCode),
    state: '0',
    createBy: actor.userId,
  }),
  async toUpdate(input) {
    return { appName: input.appName, remark: input.remark, updatedAt: new Date() };
  },
  async beforeWrite(tx, input, actor, existing) {
    const orgCode = existing ? existing.orgCode : owningDepartment(actor, (input as AppSystemCreateInput).orgCode);
    if (await nameTakenInDepartment(tx, orgCode, input.appName, existing?.id)) {
      throw badRequest('应用名称已存在', { field: 'appName' });
    }
  },
  async beforeRemove(tx, rows) {
    for (const row of rows) {
      const n = await cataloguesUsing(tx, row.orgCode, row.appName);
      if (n > 0) throw badRequest(`应用系统“${row.appName}”已被 ${n} 条目录使用，不能删除`);
    }
  },
  describe: (r) => r.appName,
  scope: APP_SYSTEM_SCOPE,
};
