import {
  type CatalogueItem,
  CataloguePerm,
  type DataRuleColumnsResult,
  type DataRuleItem,
  type Page,
  Perm,
  type RoleDataRuleResult,
  type UserItem,
} from '@odp/contracts';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import { logs, permissionDataRules, permissions, roleDataRules, roles, users } from '../../../../db/schema/index.js';
import { createCatalogue } from '../../../../test/catalogue.js';
import { createDepart, createUser, login, signedIn } from '../../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../../test/harness.js';
import { roleWith } from '../fixtures.js';

let ctx: TestContext;
let managerToken: string;
let readerToken: string;
let registeredToken: string;
let userMenuId: string;
let catalogueMenuId: string;
let roleMenuId: string;
let buttonId: string;
let directoryId: string;

const idOf = async (db: Db, path: string, menuType = 1) => {
  const [row] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.path, path), eq(permissions.menuType, menuType)));
  if (!row) throw new Error(`no menu ${path}`);
  return row.id;
};

beforeAll(async () => {
  ctx = await createTestApp();
  const manager = await roleWith(ctx.db, [Perm.permissionList, Perm.dataRuleEdit, Perm.roleAssign]);
  managerToken = (await signedIn(ctx, { roles: [manager.roleCode] })).token;
  const reader = await roleWith(ctx.db, [Perm.permissionList]);
  readerToken = (await signedIn(ctx, { roles: [reader.roleCode] })).token;
  registeredToken = (await signedIn(ctx, { roles: ['registered'] })).token;
  userMenuId = await idOf(ctx.db, '/system/User');
  catalogueMenuId = await idOf(ctx.db, '/cataloguemanage/list');
  roleMenuId = await idOf(ctx.db, '/system/role');
  directoryId = await idOf(ctx.db, '/system', 0);
  const [button] = await ctx.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.perms, Perm.userAdd));
  buttonId = button.id;
});
afterAll(() => ctx.close());

const ruleCount = async () => (await ctx.db.select({ n: count() }).from(permissionDataRules))[0].n;
const selectionCount = async () => (await ctx.db.select({ n: count() }).from(roleDataRules))[0].n;
const logOf = (operateType: string, target: string) =>
  ctx.db
    .select()
    .from(logs)
    .where(and(eq(logs.operateType, operateType), eq(logs.target, target)));

const ruleBody = (overrides: Record<string, unknown> = {}) => ({
  permissionId: userMenuId,
  ruleName: '本部门用户',
  ruleColumn: 'orgCode',
  ruleConditions: '=',
  ruleValue: '#{sys_org_code}',
  status: '1',
  ...overrides,
});

const addRule = async (overrides: Record<string, unknown> = {}) => {
  const res = await call<DataRuleItem>(ctx, 'POST', '/sys/permission/addPermissionRule', {
    token: managerToken,
    body: ruleBody(overrides),
  });
  if (res.status !== 200) throw new Error(`add rule failed: ${res.body.message}`);
  return res.body.result;
};

const select = (permissionId: string, roleId: string, dataRuleIds: string[], token = managerToken) =>
  call(ctx, 'POST', '/sys/role/datarule', { token, body: { permissionId, roleId, dataRuleIds } });

