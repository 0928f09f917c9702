import {
  DATA_RULE_CONDITION_LABEL,
  type DataRuleColumnsResult,
  type DataRuleCondition,
  type DataRuleCreateInput,
  type DataRuleItem,
  type DataRuleListQuery,
  type DataRuleUpdateInput,
  type RoleDataRuleResult,
  type SaveRoleDataRuleInput,
} from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../../db/client.js';
import { rolePermissions } from '../../../../db/schema/index.js';
import { logOperation } from '../../../../platform/audit/log.js';
import type { Actor } from '../../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../../platform/http/errors.js';
import { ruleProblem, unknownVariable } from '../../../../platform/resource/data-rules.js';
import { findRole } from '../../role/repository.js';
import { findPermission, type PermissionRow } from '../repository.js';
import { knownListOf } from './known-lists.js';
import {
  type DataRuleRow,
  deleteRuleRow,
  findRule,
  insertRule,
  replaceRoleSelection,
  rulesOfMenu,
  selectedRuleIds,
  updateRule,
} from './repository.js';

const present = (r: DataRuleRow): DataRuleItem => ({
  id: r.id,
  permissionId: r.permissionId,
  ruleName: r.ruleName,
  ruleColumn: r.ruleColumn,
  ruleConditions: r.ruleConditions as DataRuleCondition,
  ruleValue: r.ruleValue,
  status: r.status === '0' ? '0' : '1',
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

const describe = (r: Pick<DataRuleRow, 'ruleName' | 'ruleColumn' | 'ruleConditions' | 'ruleValue'>) =>
  `「${r.ruleName}」${r.ruleColumn} ${DATA_RULE_CONDITION_LABEL[r.ruleConditions as DataRuleCondition] ?? r.ruleConditions} ${r.ruleValue}`;

/** Rules belong to menus (menuType 1): directories serve no list and buttons no data. */
async function menuOf(db: Executor, permissionId: string): Promise<PermissionRow> {
  const menu = await findPermission(db, permissionId);
  if (!menu) throw notFound('菜单不存在或已删除');
  if (menu.menuType !== 1)
    throw badRequest('数据规则只能配置在菜单上（目录和按钮不能配置）', { field: 'permissionId' });
  return menu;
}

/** A rule for a menu whose list is known must name one of its columns and fit the column's type. */
function assertRuleFits(menu: PermissionRow, rule: Pick<DataRuleRow, 'ruleColumn' | 'ruleConditions' | 'ruleValue'>) {
  const list = knownListOf(menu.path);
  if (list) {
    const problem = ruleProblem(rule, list.columns);
    if (problem) {
      const field = problem.startsWith('规则字段') ? 'ruleColumn' : 'ruleValue';
      throw badRequest(problem, { field });
    }
    return;
  }
  const unknown = unknownVariable(rule.ruleValue);
  if (unknown !== undefined) throw badRequest(`规则值中的系统变量 #{${unknown}} 不存在`, { field: 'ruleValue' });
}

export async function menuRules(db: Db, query: DataRuleListQuery): Promise<DataRuleItem[]> {
  await menuOf(db, query.permissionId);
  return (await rulesOfMenu(db, query.permissionId, query)).map(present);
}

export async function menuRuleColumns(db: Db, permissionId: string): Promise<DataRuleColumnsResult> {
  const menu = await menuOf(db, permissionId);
  const list = knownListOf(menu.path);
  if (!list) return { known: false, columns: [] };
  return {
    known: true,
    columns: Object.keys(list.columns).map((name) => ({ name, label: list.labels[name] ?? name })),
  };
}

export async function addRule(db: Db, actor: Actor, input: DataRuleCreateInput): Promise<DataRuleItem> {
  const row = await db.transaction(async (tx) => {
    const menu = await menuOf(tx, input.permissionId);
    assertRuleFits(menu, input);
    const created = await insertRule(tx, input);
    await logOperation(tx, actor, {
      content: `新增数据规则：菜单「${menu.name}」${describe(created)}`,
      operateType: 'add',
      target: created.id,
    });
    return created;
  });
  return present(row);
}

export async function editRule(db: Db, actor: Actor, input: DataRuleUpdateInput): Promise<DataRuleItem> {
  const row = await db.transaction(async (tx) => {
    const existing = await findRule(tx, input.id);
    if (!existing) throw notFound('数据规则不存在或已删除');
    const menu = await menuOf(tx, existing.permissionId);
    assertRuleFits(menu, input);
    const { id, ...fields } = input;
    const updated = await updateRule(tx, id, { ...fields, updatedAt: new Date() });
    await logOperation(tx, actor, {
      content: `编辑数据规则：菜单「${menu.name}」${describe(updated)}`,
      operateType: 'edit',
      target: id,
    });
    return updated;
  });
  return present(row);
}

/** Deleting a rule also lifts it from every role that selected it. */
export async function deleteRule(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const existing = await findRule(tx, id);
    if (!existing) throw notFound('数据规则不存在或已删除');
    const menu = await findPermission(tx, existing.permissionId);
    await deleteRuleRow(tx, id);
    await logOperation(tx, actor, {
      content: `删除数据规则：菜单「${menu?.name ?? ''}」${describe(existing)}`,
      operateType: 'delete',
      target: id,
    });
  });
}

export async function roleMenuRules(db: Db, permissionId: string, roleId: string): Promise<RoleDataRuleResult> {
  await menuOf(db, permissionId);
  if (!(await findRole(db, roleId))) throw notFound('角色不存在');
  const rules = await rulesOfMenu(db, permissionId);
  return {
    rules: rules.map(present),
    selectedIds: await selectedRuleIds(
      db,
      roleId,
      rules.map((r) => r.id),
    ),
  };
}

/**
 * Replaces the role's selection among one menu's rules. Rules are read afresh on every list
 * request, so holders of the role see the change with their next call.
 */
async function roleHoldsMenu(db: Executor, roleId: string, permissionId: string): Promise<boolean> {
  const [row] = await db
    .select({ roleId: rolePermissions.roleId })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)))
    .limit(1);
  return Boolean(row);
}

export async function saveRoleMenuRules(db: Db, actor: Actor, input: SaveRoleDataRuleInput) {
  const selected = [...new Set(input.dataRuleIds)];
  await db.transaction(async (tx) => {
    const menu = await menuOf(tx, input.permissionId);
    const role = await findRole(tx, input.roleId);
    if (!role) throw notFound('角色不存在');
    const rules = await rulesOfMenu(tx, menu.id);
    const ofMenu = new Set(rules.map((r) => r.id));
    if (selected.some((id) => !ofMenu.has(id)))
      throw badRequest('所选规则不属于该菜单（字段 dataRuleIds）', { field: 'dataRuleIds' });
    // A rule narrows a list the role can open; on a menu the role does not hold it would mean nothing.
    if (selected.length && !(await roleHoldsMenu(tx, role.id, menu.id)))
      throw badRequest('该角色未被授予此菜单，不能选用其数据规则', { field: 'dataRuleIds' });
    await replaceRoleSelection(tx, role.id, [...ofMenu], selected);
    await logOperation(tx, actor, {
      content: `角色数据规则：${role.roleName}（${role.roleCode}）在菜单「${menu.name}」选用 ${selected.length} 条规则`,
      operateType: 'grant',
      target: role.id,
    });
  });
}
