import {
  BUILT_IN_ROLE_CODES,
  type RoleCreateInput,
  type RoleItem,
  type RoleListQuery,
  type RoleUpdateInput,
} from '@odp/contracts';
import { asc, ilike } from 'drizzle-orm';
import { roles } from '../../../db/schema/index.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { userCountsOf } from './repository.js';

type RoleRow = typeof roles.$inferSelect;

export const isBuiltInRole = (roleCode: string) => (BUILT_IN_ROLE_CODES as readonly string[]).includes(roleCode);

export const roleResource: ResourceSpec<RoleRow, RoleItem, RoleCreateInput, RoleUpdateInput, RoleListQuery> = {
  label: '角色',
  table: roles,
  id: roles.id,
  filters: (q) => [
    q.roleName ? ilike(roles.roleName, containing(q.roleName)) : undefined,
    q.roleCode ? ilike(roles.roleCode, containing(q.roleCode)) : undefined,
  ],
  sortable: { createTime: roles.createdAt, roleName: roles.roleName, roleCode: roles.roleCode },
  defaultOrder: asc(roles.createdAt),
  unique: [
    {
      column: roles.roleCode,
      field: 'roleCode',
      value: (i) => ('roleCode' in i ? i.roleCode : null),
      message: '角色编码已存在',
    },
  ],
  async present(db, rows) {
    const counts = await userCountsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      roleName: r.roleName,
      roleCode: r.roleCode,
      description: r.description,
      builtIn: isBuiltInRole(r.roleCode),
      userCount: counts.get(r.id) ?? 0,
      createTime: r.createdAt.toISOString(),
    }));
  },
  toInsert: (input) => ({ roleCode: input.roleCode, roleName: input.roleName, description: input.description }),
  toUpdate: (input) => ({ roleName: input.roleName, description: input.description, updatedAt: new Date() }),
  describe: (r) => `${r.roleName}（${r.roleCode}）`,
};

/** Selectors list roles in creation order, so the seeded ones come first. */
export const roleTreeOrder = [asc(roles.createdAt), asc(roles.roleCode)];
