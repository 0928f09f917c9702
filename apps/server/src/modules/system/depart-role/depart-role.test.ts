import {
  type DepartMemberItem,
  type DepartRoleItem,
  type Page,
  Perm,
  type PermissionTreeNode,
  type UserPermissionResult,
} from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  departPermissions,
  departRolePermissions,
  departRoles,
  departRoleUsers,
  logs,
  userDeparts,
  users,
} from '../../../db/schema/index.js';
import { describeCrudRoutes } from '../../../test/crud-contract.js';
import { createDepart, createUser, login, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { permissionIdByPerms, roleWith } from '../permission/fixtures.js';
import { prune } from './service.js';

let ctx: TestContext;
/** Holds Perm.departRole. */
let token: string;
/** Signed in without Perm.departRole. */
let otherToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const manager = await roleWith(ctx.db, [Perm.departRole]);
  token = (await signedIn(ctx, { roles: [manager.roleCode] })).token;
  const other = await roleWith(ctx.db, [Perm.departList]);
  otherToken = (await signedIn(ctx, { roles: [other.roleCode] })).token;
});
afterAll(() => ctx.close());

const logOf = (operateType: string, target: string) =>
  ctx.db
    .select()
    .from(logs)
    .where(and(eq(logs.operateType, operateType), eq(logs.target, target)));
const rolesOf = (departId: string) => ctx.db.select().from(departRoles).where(eq(departRoles.departId, departId));

async function departWithRole(roleCode = 'clerk') {
  const depart = await createDepart(ctx.db);
  const [role] = await ctx.db
    .insert(departRoles)
    .values({ departId: depart.id, roleCode, roleName: '办事员' })
    .returning();
  return { depart, role };
}

describeCrudRoutes<DepartRoleItem>({
  label: '部门角色',
  base: '/sys/sysDepartRole',
  ctx: () => ctx,
  tokens: () => ({ editor: token, stranger: otherToken }),
  table: departRoles,
  id: departRoles.id,
  remove: 'delete',
  create: async () => ({
    departId: (await createDepart(ctx.db)).id,
    roleCode: 'auditor',
    roleName: '稽核员',
    description: '核对数据',
  }),
  find: (role) => ({ deptId: role.departId }),
  edit: (role) => ({ id: role.id, roleName: '高级稽核员', description: null }),
  refused: async () => {
    const { depart } = await departWithRole('taken');
    return [
      { body: { departId: depart.id, roleCode: 'taken', roleName: '重复' }, message: /该部门下已有相同编码的角色/ },
      { body: { departId: depart.id, roleCode: '1abc', roleName: '编码' }, message: /角色编码以字母开头/ },
      { body: { departId: depart.id, roleCode: 'ok', roleName: ' ' }, message: /请输入角色名称/ },
      {
        body: { departId: crypto.randomUUID(), roleCode: 'ok', roleName: '无部门' },
        status: 404,
        message: /^部门不存在或已删除$/,
      },
    ];
  },
  after: {
    add: async (role, _row, sent) => {
      expect(role).toMatchObject({ ...sent, userCount: 0 });
      // Another department may use the same code.
      const elsewhere = await createDepart(ctx.db);
      const same = await call(ctx, 'POST', '/sys/sysDepartRole/add', {
        token,
        body: { ...sent, departId: elsewhere.id },
      });
      expect(same.status).toBe(200);
    },
    edit: (_role, row) => expect(row).toMatchObject({ roleName: '高级稽核员', description: null }),
  },
});

describe('department roles: routes beyond list, add, edit and delete', () => {
  it('need a token and the permission', async () => {
    const { depart, role } = await departWithRole();
    const requests: [string, string, { query?: Record<string, string>; body?: unknown }][] = [
      ['GET', '/sys/sysDepartRole/memberList', { query: { departId: depart.id } }],
      ['GET', '/sys/sysDepartRole/getDeptRoleByUserId', { query: { departId: depart.id, userId: role.id } }],
      ['GET', '/sys/sysDepartPermission/queryTreeList', { query: { departId: depart.id } }],
      ['GET', '/sys/sysDepartPermission/queryDeptRolePermission', { query: { roleId: role.id } }],
      ['POST', '/sys/sysDepartPermission/saveDeptRolePermission', { body: { roleId: role.id, permissionIds: [] } }],
    ];
    for (const [method, path, opts] of requests) {
      expect((await call(ctx, method as 'GET', path, opts)).status, path).toBe(401);
      expect((await call(ctx, method as 'GET', path, { ...opts, token: otherToken })).status, path).toBe(403);
    }
    expect(await rolesOf(depart.id)).toEqual([role]);
  });

  it('refuse to delete a role its members hold', async () => {
    const { depart, role } = await departWithRole('taken');
    const member = await createUser(ctx.db, { departs: [depart] });
    await ctx.db.insert(departRoleUsers).values({ departRoleId: role.id, userId: member.id });
    const held = await call(ctx, 'DELETE', '/sys/sysDepartRole/delete', { token, query: { id: role.id } });
    expect(held.status).toBe(400);
    expect(held.body.message).toMatch(/还有 1 名成员/);
    expect(await rolesOf(depart.id)).toHaveLength(1);
  });
});

