import type {
  DepartMemberItem,
  DepartMemberListQuery,
  DepartRoleCreateInput,
  DepartRoleItem,
  DepartRoleUpdateInput,
  DeptRoleUserAddInput,
  Page,
  PermissionTreeNode,
  SaveDeptRolePermissionInput,
} from '@odp/contracts';
import type { Db, Executor } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { paginate } from '../../../platform/resource/paging.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { findLiveDepart } from '../depart/admin-repository.js';
import { existingPermissionIds } from '../permission/repository.js';
import { permissionTree } from '../permission/service.js';
import {
  countMembers,
  deleteDepartRoleRow,
  departPermissionSet,
  findDepartRole,
  findLiveUser,
  findRoleByCode,
  insertDepartRole,
  isMember,
  memberCountsOf,
  memberRoleIds,
  permissionIdsOfDepartRole,
  replaceDepartRolePermissions,
  replaceMemberRoles,
  roleIdsOfMember,
  rolesOfDepart,
  selectMembers,
  updateDepartRole,
} from './repository.js';
import { departRoleResource, presentDepartRole } from './resource.js';

export const departRoleList = resourceService(departRoleResource).list;

async function liveDepart(db: Executor, departId: string) {
  const depart = await findLiveDepart(db, departId);
  if (!depart) throw notFound('部门不存在或已删除');
  return depart;
}

async function existingRole(db: Executor, id: string) {
  const role = await findDepartRole(db, id);
  if (!role) throw notFound('部门角色不存在');
  return role;
}

export async function addDepartRole(db: Db, actor: Actor, input: DepartRoleCreateInput): Promise<DepartRoleItem> {
  return db.transaction(async (tx) => {
    const depart = await liveDepart(tx, input.departId);
    if (await findRoleByCode(tx, depart.id, input.roleCode)) {
      throw badRequest('该部门下已有相同编码的角色', { field: 'roleCode' });
    }
    const row = await insertDepartRole(tx, {
      departId: depart.id,
      roleCode: input.roleCode,
      roleName: input.roleName,
      description: input.description,
    });
    await logOperation(tx, actor, {
      content: `新增部门角色：${depart.departName} / ${row.roleName}（${row.roleCode}）`,
      operateType: 'add',
      target: row.id,
    });
    return presentDepartRole(row, 0);
  });
}

export async function editDepartRole(db: Db, actor: Actor, input: DepartRoleUpdateInput): Promise<DepartRoleItem> {
  return db.transaction(async (tx) => {
    await existingRole(tx, input.id);
    const row = await updateDepartRole(tx, input.id, {
      roleName: input.roleName,
      description: input.description,
      updatedAt: new Date(),
    });
    await logOperation(tx, actor, {
      content: `编辑部门角色：${row.roleName}（${row.roleCode}）`,
      operateType: 'edit',
      target: row.id,
    });
    const counts = await memberCountsOf(tx, [row.id]);
    return presentDepartRole(row, counts.get(row.id) ?? 0);
  });
}

/** Refused while members hold the role, as for system roles; its grants go with it. */
export async function deleteDepartRole(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const role = await existingRole(tx, id);
    const members = (await memberCountsOf(tx, [id])).get(id) ?? 0;
    if (members > 0) throw badRequest(`该部门角色下还有 ${members} 名成员，请先取消他们的该角色`);
    await deleteDepartRoleRow(tx, id);
    await logOperation(tx, actor, {
      content: `删除部门角色：${role.roleName}（${role.roleCode}）`,
      operateType: 'delete',
      target: id,
    });
  });
}

export async function deptRolesOfUser(db: Db, userId: string, departId: string): Promise<string[]> {
  await liveDepart(db, departId);
  return roleIdsOfMember(db, userId, departId);
}