describe('POST /sys/permission/addPermissionRule', () => {
  it('saves a rule on a menu and logs it', async () => {
    const res = await call<DataRuleItem>(ctx, 'POST', '/sys/permission/addPermissionRule', {
      token: managerToken,
      body: ruleBody({ ruleName: '新增测试规则' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      permissionId: userMenuId,
      ruleName: '新增测试规则',
      ruleColumn: 'orgCode',
      ruleConditions: '=',
      ruleValue: '#{sys_org_code}',
      status: '1',
    });
    const [row] = await ctx.db.select().from(permissionDataRules).where(eq(permissionDataRules.id, res.body.result.id));
    expect(row).toMatchObject({ ruleName: '新增测试规则', ruleColumn: 'orgCode' });
    expect(await logOf('add', res.body.result.id)).toHaveLength(1);
  });

  it('accepts any column on a menu whose list is not rule-aware', async () => {
    const res = await call(ctx, 'POST', '/sys/permission/addPermissionRule', {
      token: managerToken,
      body: ruleBody({ permissionId: roleMenuId, ruleColumn: 'roleCode', ruleValue: 'x' }),
    });
    expect(res.status).toBe(200);
  });

  it('needs a token and the permission', async () => {
    const before = await ruleCount();
    expect((await call(ctx, 'POST', '/sys/permission/addPermissionRule', { body: ruleBody() })).status).toBe(401);
    expect(
      (await call(ctx, 'POST', '/sys/permission/addPermissionRule', { token: readerToken, body: ruleBody() })).status,
    ).toBe(403);
    expect(await ruleCount()).toBe(before);
  });

  it.each([
    ['an unknown column of a known list', { ruleColumn: 'passwordHash' }, /规则字段 passwordHash 不在/],
    ['a raw SQL condition', { ruleConditions: 'SQL_RULES', ruleValue: '1=1' }, /请选择条件/],
    ['an unknown variable', { ruleValue: '#{sys_password}' }, /#\{sys_password\} 不存在/],
    ['a literal the column cannot hold', { ruleColumn: 'status', ruleValue: '正常' }, /类型不符/],
    ['an empty value', { ruleValue: ' ' }, /请输入规则值/],
    ['a button', { permissionId: 'BUTTON' }, /只能配置在菜单上/],
    ['a directory', { permissionId: 'DIRECTORY' }, /只能配置在菜单上/],
  ])('refuses %s with 400 and writes nothing', async (_, overrides, message) => {
    const before = await ruleCount();
    const body = ruleBody(overrides);
    if (body.permissionId === 'BUTTON') body.permissionId = buttonId;
    if (body.permissionId === 'DIRECTORY') body.permissionId = directoryId;
    const res = await call(ctx, 'POST', '/sys/permission/addPermissionRule', { token: managerToken, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await ruleCount()).toBe(before);
  });
});

describe('GET /sys/permission/getPermRuleListByPermId and queryPermissionRule', () => {
  it('list and search the rules of one menu', async () => {
    const a = await addRule({
      ruleName: '查询甲',
      ruleColumn: 'username',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: 'qa',
    });
    const b = await addRule({ ruleName: '查询乙', ruleColumn: 'realname', ruleConditions: 'LIKE', ruleValue: '王' });
    const all = await call<DataRuleItem[]>(ctx, 'GET', '/sys/permission/getPermRuleListByPermId', {
      token: readerToken,
      query: { permissionId: userMenuId },
    });
    expect(all.status).toBe(200);
    const ids = all.body.result.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(all.body.result.every((r) => r.permissionId === userMenuId)).toBe(true);

    const byName = await call<DataRuleItem[]>(ctx, 'GET', '/sys/permission/queryPermissionRule', {
      token: readerToken,
      query: { permissionId: userMenuId, ruleName: '查询' },
    });
    expect(byName.body.result.map((r) => r.id)).toEqual([a.id, b.id]);
    const byColumn = await call<DataRuleItem[]>(ctx, 'GET', '/sys/permission/queryPermissionRule', {
      token: readerToken,
      query: { permissionId: userMenuId, ruleName: '查询', ruleColumn: 'realname' },
    });
    expect(byColumn.body.result.map((r) => r.id)).toEqual([b.id]);
  });

  it('are refused without a token, without the permission, and for a bad or non-menu id', async () => {
    const path = '/sys/permission/getPermRuleListByPermId';
    expect((await call(ctx, 'GET', path, { query: { permissionId: userMenuId } })).status).toBe(401);
    expect((await call(ctx, 'GET', path, { token: registeredToken, query: { permissionId: userMenuId } })).status).toBe(
      403,
    );
    const bad = await call(ctx, 'GET', path, { token: readerToken, query: { permissionId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/菜单 ID 格式不正确/);
    expect((await call(ctx, 'GET', path, { token: readerToken, query: { permissionId: buttonId } })).status).toBe(400);
    expect(
      (await call(ctx, 'GET', '/sys/permission/queryPermissionRule', { query: { permissionId: userMenuId } })).status,
    ).toBe(401);
  });
});

describe('the seeded example', () => {
  it('is one disabled rule on 用户管理, selected by no role', async () => {
    const res = await call<DataRuleItem[]>(ctx, 'GET', '/sys/permission/queryPermissionRule', {
      token: readerToken,
      query: { permissionId: userMenuId, ruleName: '示例' },
    });
    expect(res.body.result).toHaveLength(1);
    expect(res.body.result[0]).toMatchObject({ ruleColumn: 'orgCode', ruleValue: '#{sys_org_code}', status: '0' });
    expect(await ctx.db.select().from(roleDataRules).where(eq(roleDataRules.ruleId, res.body.result[0].id))).toEqual(
      [],
    );
  });
});

describe('GET /sys/permission/dataRuleColumns', () => {
  it('names the columns of a rule-aware list, and says when a menu has none', async () => {
    const users = await call<DataRuleColumnsResult>(ctx, 'GET', '/sys/permission/dataRuleColumns', {
      token: readerToken,
      query: { permissionId: userMenuId },
    });
    expect(users.status).toBe(200);
    expect(users.body.result.known).toBe(true);
    expect(users.body.result.columns).toContainEqual({ name: 'orgCode', label: '当前部门编码' });
    const catalogue = await call<DataRuleColumnsResult>(ctx, 'GET', '/sys/permission/dataRuleColumns', {
      token: readerToken,
      query: { permissionId: catalogueMenuId },
    });
    expect(catalogue.body.result.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['openType', 'orgCode']));
    const role = await call<DataRuleColumnsResult>(ctx, 'GET', '/sys/permission/dataRuleColumns', {
      token: readerToken,
      query: { permissionId: roleMenuId },
    });
    expect(role.body.result).toEqual({ known: false, columns: [] });
    expect(
      (await call(ctx, 'GET', '/sys/permission/dataRuleColumns', { query: { permissionId: userMenuId } })).status,
    ).toBe(401);
    const columnsOf = (token: string, permissionId: string) =>
      call(ctx, 'GET', '/sys/permission/dataRuleColumns', { token, query: { permissionId } });
    expect((await columnsOf(registeredToken, userMenuId)).status).toBe(403);
    expect((await columnsOf(readerToken, 'x')).status).toBe(400);
    expect((await columnsOf(readerToken, buttonId)).status).toBe(400);
  });
});

describe('PUT /sys/permission/editPermissionRule', () => {
  it('changes the rule (not its menu) and logs it', async () => {
    const rule = await addRule({ ruleName: '编辑前' });
    const res = await call<DataRuleItem>(ctx, 'PUT', '/sys/permission/editPermissionRule', {
      token: managerToken,
      body: { id: rule.id, ruleName: '编辑后', ruleColumn: 'sex', ruleConditions: 'IN', ruleValue: '1,2', status: '0' },
    });
    expect(res.status).toBe(200);
    const [row] = await ctx.db.select().from(permissionDataRules).where(eq(permissionDataRules.id, rule.id));
    expect(row).toMatchObject({
      permissionId: userMenuId,
      ruleName: '编辑后',
      ruleColumn: 'sex',
      ruleConditions: 'IN',
      ruleValue: '1,2',
      status: '0',
    });
    expect(await logOf('edit', rule.id)).toHaveLength(1);
  });

  it('refuses 401, 403, an unknown rule and a bad column, changing nothing', async () => {
    const rule = await addRule({ ruleName: '不可改' });
    const body = { id: rule.id, ruleName: '改了', ruleColumn: 'orgCode', ruleConditions: '=', ruleValue: 'X' };
    expect((await call(ctx, 'PUT', '/sys/permission/editPermissionRule', { body })).status).toBe(401);
    expect((await call(ctx, 'PUT', '/sys/permission/editPermissionRule', { token: readerToken, body })).status).toBe(
      403,
    );
    const bad = await call(ctx, 'PUT', '/sys/permission/editPermissionRule', {
      token: managerToken,
      body: { ...body, ruleColumn: 'password_hash' },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await call(ctx, 'PUT', '/sys/permission/editPermissionRule', {
          token: managerToken,
          body: { ...body, id: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);
    const [row] = await ctx.db.select().from(permissionDataRules).where(eq(permissionDataRules.id, rule.id));
    expect(row).toMatchObject({ ruleName: '不可改', ruleValue: '#{sys_org_code}' });
  });
});

describe('DELETE /sys/permission/deletePermissionRule', () => {
  it('deletes the rule with the roles’ selections of it, and logs it', async () => {
    const rule = await addRule({ ruleName: '待删除' });
    const role = await roleWith(ctx.db, [Perm.userList, CataloguePerm.list]);
    expect((await select(userMenuId, role.id, [rule.id])).status).toBe(200);
    const res = await call(ctx, 'DELETE', '/sys/permission/deletePermissionRule', {
      token: managerToken,
      query: { id: rule.id },
    });
    expect(res.status).toBe(200);
    expect(await ctx.db.select().from(permissionDataRules).where(eq(permissionDataRules.id, rule.id))).toEqual([]);
    expect(await ctx.db.select().from(roleDataRules).where(eq(roleDataRules.roleId, role.id))).toEqual([]);
    expect(await logOf('delete', rule.id)).toHaveLength(1);
  });

  it('refuses 401, 403 and a bad id, deleting nothing', async () => {
    const rule = await addRule({ ruleName: '不可删' });
    const before = await ruleCount();
    const path = '/sys/permission/deletePermissionRule';
    expect((await call(ctx, 'DELETE', path, { query: { id: rule.id } })).status).toBe(401);
    expect((await call(ctx, 'DELETE', path, { token: readerToken, query: { id: rule.id } })).status).toBe(403);
    const bad = await call(ctx, 'DELETE', path, { token: managerToken, query: { id: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/规则 ID 格式不正确/);
    expect(await ruleCount()).toBe(before);
  });
});

describe('role selection: GET /sys/role/datarule/:permissionId/:roleId and POST /sys/role/datarule', () => {
  it('refuses rules of a menu the role does not hold, writing nothing', async () => {
    const rule = await addRule({ permissionId: userMenuId });
    const role = await roleWith(ctx.db, []);
    const before = await selectionCount();
    const res = await select(userMenuId, role.id, [rule.id]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('该角色未被授予此菜单，不能选用其数据规则');
    expect(await selectionCount()).toBe(before);
  });

  it('shows the menu rules with the role’s selection, and replaces the selection for that menu only', async () => {
    const r1 = await addRule({ ruleName: '角色甲' });
    const r2 = await addRule({ ruleName: '角色乙', ruleColumn: 'status', ruleValue: '1' });
    const other = await addRule({
      permissionId: catalogueMenuId,
      ruleName: '目录规则',
      ruleColumn: 'openType',
      ruleConditions: 'IN',
      ruleValue: '1,2',
    });
    const role = await roleWith(ctx.db, [Perm.userList, CataloguePerm.list]);
    expect((await select(catalogueMenuId, role.id, [other.id])).status).toBe(200);
    const saved = await select(userMenuId, role.id, [r1.id, r2.id]);
    expect(saved.status).toBe(200);
    expect(await logOf('grant', role.id)).toHaveLength(2);

    const got = await call<RoleDataRuleResult>(ctx, 'GET', `/sys/role/datarule/${userMenuId}/${role.id}`, {
      token: managerToken,
    });
    expect(got.status).toBe(200);
    expect(got.body.result.rules.map((r) => r.id)).toEqual(expect.arrayContaining([r1.id, r2.id]));
    expect(got.body.result.rules.map((r) => r.id)).not.toContain(other.id);
    expect(got.body.result.selectedIds.sort()).toEqual([r1.id, r2.id].sort());

    expect((await select(userMenuId, role.id, [r2.id])).status).toBe(200);
    const rows = await ctx.db
      .select({ ruleId: roleDataRules.ruleId })
      .from(roleDataRules)
      .where(eq(roleDataRules.roleId, role.id));
    expect(rows.map((r) => r.ruleId).sort()).toEqual([r2.id, other.id].sort());
  });

  it('refuses 401, 403, a rule of another menu, a non-menu and an unknown role, writing nothing', async () => {
    const mine = await addRule({ ruleName: '本菜单' });
    const foreign = await addRule({
      permissionId: roleMenuId,
      ruleName: '别的菜单',
      ruleColumn: 'roleCode',
      ruleValue: 'x',
    });
    const role = await roleWith(ctx.db, []);
    const before = await selectionCount();
    expect(
      (
        await call(ctx, 'POST', '/sys/role/datarule', {
          body: { permissionId: userMenuId, roleId: role.id, dataRuleIds: [] },
        })
      ).status,
    ).toBe(401);
    expect((await select(userMenuId, role.id, [mine.id], readerToken)).status).toBe(403);
    const wrong = await select(userMenuId, role.id, [mine.id, foreign.id]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/不属于该菜单/);
    expect((await select(buttonId, role.id, [])).status).toBe(400);
    expect((await select(userMenuId, role.id, ['x'])).status).toBe(400);
    expect((await select(userMenuId, '00000000-0000-4000-8000-000000000000', [mine.id])).status).toBe(404);
    expect(await selectionCount()).toBe(before);

    const path = `/sys/role/datarule/${userMenuId}/${role.id}`;
    expect((await call(ctx, 'GET', path)).status).toBe(401);
    expect((await call(ctx, 'GET', path, { token: readerToken })).status).toBe(403);
    expect((await call(ctx, 'GET', `/sys/role/datarule/x/${role.id}`, { token: managerToken })).status).toBe(400);
  });
});

describe('enforcement on /sys/user/list', () => {
  it('restricts by the selected rules, follows the current department, and lifts at once', async () => {
    const deptA = await createDepart(ctx.db);
    const deptB = await createDepart(ctx.db);
    const viewerRole = await roleWith(ctx.db, [Perm.userList, Perm.departSwitch]);
    const viewer = await createUser(ctx.db, { roles: [viewerRole.roleCode], departs: [deptA, deptB] });
    const viewerToken = await login(ctx, viewer.username, viewer.password);
    const inA = await createUser(ctx.db, { departs: [deptA] });
    const inB = await createUser(ctx.db, { departs: [deptB] });
    await ctx.db.update(users).set({ realname: '张乙' }).where(eq(users.id, inB.id));
    const zhangInA = await createUser(ctx.db, { departs: [deptA] });
    await ctx.db.update(users).set({ realname: '张甲' }).where(eq(users.id, zhangInA.id));
    const adminToken = (await signedIn(ctx, { roles: ['admin'] })).token;

    const list = async (token: string, query: Record<string, string> = {}) => {
      const res = await call<Page<UserItem>>(ctx, 'GET', '/sys/user/list', {
        token,
        query: { pageNo: '1', pageSize: '200', ...query },
      });
      expect(res.status).toBe(200);
      return res.body.result;
    };
    const idsOf = (page: Page<UserItem>) => page.records.map((u) => u.id);

    // No rule selected: no restriction.
    expect(idsOf(await list(viewerToken))).toEqual(expect.arrayContaining([inA.id, inB.id, zhangInA.id]));

    const sameDept = await addRule({ ruleName: '本部门（测试）' });
    expect((await select(userMenuId, viewerRole.id, [sameDept.id])).status).toBe(200);
    const mineA = await list(viewerToken);
    expect(mineA.records.length).toBeGreaterThan(0);
    expect(mineA.records.every((u) => u.orgCode === deptA.orgCode)).toBe(true);
    expect(idsOf(mineA)).toEqual(expect.arrayContaining([inA.id, zhangInA.id, viewer.id]));
    expect(idsOf(mineA)).not.toContain(inB.id);
    expect(mineA.total).toBe(mineA.records.length);

    // The administrator has selected no rule: sees everyone.
    expect(idsOf(await list(adminToken))).toEqual(expect.arrayContaining([inA.id, inB.id]));

    // A literal rule ANDs with it.
    const zhang = await addRule({ ruleName: '姓张', ruleColumn: 'realname', ruleConditions: 'LIKE', ruleValue: '张' });
    expect((await select(userMenuId, viewerRole.id, [sameDept.id, zhang.id])).status).toBe(200);
    expect(idsOf(await list(viewerToken))).toEqual([zhangInA.id]);

    // Switching department changes what #{sys_org_code} means, at once.
    const switched = await call(ctx, 'PUT', '/sys/selectDepart', {
      token: viewerToken,
      body: { orgCode: deptB.orgCode },
    });
    expect(switched.status).toBe(200);
    expect(idsOf(await list(viewerToken))).toEqual([inB.id]);
    expect((await list(viewerToken)).records.every((u) => u.orgCode === deptB.orgCode)).toBe(true);

    // A disabled rule does not apply.
    await call(ctx, 'PUT', '/sys/permission/editPermissionRule', {
      token: managerToken,
      body: {
        id: zhang.id,
        ruleName: '姓张',
        ruleColumn: 'realname',
        ruleConditions: 'LIKE',
        ruleValue: '张',
        status: '0',
      },
    });
    const onlyDept = await list(viewerToken);
    expect(idsOf(onlyDept)).toEqual(expect.arrayContaining([inB.id, viewer.id]));
    expect(onlyDept.records.every((u) => u.orgCode === deptB.orgCode)).toBe(true);

    // Removing the role's selection lifts the restriction with the next request.
    expect((await select(userMenuId, viewerRole.id, [])).status).toBe(200);
    expect(idsOf(await list(viewerToken))).toEqual(expect.arrayContaining([inA.id, inB.id, zhangInA.id]));
  });

  it('restricts administrators too once their role selected a rule', async () => {
    const dept = await createDepart(ctx.db);
    const admin = await createUser(ctx.db, { roles: ['admin'], departs: [dept] });
    const adminToken = await login(ctx, admin.username, admin.password);
    const other = await createUser(ctx.db);
    const [adminRole] = await ctx.db.select().from(roles).where(eq(roles.roleCode, 'admin'));
    const onlyMe = await addRule({ ruleName: '只看自己', ruleColumn: 'username', ruleValue: '#{sys_user_code}' });
    try {
      expect((await select(userMenuId, adminRole.id, [onlyMe.id])).status).toBe(200);
      const res = await call<Page<UserItem>>(ctx, 'GET', '/sys/user/list', { token: adminToken });
      expect(res.body.result.records.map((u) => u.id)).toEqual([admin.id]);
      expect(res.body.result.records.map((u) => u.id)).not.toContain(other.id);
    } finally {
      await select(userMenuId, adminRole.id, []);
    }
  });

  it('denies everything when a selected rule names a column the list does not know', async () => {
    const role = await roleWith(ctx.db, [Perm.userList]);
    const { token } = await signedIn(ctx, { roles: [role.roleCode] });
    // Written past the API, as an old or hand-made row would be.
    const [bad] = await ctx.db
      .insert(permissionDataRules)
      .values({
        permissionId: userMenuId,
        ruleName: '坏规则',
        ruleColumn: 'password_hash',
        ruleConditions: '=',
        ruleValue: 'x',
      })
      .returning();
    await ctx.db.insert(roleDataRules).values({ roleId: role.id, ruleId: bad.id });
    const res = await call<Page<UserItem>>(ctx, 'GET', '/sys/user/list', { token });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ records: [], total: 0 });
  });
});

describe('enforcement on /api/cataLog/page', () => {
  it('narrows the catalogue list by openType IN 1,2, within the department scope', async () => {
    const dept = await createDepart(ctx.db);
    const otherDept = await createDepart(ctx.db);
    const tag = `规则目录${Date.now()}`;
    const open1 = await createCatalogue(ctx.db, { orgCode: dept.orgCode, openType: '1', catalogName: `${tag}一` });
    const open2 = await createCatalogue(ctx.db, { orgCode: dept.orgCode, openType: '2', catalogName: `${tag}二` });
    const open3 = await createCatalogue(ctx.db, { orgCode: dept.orgCode, openType: '3', catalogName: `${tag}三` });
    const foreign = await createCatalogue(ctx.db, {
      orgCode: otherDept.orgCode,
      openType: '1',
      catalogName: `${tag}外`,
    });
    // An officer: the department scope applies (no catalog:review).
    const officerRole = await roleWith(ctx.db, [CataloguePerm.list, CataloguePerm.export]);
    const officer = await signedIn(ctx, { roles: [officerRole.roleCode], departs: [dept] });
    const page = async () => {
      const res = await call<Page<CatalogueItem>>(ctx, 'POST', '/api/cataLog/page', {
        token: officer.token,
        body: { catalogName: tag, pageNo: 1, pageSize: 50 },
      });
      expect(res.status).toBe(200);
      return res.body.result.records.map((r) => r.id).sort();
    };
    expect(await page()).toEqual([open1.id, open2.id, open3.id].sort());

    const rule = await addRule({
      permissionId: catalogueMenuId,
      ruleName: '开放类型 1、2',
      ruleColumn: 'openType',
      ruleConditions: 'IN',
      ruleValue: '1,2',
    });
    expect((await select(catalogueMenuId, officerRole.id, [rule.id])).status).toBe(200);
    expect(await page()).toEqual([open1.id, open2.id].sort());
    expect(await page()).not.toContain(foreign.id);
    // The export holds no more than the list.
    const exported = await ctx.app.inject({
      method: 'POST',
      url: `${ctx.base}/api/cataLog/exportExcel`,
      headers: { 'x-access-token': officer.token },
      payload: { catalogName: tag },
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(3); // the header and the two entries

    expect((await select(catalogueMenuId, officerRole.id, [])).status).toBe(200);
    expect(await page()).toEqual([open1.id, open2.id, open3.id].sort());
  });

  it('unknown rule column on the catalogue menu is refused at save time', async () => {
    const before = await ruleCount();
    const res = await call(ctx, 'POST', '/sys/permission/addPermissionRule', {
      token: managerToken,
      body: ruleBody({ permissionId: catalogueMenuId, ruleColumn: 'mount', ruleValue: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(await ruleCount()).toBe(before);
  });
});
