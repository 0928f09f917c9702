import type { TenantItem, TenantPageQuery } from '@odp/contracts';
import { asc, eq, ilike } from 'drizzle-orm';
import { tenants } from '../../../db/schema/index.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { type TenantRow, userCountsOf } from './repository.js';

export const presentTenant = (r: TenantRow, userCount: number): TenantItem => ({
  id: r.id,
  name: r.name,
  status: r.status,
  userCount,
  createTime: r.createdAt.toISOString(),
});

/**
 * Only the list goes through the generic resource: tenant ids are integers the client sends as a
 * header, while the resource's writes work with uuid ids, so add and edit are bespoke (service.ts).
 */
export const tenantResource: ResourceSpec<TenantRow, TenantItem, never, never, TenantPageQuery> = {
  label: '租户',
  table: tenants,
  id: tenants.id,
  filters: (q) => [
    q.name ? ilike(tenants.name, containing(q.name)) : undefined,
    q.status === undefined ? undefined : eq(tenants.status, q.status),
  ],
  sortable: { id: tenants.id, name: tenants.name, createTime: tenants.createdAt },
  defaultOrder: asc(tenants.id),
  async present(db, rows) {
    const counts = await userCountsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentTenant(r, counts.get(r.id) ?? 0));
  },
  toInsert: () => {
    throw new Error('租户的新增不经过通用资源');
  },
  toUpdate: () => {
    throw new Error('租户的编辑不经过通用资源');
  },
  describe: (r) => `${r.name}（${r.id}）`,
};