/** Members of a department, each with the department roles they hold there. */
export async function departMembers(db: Db, query: DepartMemberListQuery): Promise<Page<DepartMemberItem>> {
  await liveDepart(db, query.departId);
  const page = await paginate(
    query,
    (limit, offset) => selectMembers(db, query.departId, query.username, limit, offset),
    () => countMembers(db, query.departId, query.username),
  );
  const roles = await memberRoleIds(
    db,
    query.departId,
    page.records.map((m) => m.userId),
  );
  return { ...page, records: page.records.map((m) => ({ ...m, roleIds: roles.get(m.userId) ?? [] })) };
}

/**
 * Sets a member's department roles to `newRoleId`. Only members may hold a department's roles,
 * and only that department's roles; the change applies from the member's next request.
 */
export async function setMemberRoles(db: Db, actor: Actor, input: DeptRoleUserAddInput) {
  await db.transaction(async (tx) => {
    const depart = await liveDepart(tx, input.departId);
    const user = await findLiveUser(tx, input.userId);
    if (!user) throw badRequest('用户不存在', { field: 'userId' });
    if (!(await isMember(tx, user.id, depart.id))) {
      throw badRequest('该用户不是本部门成员，不能分配部门角色', { field: 'userId' });
    }
    const valid = await rolesOfDepart(tx, depart.id, input.newRoleId);
    if (valid.length !== input.newRoleId.length) {
      throw badRequest('所选角色不存在或不属于该部门', { field: 'newRoleId' });
    }
    const before = await roleIdsOfMember(tx, user.id, depart.id);
    if (input.oldRoleId && !sameSet(input.oldRoleId, before)) {
      throw badRequest('该成员的角色已被他人修改，请刷新后重试');
    }
    await replaceMemberRoles(tx, user.id, depart.id, input.newRoleId);
    await logOperation(tx, actor, {
      content: `分配部门角色：${depart.departName} / ${user.realname}（${user.username}），共 ${input.newRoleId.length} 个角色`,
      operateType: 'grant',
      target: user.id,
    });
  });
}

export async function deptRolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  await existingRole(db, roleId);
  return permissionIdsOfDepartRole(db, roleId);
}

/** The menu tree cut down to what the department holds: what its roles may be granted. */
export async function departGrantableTree(db: Db, departId: string): Promise<PermissionTreeNode[]> {
  await liveDepart(db, departId);
  const allowed = await departPermissionSet(db, departId);
  return prune(await permissionTree(db), allowed);
}

/** Keeps a node when the department holds it or anything below it. */
export function prune(nodes: PermissionTreeNode[], allowed: ReadonlySet<string>): PermissionTreeNode[] {
  return nodes.flatMap((node) => {
    const children = prune(node.children, allowed);
    return allowed.has(node.key) || children.length ? [{ ...node, children }] : [];
  });
}

/** Replaces a department role's grants; each must be among the department's own permissions. */
export async function saveDeptRolePermissions(db: Db, actor: Actor, input: SaveDeptRolePermissionInput) {
  const ids = input.permissionIds;
  await db.transaction(async (tx) => {
    const role = await existingRole(tx, input.roleId);
    if ((await existingPermissionIds(tx, ids)).length !== ids.length) {
      throw badRequest('所选菜单或按钮不存在（字段 permissionIds）', { field: 'permissionIds' });
    }
    const allowed = await departPermissionSet(tx, role.departId);
    const outside = ids.filter((id) => !allowed.has(id));
    if (outside.length) {
      throw badRequest(`有 ${outside.length} 项菜单或按钮超出了部门的权限范围，请先为部门授权`, {
        field: 'permissionIds',
      });
    }
    const before = new Set(await permissionIdsOfDepartRole(tx, role.id));
    await replaceDepartRolePermissions(tx, role.id, ids);
    const added = ids.filter((id) => !before.has(id)).length;
    const removed = [...before].filter((id) => !ids.includes(id)).length;
    await logOperation(tx, actor, {
      content: `部门角色授权：${role.roleName}（${role.roleCode}），共 ${ids.length} 项，新增 ${added} 项，移除 ${removed} 项`,
      operateType: 'grant',
      target: role.id,
    });
  });
}

function sameSet(a: string[], b: string[]) {
  const right = new Set(b);
  return new Set(a).size === right.size && a.every((v) => right.has(v));
}
