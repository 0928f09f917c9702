import type {
  DepartCreateInput,
  DepartDetail,
  DepartUpdateInput,
  PermissionTreeNode,
  SaveDepartPermissionInput,
} from '@odp/contracts';
import type { Db, Executor } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { existingPermissionIds } from '../permission/repository.js';
import { permissionTree } from '../permission/service.js';
import { subtreeIds } from '../permission/tree.js';
import {
  catalogueCountOf,
  type DepartRecord,
  departDependants,
  findDepartByOrgCode,
  findLiveDepart,
  insertDepart,
  permissionIdsOfDepart,
  pruneDepartRoleGrants,
  renameUsersOrgCode,
  replaceDepartPermissions,
  selectParentLinks,
  softDeleteDepart,
  updateDepart,
} from './admin-repository.js';

const orgTypeName: Record<string, string> = { '0': '机构', '1': '部门', '2': '区县' };
const describe = (d: Pick<DepartRecord, 'departName' | 'orgCode' | 'orgType'>) =>
  `${orgTypeName[d.orgType] ?? ''}「${d.departName}」（${d.orgCode}）`;

export function toDetail(d: DepartRecord): DepartDetail {
  return {
    id: d.id,
    parentId: d.parentId,
    departName: d.departName,
    departNameAbbr: d.departNameAbbr,
    orgCode: d.orgCode,
    orgType: d.orgType,
    address: d.address,
    phone: d.phone,
    sortNo: d.sortNo,
  };
}

export async function departDetail(db: Db, id: string): Promise<DepartDetail> {
  const row = await findLiveDepart(db, id);
  if (!row) throw notFound('部门不存在或已删除');
  return toDetail(row);
}

async function assertOrgCodeFree(db: Executor, orgCode: string, exceptId?: string) {
  const taken = await findDepartByOrgCode(db, orgCode, exceptId);
  if (!taken) return;
  throw badRequest(
    taken.deletedAt
      ? `机构编码已被已删除的部门「${taken.departName}」使用，请换一个编码`
      : `机构编码已被「${taken.departName}」使用`,
    { field: 'orgCode' },
  );
}

/** The parent must be a live department, and never the department itself or one below it. */
async function assertParent(db: Executor, parentId: string | null, selfId?: string) {
  if (!parentId) return;
  if (!(await findLiveDepart(db, parentId))) throw badRequest('上级部门不存在或已删除', { field: 'parentId' });
  if (selfId && subtreeIds(await selectParentLinks(db), selfId).has(parentId)) {
    throw badRequest('上级部门不能是自己或自己的下级', { field: 'parentId' });
  }
}

const columns = (input: DepartCreateInput) => ({
  parentId: input.parentId,
  departName: input.departName,
  departNameAbbr: input.departNameAbbr,
  orgCode: input.orgCode,
  orgType: input.orgType,
  address: input.address,
  phone: input.phone,
  sortNo: input.sortNo,
});

export async function addDepart(db: Db, actor: Actor, input: DepartCreateInput): Promise<DepartDetail> {
  return db.transaction(async (tx) => {
    await assertParent(tx, input.parentId);
    await assertOrgCodeFree(tx, input.orgCode);
    const row = await insertDepart(tx, columns(input));
    await logOperation(tx, actor, { content: `新增部门：${describe(row)}`, operateType: 'add', target: row.id });
    return toDetail(row);
  });
}

/**
 * Edits a department. Catalogue entries name their department by code, so the code of a department
 * that already has entries stays; users acting for it follow a change of code.
 */
export async function editDepart(db: Db, actor: Actor, input: DepartUpdateInput): Promise<DepartDetail> {
  return db.transaction(async (tx) => {
    const before = await findLiveDepart(tx, input.id);
    if (!before) throw notFound('部门不存在或已删除');
    await assertParent(tx, input.parentId, input.id);
    if (input.orgCode !== before.orgCode) {
      await assertOrgCodeFree(tx, input.orgCode, input.id);
      const records = await catalogueCountOf(tx, before.orgCode);
      if (records > 0) {
        throw badRequest(`该部门已有 ${records} 条数据目录，不能修改机构编码`, { field: 'orgCode' });
      }
      await renameUsersOrgCode(tx, before.orgCode, input.orgCode);
    }
    const row = await updateDepart(tx, input.id, { ...columns(input), updatedAt: new Date() });
    await logOperation(tx, actor, { content: `编辑部门：${describe(row)}`, operateType: 'edit', target: row.id });
    return toDetail(row);
  });
}

/** Soft-deletes a department nothing hangs on any more: no members, no live children, no catalogue entries. */
export async function deleteDepart(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const row = await findLiveDepart(tx, id);
    if (!row) throw notFound('部门不存在或已删除');
    const { members, children, records } = await departDependants(tx, id, row.orgCode);
    if (children > 0) throw badRequest(`该部门下还有 ${children} 个下级部门，请先删除下级部门`);
    if (members > 0) throw badRequest(`该部门下还有 ${members} 名用户，请先将用户移出该部门`);
    if (records > 0) throw badRequest(`该部门下还有 ${records} 条数据目录，不能删除`);
    await softDeleteDepart(tx, id);
    await logOperation(tx, actor, { content: `删除部门：${describe(row)}`, operateType: 'delete', target: id });
  });
}

/** The whole menu and button tree, to tick what a department may hold. */
export function departPermissionTree(db: Db): Promise<PermissionTreeNode[]> {
  return permissionTree(db);
}

export async function departPermissionIds(db: Db, departId: string): Promise<string[]> {
  if (!(await findLiveDepart(db, departId))) throw notFound('部门不存在或已删除');
  return permissionIdsOfDepart(db, departId);
}

/**
 * Replaces a department's permissions. They are the ceiling of its own roles, so whatever the
 * department loses is withdrawn from its roles in the same transaction; members lose it at their
 * next request.
 */
export async function saveDepartPermissions(db: Db, actor: Actor, input: SaveDepartPermissionInput) {
  const ids = input.permissionIds;
  await db.transaction(async (tx) => {
    const depart = await findLiveDepart(tx, input.departId);
    if (!depart) throw notFound('部门不存在或已删除');
    if ((await existingPermissionIds(tx, ids)).length !== ids.length) {
      throw badRequest('所选菜单或按钮不存在（字段 permissionIds）', { field: 'permissionIds' });
    }
    const before = await permissionIdsOfDepart(tx, depart.id);
    if (input.lastpermissionIds && !sameSet(input.lastpermissionIds, before)) {
      throw badRequest('部门权限已被他人修改，请刷新后重试');
    }
    await replaceDepartPermissions(tx, depart.id, ids);
    const kept = new Set(ids);
    const removed = before.filter((id) => !kept.has(id));
    const added = ids.filter((id) => !before.includes(id)).length;
    const withdrawn = await pruneDepartRoleGrants(tx, depart.id, removed);
    await logOperation(tx, actor, {
      content:
        `部门授权：${describe(depart)}，共 ${ids.length} 项，新增 ${added} 项，移除 ${removed.length} 项` +
        (withdrawn ? `，同时收回部门角色授权 ${withdrawn} 项` : ''),
      operateType: 'grant',
      target: depart.id,
    });
  });
}

function sameSet(a: string[], b: string[]) {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((v) => right.has(v));
}
