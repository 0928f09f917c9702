import { Perm, type PermissionNode, type PermissionTreeNode, type UserPermissionResult } from '@odp/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, permissions, rolePermissions } from '../../../db/schema/index.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { permissionIdByPerms, roleWith } from './fixtures.js';

let ctx: TestContext;
let token: string;
let readOnlyToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const manager = await roleWith(ctx.db, [
    Perm.permissionList,
    Perm.permissionAdd,
    Perm.permissionEdit,
    Perm.permissionDelete,
    Perm.roleAssign,
  ]);
  token = (await signedIn(ctx, { roles: [manager.roleCode] })).token;
  const reader = await roleWith(ctx.db, [Perm.permissionList]);
  readOnlyToken = (await signedIn(ctx, { roles: [reader.roleCode] })).token;
});
afterAll(() => ctx.close());

const permissionCount = async () => (await ctx.db.select({ n: count() }).from(permissions))[0].n;
const logOf = async (operateType: string, target: string) =>
  ctx.db
    .select()
    .from(logs)
    .where(and(eq(logs.operateType, operateType), eq(logs.target, target)));
const find = <T extends { children?: T[] }>(nodes: T[], test: (n: T) => boolean): T | undefined => {
  for (const n of nodes) {
    if (test(n)) return n;
    const hit = find(n.children ?? [], test);
    if (hit) return hit;
  }
  return undefined;
};

const menu = (overrides: Record<string, unknown> = {}) => ({
  name: '测试菜单',
  menuType: 1,
  path: '/test/menu',
  component: 'admin/test/TestPage',
  icon: 'HomeOutlined',
  sortNo: 3,
  ...overrides,
});

describe('GET /sys/permission/list', () => {
  it('needs a token and the permission', async () => {
    expect((await call(ctx, 'GET', '/sys/permission/list')).status).toBe(401);
    const { token: registered } = await signedIn(ctx, { roles: ['registered'] });
    expect((await call(ctx, 'GET', '/sys/permission/list', { token: registered })).status).toBe(403);
  });

  it('returns the whole tree with every field', async () => {
    const res = await call<PermissionNode[]>(ctx, 'GET', '/sys/permission/list', { token: readOnlyToken });
    expect(res.status).toBe(200);
    const system = res.body.result.find((n) => n.path === '/system');
    expect(system).toMatchObject({ name: '系统管理', menuType: 0, status: '0', hidden: false });
    const users = system?.children?.find((n) => n.path === '/system/User');
    expect(users).toMatchObject({ component: 'admin/system/UserPage', perms: Perm.userList, keepAlive: true });
    expect(users?.children?.map((b) => b.perms)).toContain(Perm.userAdd);
  });
});

describe('GET /sys/permission/queryTreeList', () => {
  it('gives the slim tree of menus and buttons to those who assign', async () => {
    expect((await call(ctx, 'GET', '/sys/permission/queryTreeList', { token: readOnlyToken })).status).toBe(403);
    const res = await call<PermissionTreeNode[]>(ctx, 'GET', '/sys/permission/queryTreeList', { token });
    expect(res.status).toBe(200);
    const add = find(res.body.result, (n) => n.perms === Perm.userAdd);
    expect(add).toMatchObject({ title: '新增用户', menuType: 2, children: [] });
    expect(add?.key).toBe(add?.value);
    expect(Object.keys(add ?? {}).sort()).toEqual(['children', 'key', 'menuType', 'perms', 'title', 'value']);
  });
});