describe('department role members', () => {
  it("assigns roles to a member, lists members with their roles, and answers a member's roles", async () => {
    const { depart, role } = await departWithRole();
    const [second] = await ctx.db
      .insert(departRoles)
      .values({ departId: depart.id, roleCode: 'lead', roleName: '负责人' })
      .returning();
    const member = await createUser(ctx.db, { departs: [depart] });
    const res = await call(ctx, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      token,
      body: { userId: member.id, departId: depart.id, newRoleId: `${role.id},${second.id}`, oldRoleId: '' },
    });
    expect(res.status).toBe(200);
    expect(await logOf('grant', member.id)).toHaveLength(1);
    const mine = await call<string[]>(ctx, 'GET', '/sys/sysDepartRole/getDeptRoleByUserId', {
      token,
      query: { userId: member.id, departId: depart.id },
    });
    expect(mine.body.result.sort()).toEqual([role.id, second.id].sort());

    const narrowed = await call(ctx, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      token,
      body: { userId: member.id, departId: depart.id, newRoleId: [second.id], oldRoleId: [second.id, role.id] },
    });
    expect(narrowed.status).toBe(200);
    const members = await call<Page<DepartMemberItem>>(ctx, 'GET', '/sys/sysDepartRole/memberList', {
      token,
      query: { departId: depart.id },
    });
    expect(members.status).toBe(200);
    expect(members.body.result.records).toEqual([
      { userId: member.id, username: member.username, realname: member.realname, roleIds: [second.id] },
    ]);
  });

  it("refuses non-members, another department's role, and a stale editor, writing nothing", async () => {
    const { depart, role } = await departWithRole();
    const { role: foreignRole } = await departWithRole();
    const outsider = await createUser(ctx.db, { departs: [await createDepart(ctx.db)] });
    const member = await createUser(ctx.db, { departs: [depart] });
    await ctx.db.insert(departRoleUsers).values({ departRoleId: role.id, userId: member.id });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ userId: outsider.id, departId: depart.id, newRoleId: [role.id] }, /不是本部门成员/],
      [{ userId: member.id, departId: depart.id, newRoleId: [foreignRole.id] }, /不属于该部门/],
      [{ userId: member.id, departId: depart.id, newRoleId: [], oldRoleId: [] }, /已被他人修改/],
      [{ userId: member.id, departId: depart.id, newRoleId: 'abc' }, /角色 ID 格式不正确/],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const held = await ctx.db.select().from(departRoleUsers).where(eq(departRoleUsers.userId, member.id));
    expect(held.map((h) => h.departRoleId)).toEqual([role.id]);
    expect(await ctx.db.select().from(departRoleUsers).where(eq(departRoleUsers.userId, outsider.id))).toEqual([]);
  });
});

describe('department role grants', () => {
  it('offer only the tree the department holds, and save within it', async () => {
    const { depart, role } = await departWithRole();
    const menu = await permissionIdByPerms(ctx.db, Perm.tenantList);
    const button = await permissionIdByPerms(ctx.db, Perm.tenantEdit);
    const outside = await permissionIdByPerms(ctx.db, Perm.departList);
    await ctx.db.insert(departPermissions).values([
      { departId: depart.id, permissionId: menu },
      { departId: depart.id, permissionId: button },
    ]);
    const tree = await call<PermissionTreeNode[]>(ctx, 'GET', '/sys/sysDepartPermission/queryTreeList', {
      token,
      query: { departId: depart.id },
    });
    expect(tree.status).toBe(200);
    const text = JSON.stringify(tree.body.result);
    expect(text).toContain(menu);
    expect(text).toContain(button);
    expect(text).not.toContain(outside);

    const over = await call(ctx, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      token,
      body: { roleId: role.id, permissionIds: [menu, outside] },
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/有 1 项菜单或按钮超出了部门的权限范围/);
    expect(await ctx.db.$count(departRolePermissions, eq(departRolePermissions.departRoleId, role.id))).toBe(0);

    const saved = await call(ctx, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      token,
      body: { roleId: role.id, permissionIds: [menu, button] },
    });
    expect(saved.status).toBe(200);
    expect(await logOf('grant', role.id)).toHaveLength(1);
    const read = await call<string[]>(ctx, 'GET', '/sys/sysDepartPermission/queryDeptRolePermission', {
      token,
      query: { roleId: role.id },
    });
    expect(read.body.result.sort()).toEqual([menu, button].sort());
  });

  it('prune keeps a node the department holds or one with held nodes below', () => {
    const leaf = (key: string): PermissionTreeNode => ({
      key,
      value: key,
      title: key,
      menuType: 2,
      perms: null,
      children: [],
    });
    const tree: PermissionTreeNode[] = [
      { ...leaf('dir'), menuType: 0, children: [{ ...leaf('menu'), menuType: 1, children: [leaf('a'), leaf('b')] }] },
      leaf('lonely'),
    ];
    expect(prune(tree, new Set(['b']))).toEqual([
      { ...leaf('dir'), menuType: 0, children: [{ ...leaf('menu'), menuType: 1, children: [leaf('b')] }] },
    ]);
    expect(prune(tree, new Set())).toEqual([]);
  });
});

