import type {
  MenuType,
  PermissionCreateInput,
  PermissionNode,
  PermissionTreeNode,
  PermissionUpdateInput,
  SaveRolePermissionInput,
} from '@odp/contracts';
import type { Db, Executor } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { findRole } from '../role/repository.js';
import {
  allPermissions,
  childCount,
  deletePermissionRow,
  existingPermissionIds,
  findByPerms,
  findPermission,
  insertPermission,
  type PermissionRow,
  permissionIdsOfRole,
  replaceRolePermissions,
  updatePermission,
} from './repository.js';
import { nest, subtreeIds } from './tree.js';

const menuTypeName: Record<number, string> = { 0: '目录', 1: '菜单', 2: '按钮' };
const describe = (r: PermissionRow) =>
  `${menuTypeName[r.menuType] ?? ''}「${r.name}」${r.perms ? `（${r.perms}）` : ''}`;

function present(r: PermissionRow, children: PermissionNode[]): PermissionNode {
  return {
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    menuType: r.menuType as MenuType,
    path: r.path,
    component: r.component,
    redirect: r.redirect,
    icon: r.icon,
    url: r.url,
    perms: r.perms,
    hidden: r.hidden,
    alwaysShow: r.alwaysShow,
    keepAlive: r.keepAlive,
    internalOrExternal: r.internalOrExternal,
    sortNo: r.sortNo,
    status: r.status === '1' ? '1' : '0',
    createTime: r.createdAt.toISOString(),
    ...(children.length ? { children } : {}),
  };
}

/** Every directory, menu and button with all its fields, nested (menu management). */
export async function permissionList(db: Db): Promise<PermissionNode[]> {
  return nest(await allPermissions(db), present);
}

/** The slim tree to tick per role. */
export async function permissionTree(db: Db): Promise<PermissionTreeNode[]> {
  return nest(
    await allPermissions(db),
    (r, children: PermissionTreeNode[]): PermissionTreeNode => ({
      key: r.id,
      value: r.id,
      title: r.name,
      menuType: r.menuType as MenuType,
      perms: r.perms,
      children,
    }),
  );
}

type Fields = Omit<PermissionCreateInput, 'parentId'>;
const columns = (input: Fields) => ({
  name: input.name,
  menuType: input.menuType,
  path: input.path,
  component: input.component,
  redirect: input.redirect,
  icon: input.icon,
  url: input.url,
  perms: input.perms,
  hidden: input.hidden,
  alwaysShow: input.alwaysShow,
  keepAlive: input.keepAlive,
  internalOrExternal: input.internalOrExternal,
  sortNo: input.sortNo,
  status: input.status,
});

async function assertPermsFree(db: Executor, perms: string | null, exceptId?: string) {
  if (!perms) return;
  const taken = await findByPerms(db, perms);
  if (taken && taken.id !== exceptId) throw badRequest(`授权标识已被「${taken.name}」使用`, { field: 'perms' });
}

async function assertParent(db: Executor, parentId: string | null) {
  if (!parentId) return;
  const parent = await findPermission(db, parentId);
  if (!parent) throw badRequest('上级菜单不存在', { field: 'parentId' });
  if (parent.menuType === 2) throw badRequest('按钮下不能再添加菜单或按钮', { field: 'parentId' });
}

export async function addPermission(db: Db, actor: Actor, input: PermissionCreateInput): Promise<PermissionNode> {
  const row = await db.transaction(async (tx) => {
    await assertParent(tx, input.parentId);
    await assertPermsFree(tx, input.perms);
    const created = await insertPermission(tx, { ...columns(input), parentId: input.parentId });
    await logOperation(tx, actor, {
      content: `新增菜单权限：${describe(created)}`,
      operateType: 'add',
      target: created.id,
    });
    return created;
  });
  return present(row, []);
}

export async function editPermission(db: Db, actor: Actor, input: PermissionUpdateInput): Promise<PermissionNode> {
  const row = await db.transaction(async (tx) => {
    if (!(await findPermission(tx, input.id))) throw notFound('菜单不存在或已删除');
    if (input.parentId) {
      const under = subtreeIds(await allPermissions(tx), input.id);
      if (under.has(input.parentId)) throw badRequest('上级菜单不能是自己或自己的下级', { field: 'parentId' });
    }
    await assertParent(tx, input.parentId);
    await assertPermsFree(tx, input.perms, input.id);
    if (input.menuType === 2 && (await childCount(tx, input.id)) > 0) {
      throw badRequest('该菜单下还有子项，不能改为按钮', { field: 'menuType' });
    }
    const updated = await updatePermission(tx, input.id, {
      ...columns(input),
      parentId: input.parentId,
      updatedAt: new Date(),
    });
    await logOperation(tx, actor, {
      content: `编辑菜单权限：${describe(updated)}`,
      operateType: 'edit',
      target: input.id,
    });
    return updated;
  });
  return present(row, []);
}

/** Deletes a leaf; its grants to roles go with it. */
export async function deletePermission(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const row = await findPermission(tx, id);
    if (!row) throw notFound('菜单不存在或已删除');
    if ((await childCount(tx, id)) > 0) throw badRequest('该菜单下存在子菜单或按钮，请先删除下级');
    await deletePermissionRow(tx, id);
    await logOperation(tx, actor, { content: `删除菜单权限：${describe(row)}`, operateType: 'delete', target: id });
  });
}

export async function rolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  if (!(await findRole(db, roleId))) throw notFound('角色不存在');
  return permissionIdsOfRole(db, roleId);
}

/**
 * Replaces a role's grants at once. Permissions are read afresh on every request, so holders of the
 * role gain or lose access with their next call.
 */
export async function saveRolePermissions(db: Db, actor: Actor, input: SaveRolePermissionInput) {
  const ids = [...new Set(input.permissionIds)];
  await db.transaction(async (tx) => {
    const role = await findRole(tx, input.roleId);
    if (!role) throw notFound('角色不存在');
    const found = await existingPermissionIds(tx, ids);
    if (found.length !== ids.length)
      throw badRequest('所选菜单或按钮不存在（字段 permissionIds）', { field: 'permissionIds' });
    const before = new Set(await permissionIdsOfRole(tx, role.id));
    await replaceRolePermissions(tx, role.id, ids);
    const added = ids.filter((id) => !before.has(id)).length;
    const removed = [...before].filter((id) => !ids.includes(id)).length;
    await logOperation(tx, actor, {
      content: `角色授权：${role.roleName}（${role.roleCode}），共 ${ids.length} 项，新增 ${added} 项，移除 ${removed} 项`,
      operateType: 'grant',
      target: role.id,
    });
  });
}
