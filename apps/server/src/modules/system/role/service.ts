import type { RoleOption, RoleTreeNode } from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { roles } from '../../../db/schema/index.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { deleteRoleRow, findRole, userCountsOf } from './repository.js';
import { isBuiltInRole, roleResource, roleTreeOrder } from './resource.js';

export const roleService = resourceService(roleResource);

/** Deletes a role nobody holds; its grants go with it. The seeded roles stay. */
export async function deleteRole(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const role = await findRole(tx, id);
    if (!role) throw notFound('角色不存在或已删除');
    if (isBuiltInRole(role.roleCode)) throw badRequest('系统内置角色不能删除');
    if ((await userCountsOf(tx, [id])).get(id)) throw badRequest('该角色下存在用户，不能删除');
    await deleteRoleRow(tx, id);
    await logOperation(tx, actor, {
      content: `删除角色：${roleResource.describe(role)}`,
      operateType: 'delete',
      target: id,
    });
  });
}

export async function allRoles(db: Db): Promise<RoleOption[]> {
  return db
    .select({ id: roles.id, roleName: roles.roleName, roleCode: roles.roleCode })
    .from(roles)
    .orderBy(...roleTreeOrder);
}

export async function roleTreeList(db: Db): Promise<RoleTreeNode[]> {
  return (await allRoles(db)).map((r) => ({
    key: r.id,
    value: r.id,
    title: r.roleName,
    roleCode: r.roleCode,
    isLeaf: true,
    children: [],
  }));
}