describe('effective grants through department roles', () => {
  it('give a user without system roles a menu and its button, withdrawn at once, and only in the current department', async () => {
    const menu = await permissionIdByPerms(ctx.db, Perm.tenantList);
    const button = await permissionIdByPerms(ctx.db, Perm.tenantEdit);
    const switchButton = await permissionIdByPerms(ctx.db, Perm.departSwitch);
    const { depart, role } = await departWithRole();
    const other = await createDepart(ctx.db);
    const user = await createUser(ctx.db, { departs: [depart, other] });
    const userToken = await login(ctx, user.username, user.password);
    const permissionsOf = async () =>
      (await call<UserPermissionResult>(ctx, 'GET', '/sys/permission/getUserPermissionByToken', { token: userToken }))
        .body.result;
    const tenantList = () => call(ctx, 'GET', '/sys/tenant/list', { token: userToken });
    const flatPaths = (items: UserPermissionResult['menu']): string[] =>
      items.flatMap((m) => [m.path, ...flatPaths(m.children ?? [])]);

    expect((await tenantList()).status).toBe(403);
    expect(flatPaths((await permissionsOf()).menu)).not.toContain('/system/tenant');

    const grant = (permissionIds: string[]) =>
      call(ctx, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
        token,
        body: { roleId: role.id, permissionIds },
      });
    await ctx.db
      .insert(departPermissions)
      .values([menu, button, switchButton].map((permissionId) => ({ departId: depart.id, permissionId })));
    expect((await grant([menu, button, switchButton])).status).toBe(200);
    // Granted to the role, but the user does not hold it yet.
    expect((await tenantList()).status).toBe(403);

    const assign = await call(ctx, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      token,
      body: { userId: user.id, departId: depart.id, newRoleId: [role.id] },
    });
    expect(assign.status).toBe(200);
    expect((await tenantList()).status).toBe(200);
    const granted = await permissionsOf();
    expect(flatPaths(granted.menu)).toContain('/system/tenant');
    expect(granted.auth.map((a) => a.action)).toContain(Perm.tenantEdit);

    // The role loses the menu: the next call is refused and the menu is gone.
    expect((await grant([button, switchButton])).status).toBe(200);
    expect((await tenantList()).status).toBe(403);
    expect(flatPaths((await permissionsOf()).menu)).not.toContain('/system/tenant');

    // The department loses it: the role's grant goes too.
    expect((await grant([menu, button, switchButton])).status).toBe(200);
    expect((await tenantList()).status).toBe(200);
    await ctx.db
      .delete(departPermissions)
      .where(and(eq(departPermissions.departId, depart.id), eq(departPermissions.permissionId, menu)));
    expect((await tenantList()).status).toBe(403);
    await ctx.db.insert(departPermissions).values({ departId: depart.id, permissionId: menu });
    expect((await tenantList()).status).toBe(200);

    // Switching department (allowed by the role's isDepartment:switch) leaves the role behind.
    const switched = await call(ctx, 'PUT', '/sys/selectDepart', {
      token: userToken,
      body: { orgCode: other.orgCode },
    });
    expect(switched.status).toBe(200);
    expect((await tenantList()).status).toBe(403);
    expect((await permissionsOf()).auth.map((a) => a.action)).not.toContain(Perm.tenantEdit);

    // Back in the department the grants return; removed from its members, they are gone although orgCode stays.
    await ctx.db.update(users).set({ orgCode: depart.orgCode }).where(eq(users.id, user.id));
    expect((await tenantList()).status).toBe(200);
    await ctx.db.delete(userDeparts).where(and(eq(userDeparts.userId, user.id), eq(userDeparts.departId, depart.id)));
    expect((await tenantList()).status).toBe(403);
  });
});
