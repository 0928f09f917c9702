import type { DepartRoleItem, DepartRoleListQuery } from '@odp/contracts';
import { asc, eq, ilike } from 'drizzle-orm';
import { departRoles } from '../../../db/schema/index.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { type DepartRoleRow, memberCountsOf } from './repository.js';

export const presentDepartRole = (r: DepartRoleRow, userCount: number): DepartRoleItem => ({
  id: r.id,
  departId: r.departId,
  roleName: r.roleName,
  roleCode: r.roleCode,
  description: r.description,
  userCount,
  createTime: r.createdAt.toISOString(),
});

/**
 * Only the list goes through the generic resource: a role code is unique within its department,
 * which the resource's table-wide uniqueness cannot express, so writes are bespoke (service.ts).
 */
export const departRoleResource: ResourceSpec<DepartRoleRow, DepartRoleItem, never, never, DepartRoleListQuery> = {
  label: '部门角色',
  table: departRoles,
  id: departRoles.id,
  filters: (q) => [
    eq(departRoles.departId, q.deptId),
    q.roleName ? ilike(departRoles.roleName, containing(q.roleName)) : undefined,
  ],
  sortable: { createTime: departRoles.createdAt, roleName: departRoles.roleName, roleCode: departRoles.roleCode },
  defaultOrder: asc(departRoles.createdAt),
  async present(db, rows) {
    const counts = await memberCountsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentDepartRole(r, counts.get(r.id) ?? 0));
  },
  toInsert: () => {
    throw new Error('部门角色的新增不经过通用资源');
  },
  toUpdate: () => {
    throw new Error('部门角色的编辑不经过通用资源');
  },
  describe: (r) => `${r.roleName}（${r.roleCode}）`,
};