describe('POST /sys/permission/add, PUT edit, DELETE delete', () => {
  it('adds a menu and a button under it, edits and deletes them, each with a log row', async () => {
    const added = await call<PermissionNode>(ctx, 'POST', '/sys/permission/add', { token, body: menu() });
    expect(added.status).toBe(200);
    const menuId = added.body.result.id;
    expect(await logOf('add', menuId)).toHaveLength(1);

    const button = await call<PermissionNode>(ctx, 'POST', '/sys/permission/add', {
      token,
      body: { parentId: menuId, name: '测试按钮', menuType: 2, perms: 'test:menu:add' },
    });
    expect(button.status).toBe(200);
    const buttonId = button.body.result.id;

    const edited = await call<PermissionNode>(ctx, 'PUT', '/sys/permission/edit', {
      token,
      body: menu({ id: menuId, name: '测试菜单改', hidden: true, keepAlive: true, status: '1', redirect: '/x' }),
    });
    expect(edited.status).toBe(200);
    const [row] = await ctx.db.select().from(permissions).where(eq(permissions.id, menuId));
    expect(row).toMatchObject({ name: '测试菜单改', hidden: true, keepAlive: true, status: '1', redirect: '/x' });
    expect(await logOf('edit', menuId)).toHaveLength(1);

    const refused = await call(ctx, 'DELETE', '/sys/permission/delete', { token, query: { id: menuId } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/存在子菜单或按钮/);

    expect((await call(ctx, 'DELETE', '/sys/permission/delete', { token, query: { id: buttonId } })).status).toBe(200);
    expect((await call(ctx, 'DELETE', '/sys/permission/delete', { token, query: { id: menuId } })).status).toBe(200);
    expect(await ctx.db.select().from(permissions).where(eq(permissions.id, menuId))).toHaveLength(0);
    expect(await logOf('delete', buttonId)).toHaveLength(1);
  });

  it('answers 400 and writes nothing for bad input', async () => {
    const before = await permissionCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [menu({ path: '' }), /目录和菜单必须填写路由地址/],
      [{ name: '按钮', menuType: 2 }, /按钮必须填写授权标识/],
      [{ name: '按钮', menuType: 2, perms: 'no spaces allowed' }, /授权标识格式不正确/],
      [{ name: '按钮', menuType: 2, perms: Perm.userAdd }, /授权标识已被「新增用户」使用/],
      [menu({ name: '' }), /请输入菜单名称/],
      [menu({ menuType: 5 }), /菜单类型只能是/],
      [menu({ status: '2' }), /状态只能是/],
      [menu({ parentId: '00000000-0000-4000-8000-000000000000' }), /上级菜单不存在/],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx, 'POST', '/sys/permission/add', { token, body });
      expect(res.status, String(message)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const forbidden = await call(ctx, 'POST', '/sys/permission/add', { token: readOnlyToken, body: menu() });
    expect(forbidden.status).toBe(403);
    expect(await permissionCount()).toBe(before);
  });

  it('refuses to move a menu under itself', async () => {
    const parent = await call<PermissionNode>(ctx, 'POST', '/sys/permission/add', {
      token,
      body: menu({ menuType: 0, path: '/loop' }),
    });
    const child = await call<PermissionNode>(ctx, 'POST', '/sys/permission/add', {
      token,
      body: menu({ parentId: parent.body.result.id, path: '/loop/child' }),
    });
    const res = await call(ctx, 'PUT', '/sys/permission/edit', {
      token,
      body: menu({ id: parent.body.result.id, menuType: 0, path: '/loop', parentId: child.body.result.id }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('上级菜单不能是自己或自己的下级');
    const [row] = await ctx.db.select().from(permissions).where(eq(permissions.id, parent.body.result.id));
    expect(row.parentId).toBeNull();
  });
});

describe('role permissions', () => {
  it('replaces a role grants in one go, with a log row, and refuses unknown ids', async () => {
    const role = await roleWith(ctx.db, [Perm.userList]);
    const addId = await permissionIdByPerms(ctx.db, Perm.userAdd);
    const editId = await permissionIdByPerms(ctx.db, Perm.userEdit);

    expect(
      (await call(ctx, 'POST', '/sys/permission/saveRolePermission', { body: { roleId: role.id, permissionIds: [] } }))
        .status,
    ).toBe(401);
    const forbidden = await call(ctx, 'POST', '/sys/permission/saveRolePermission', {
      token: readOnlyToken,
      body: { roleId: role.id, permissionIds: [addId] },
    });
    expect(forbidden.status).toBe(403);

    const bad = await call(ctx, 'POST', '/sys/permission/saveRolePermission', {
      token,
      body: { roleId: role.id, permissionIds: [addId, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(bad.status).toBe(400);
    const grants = async () =>
      (await ctx.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).map(
        (g) => g.permissionId,
      );
    expect(await grants()).toEqual([await permissionIdByPerms(ctx.db, Perm.userList)]);

    // The original client sends a comma-separated string.
    const res = await call(ctx, 'POST', '/sys/permission/saveRolePermission', {
      token,
      body: { roleId: role.id, permissionIds: `${addId},${editId}` },
    });
    expect(res.status).toBe(200);
    expect((await grants()).sort()).toEqual([addId, editId].sort());
    expect(await logOf('grant', role.id)).toHaveLength(1);

    const read = await call<string[]>(ctx, 'GET', '/sys/permission/queryRolePermission', {
      token,
      query: { roleId: role.id },
    });
    expect(read.body.result.sort()).toEqual([addId, editId].sort());
  });

  it('takes effect on the next call: a revoked menu gives 403 and leaves the menu', async () => {
    const role = await roleWith(ctx.db, []);
    const { token: officer } = await signedIn(ctx, { roles: [role.roleCode] });
    const systemId = (await ctx.db.select().from(permissions).where(eq(permissions.path, '/system')))[0].id;
    const userListId = await permissionIdByPerms(ctx.db, Perm.userList);
    const grant = (permissionIds: string[]) =>
      call(ctx, 'POST', '/sys/permission/saveRolePermission', { token, body: { roleId: role.id, permissionIds } });
    const menuPaths = async () => {
      const res = await call<UserPermissionResult>(ctx, 'GET', '/sys/permission/getUserPermissionByToken', {
        token: officer,
      });
      const paths: string[] = [];
      const walk = (items: UserPermissionResult['menu']) => {
        for (const m of items) {
          paths.push(m.path);
          walk(m.children ?? []);
        }
      };
      walk(res.body.result.menu);
      return paths;
    };

    expect((await call(ctx, 'GET', '/sys/user/list', { token: officer })).status).toBe(403);
    expect((await grant([systemId, userListId])).status).toBe(200);
    expect((await call(ctx, 'GET', '/sys/user/list', { token: officer })).status).toBe(200);
    expect(await menuPaths()).toContain('/system/User');

    expect((await grant([systemId])).status).toBe(200);
    expect((await call(ctx, 'GET', '/sys/user/list', { token: officer })).status).toBe(403);
    expect(await menuPaths()).not.toContain('/system/User');
  });
});
