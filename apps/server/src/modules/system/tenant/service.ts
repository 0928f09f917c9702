import {
  TENANT_STATUS,
  type Tenant,
  type TenantCreateInput,
  type TenantItem,
  type TenantUpdateInput,
} from '@odp/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.js';
import { tenants } from '../../../db/schema/index.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { findTenant, findTenantByName, insertTenant, nextTenantId, updateTenant, userCountsOf } from './repository.js';
import { presentTenant, tenantResource } from './resource.js';

/** The tenant every installation has; requests without a `tenant_id` header belong to it. */
const DEFAULT_TENANT_ID = 0;

/** The enabled tenants among the ids; unknown and disabled ones are left out. */
export function tenantsByIds(db: Db, ids: number[]): Promise<Tenant[]> {
  const unique = [...new Set(ids)];
  return db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(and(inArray(tenants.id, unique), eq(tenants.status, 1)))
    .orderBy(asc(tenants.id));
}

export const tenantList = resourceService(tenantResource).list;

const statusName = (status: number) => (status === TENANT_STATUS.frozen ? '冻结' : '正常');

async function assertNameFree(db: Executor, name: string, exceptId?: number) {
  const taken = await findTenantByName(db, name);
  if (taken && taken.id !== exceptId) throw badRequest('租户名称已存在', { field: 'name' });
}

export async function addTenant(db: Db, actor: Actor, input: TenantCreateInput): Promise<TenantItem> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const row = await insertTenant(tx, { id: await nextTenantId(tx), name: input.name, status: input.status });
    await logOperation(tx, actor, {
      content: `新增租户：${row.name}（${row.id}），状态${statusName(row.status)}`,
      operateType: 'add',
      target: String(row.id),
    });
    return presentTenant(row, 0);
  });
}

/** A frozen tenant is no longer offered at sign-in; the default tenant cannot be frozen. */
export async function editTenant(db: Db, actor: Actor, input: TenantUpdateInput): Promise<TenantItem> {
  return db.transaction(async (tx) => {
    const before = await findTenant(tx, input.id);
    if (!before) throw notFound('租户不存在');
    if (input.id === DEFAULT_TENANT_ID && input.status === TENANT_STATUS.frozen) {
      throw badRequest('默认租户不能冻结', { field: 'status' });
    }
    await assertNameFree(tx, input.name, input.id);
    const row = await updateTenant(tx, input.id, { name: input.name, status: input.status });
    await logOperation(tx, actor, {
      content: `编辑租户：${before.name} → ${row.name}（${row.id}），状态${statusName(row.status)}`,
      operateType: 'edit',
      target: String(row.id),
    });
    const counts = await userCountsOf(tx, [row.id]);
    return presentTenant(row, counts.get(row.id) ?? 0);
  });
}
