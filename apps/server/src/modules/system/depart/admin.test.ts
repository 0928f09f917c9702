import { type DepartDetail, type DepartTreeNode, Perm, type PermissionTreeNode } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogues,
  departPermissions,
  departRolePermissions,
  departRoles,
  departs,
  logs,
  users,
} from '../../../db/schema/index.js';
import { createDepart, createUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { permissionIdByPerms, roleWith } from '../permission/fixtures.js';

let ctx: TestContext;
/** Holds every department permission. */
let token: string;
/** Signed in, but may only list departments. */
let readerToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const manager = await roleWith(ctx.db, [
    Perm.departList,
    Perm.departAdd,
    Perm.departEdit,
    Perm.departDelete,
    Perm.departPermission,
  ]);
  token = (await signedIn(ctx, { roles: [manager.roleCode] })).token;
  const reader = await roleWith(ctx.db, [Perm.departList]);
  readerToken = (await signedIn(ctx, { roles: [reader.roleCode] })).token;
});
afterAll(() => ctx.close());

const code = () => `D${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
const departCount = async () => ctx.db.$count(departs);
const logOf = (operateType: string, target: string) =>
  ctx.db
    .select()
    .from(logs)
    .where(and(eq(logs.operateType, operateType), eq(logs.target, target)));
const rowOf = async (id: string) => (await ctx.db.select().from(departs).where(eq(departs.id, id)))[0];

function find(nodes: DepartTreeNode[], id: string): DepartTreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

describe('POST /sys/sysDepart/add', () => {
  it('needs a token and the permission', async () => {
    const body = { departName: '无权部门', orgCode: code(), orgType: '1' };
    expect((await call(ctx, 'POST', '/sys/sysDepart/add', { body })).status).toBe(401);
    expect((await call(ctx, 'POST', '/sys/sysDepart/add', { token: readerToken, body })).status).toBe(403);
  });

  it('creates a department under a parent, logged, and it shows in the tree', async () => {
    const parent = await createDepart(ctx.db, { orgType: '0' });
    const orgCode = code();
    const res = await call<DepartDetail>(ctx, 'POST', '/sys/sysDepart/add', {
      token,
      body: {
        parentId: parent.id,
        departName: ' 滨江市测试局 ',
        departNameAbbr: '测试局',
        orgCode,
        orgType: '1',
        address: '滨江市人民路 1 号',
        phone: '0571-88001234',
        sortNo: 3,
      },
    });
    expect(res.status).toBe(200);
    const created = await rowOf(res.body.result.id);
    expect(created).toMatchObject({
      parentId: parent.id,
      departName: '滨江市测试局',
      departNameAbbr: '测试局',
      orgCode,
      orgType: '1',
      address: '滨江市人民路 1 号',
      phone: '0571-88001234',
      sortNo: 3,
    });
    expect(await logOf('add', created.id)).toHaveLength(1);
    const tree = await call<DepartTreeNode[]>(ctx, 'GET', '/sys/sysDepart/queryTreeList', { token: readerToken });
    expect(find(tree.body.result, parent.id)?.children.map((c) => c.id)).toEqual([created.id]);
    const detail = await call<DepartDetail>(ctx, 'GET', '/sys/sysDepart/queryById', {
      token: readerToken,
      query: { id: created.id },
    });
    expect(detail.body.result).toMatchObject({ id: created.id, phone: '0571-88001234', sortNo: 3 });
    expect((await call(ctx, 'GET', '/sys/sysDepart/queryById', { query: { id: created.id } })).status).toBe(401);
    const { token: plain } = await signedIn(ctx);
    const denied = await call(ctx, 'GET', '/sys/sysDepart/queryById', { token: plain, query: { id: created.id } });
    expect(denied.status).toBe(403);
  });

  it('refuses a taken code (even of a deleted department), a missing parent and a bad type, writing nothing', async () => {
    const taken = await createDepart(ctx.db);
    const gone = await createDepart(ctx.db, { deletedAt: new Date() });
    const before = await departCount();
    const cases: [Record<string, unknown>, RegExp, string | undefined][] = [
      [{ departName: '重复', orgCode: taken.orgCode, orgType: '1' }, /机构编码已被「.+」使用/, 'orgCode'],
      [{ departName: '重复', orgCode: gone.orgCode, orgType: '1' }, /已删除的部门/, 'orgCode'],
      [{ departName: '孤儿', orgCode: code(), orgType: '1', parentId: gone.id }, /上级部门不存在/, 'parentId'],
      [{ departName: '类型', orgCode: code(), orgType: '9' }, /机构类型/, undefined],
      [{ departName: '', orgCode: code(), orgType: '1' }, /请输入部门名称/, undefined],
      [{ departName: '编码', orgCode: 'A B', orgType: '1' }, /机构编码只能包含/, undefined],
    ];
    for (const [body, message, field] of cases) {
      const res = await call<{ field?: string }>(ctx, 'POST', '/sys/sysDepart/add', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
      if (field) expect(res.body.result?.field).toBe(field);
    }
    expect(await departCount()).toBe(before);
  });
});

describe('PUT /sys/sysDepart/edit', () => {
  it('needs a token and the permission', async () => {
    const d = await createDepart(ctx.db);
    const body = { id: d.id, departName: '改名', orgCode: d.orgCode, orgType: '1' };
    expect((await call(ctx, 'PUT', '/sys/sysDepart/edit', { body })).status).toBe(401);
    expect((await call(ctx, 'PUT', '/sys/sysDepart/edit', { token: readerToken, body })).status).toBe(403);
    expect((await rowOf(d.id)).departName).toBe(d.departName);
  });

  it('edits the fields, moves the department, and users acting for it follow a new code', async () => {
    const d = await createDepart(ctx.db);
    const parent = await createDepart(ctx.db);
    const member = await createUser(ctx.db, { departs: [d] });
    const orgCode = code();
    const res = await call<DepartDetail>(ctx, 'PUT', '/sys/sysDepart/edit', {
      token,
      body: { id: d.id, parentId: parent.id, departName: '改名后的局', orgCode, orgType: '2', sortNo: 9 },
    });
    expect(res.status).toBe(200);
    expect(await rowOf(d.id)).toMatchObject({ parentId: parent.id, departName: '改名后的局', orgCode, orgType: '2' });
    const [user] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(user.orgCode).toBe(orgCode);
    expect(await logOf('edit', d.id)).toHaveLength(1);
  });

  it('refuses cycles, a taken code, and a new code once catalogue entries name the department', async () => {
    const root = await createDepart(ctx.db);
    const child = await createDepart(ctx.db, { parentId: root.id });
    const grandchild = await createDepart(ctx.db, { parentId: child.id });
    const other = await createDepart(ctx.db);
    const base = { departName: root.departName, orgCode: root.orgCode, orgType: '1' };
    const cases: [Record<string, unknown>, RegExp, string][] = [
      [{ ...base, id: root.id, parentId: root.id }, /不能是自己或自己的下级/, 'parentId'],
      [{ ...base, id: root.id, parentId: grandchild.id }, /不能是自己或自己的下级/, 'parentId'],
      [{ ...base, id: root.id, orgCode: other.orgCode }, /机构编码已被/, 'orgCode'],
    ];
    await ctx.db.insert(catalogues).values({
      catalogCode: `C${code()}`.slice(0, 32),
      catalogName: '测试目录',
      orgCode: other.orgCode,
      informationSummary: '摘要',
      keyAreasType: '1',
      shareType: '1',
      openType: '1',
      updateFrequency: '1',
    });
    cases.push([
      { id: other.id, departName: other.departName, orgCode: code(), orgType: '1' },
      /已有 1 条数据目录，不能修改机构编码/,
      'orgCode',
    ]);
    for (const [body, message, field] of cases) {
      const res = await call<{ field?: string }>(ctx, 'PUT', '/sys/sysDepart/edit', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.result?.field).toBe(field);
    }
    expect(await rowOf(root.id)).toMatchObject({ parentId: null, orgCode: root.orgCode });
    expect((await rowOf(other.id)).orgCode).toBe(other.orgCode);
    expect(await logOf('edit', root.id)).toHaveLength(0);
  });

  it('answers 404 for a deleted department', async () => {
    const gone = await createDepart(ctx.db, { deletedAt: new Date() });
    const res = await call(ctx, 'PUT', '/sys/sysDepart/edit', {
      token,
      body: { id: gone.id, departName: 'x', orgCode: gone.orgCode, orgType: '1' },
    });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /sys/sysDepart/delete', () => {
  it('needs a token and the permission', async () => {
    const d = await createDepart(ctx.db);
    expect((await call(ctx, 'DELETE', '/sys/sysDepart/delete', { query: { id: d.id } })).status).toBe(401);
    const denied = await call(ctx, 'DELETE', '/sys/sysDepart/delete', { token: readerToken, query: { id: d.id } });
    expect(denied.status).toBe(403);
    expect((await rowOf(d.id)).deletedAt).toBeNull();
  });

  it('soft-deletes an empty department, logged, and it leaves the tree', async () => {
    const d = await createDepart(ctx.db);
    const res = await call(ctx, 'DELETE', '/sys/sysDepart/delete', { token, query: { id: d.id } });
    expect(res.status).toBe(200);
    expect((await rowOf(d.id)).deletedAt).toBeInstanceOf(Date);
    expect(await logOf('delete', d.id)).toHaveLength(1);
    const tree = await call<DepartTreeNode[]>(ctx, 'GET', '/sys/sysDepart/queryTreeList', { token });
    expect(find(tree.body.result, d.id)).toBeUndefined();
    const again = await call(ctx, 'DELETE', '/sys/sysDepart/delete', { token, query: { id: d.id } });
    expect(again.status).toBe(404);
  });

  it('refuses while users belong to it, while it has children, or while catalogue entries name it', async () => {
    const withMember = await createDepart(ctx.db);
    await createUser(ctx.db, { departs: [withMember] });
    const withChild = await createDepart(ctx.db);
    await createDepart(ctx.db, { parentId: withChild.id });
    const withRecords = await createDepart(ctx.db);
    await ctx.db.insert(catalogues).values({
      catalogCode: `C${code()}`.slice(0, 32),
      catalogName: '测试目录',
      orgCode: withRecords.orgCode,
      informationSummary: '摘要',
      keyAreasType: '1',
      shareType: '1',
      openType: '1',
      updateFrequency: '1',
    });
    const cases: [string, RegExp][] = [
      [withMember.id, /该部门下还有 1 名用户，请先将用户移出该部门/],
      [withChild.id, /该部门下还有 1 个下级部门，请先删除下级部门/],
      [withRecords.id, /该部门下还有 1 条数据目录，不能删除/],
    ];
    for (const [id, message] of cases) {
      const res = await call(ctx, 'DELETE', '/sys/sysDepart/delete', { token, query: { id } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect((await rowOf(id)).deletedAt).toBeNull();
    }
  });
});

describe('GET /sys/sysDepart/queryDeptTreeList', () => {
  it('answers the department tree to any signed-in user', async () => {
    const d = await createDepart(ctx.db);
    expect((await call(ctx, 'GET', '/sys/sysDepart/queryDeptTreeList')).status).toBe(401);
    const { token: plain } = await signedIn(ctx);
    const res = await call<DepartTreeNode[]>(ctx, 'GET', '/sys/sysDepart/queryDeptTreeList', { token: plain });
    expect(res.status).toBe(200);
    expect(find(res.body.result, d.id)).toMatchObject({ orgCode: d.orgCode, isLeaf: true });
  });
});

describe('department permissions', () => {
  it('need a token and the permission', async () => {
    const d = await createDepart(ctx.db);
    const query = { departId: d.id };
    expect((await call(ctx, 'GET', '/sys/permission/queryDepartPermission', { query })).status).toBe(401);
    const read = await call(ctx, 'GET', '/sys/permission/queryDepartPermission', { token: readerToken, query });
    expect(read.status).toBe(403);
    const body = { departId: d.id, permissionIds: [] };
    const save = await call(ctx, 'POST', '/sys/permission/saveDepartPermission', { token: readerToken, body });
    expect(save.status).toBe(403);
    const tree = await call(ctx, 'GET', '/sys/sysDepart/queryPermissionTree', { token: readerToken });
    expect(tree.status).toBe(403);
  });

  it('saves the grants in one go, logged, and withdraws what the department lost from its roles', async () => {
    const d = await createDepart(ctx.db);
    const menu = await permissionIdByPerms(ctx.db, Perm.tenantList);
    const button = await permissionIdByPerms(ctx.db, Perm.tenantEdit);
    const tree = await call<PermissionTreeNode[]>(ctx, 'GET', '/sys/sysDepart/queryPermissionTree', { token });
    expect(tree.status).toBe(200);
    expect(JSON.stringify(tree.body.result)).toContain(menu);

    const first = await call(ctx, 'POST', '/sys/permission/saveDepartPermission', {
      token,
      body: { departId: d.id, permissionIds: [menu, button, menu] },
    });
    expect(first.status).toBe(200);
    const read = await call<string[]>(ctx, 'GET', '/sys/permission/queryDepartPermission', {
      token,
      query: { departId: d.id },
    });
    expect(read.body.result.sort()).toEqual([menu, button].sort());

    const [role] = await ctx.db
      .insert(departRoles)
      .values({ departId: d.id, roleCode: 'clerk', roleName: '办事员' })
      .returning();
    await ctx.db.insert(departRolePermissions).values([
      { departRoleId: role.id, permissionId: menu },
      { departRoleId: role.id, permissionId: button },
    ]);
    const second = await call(ctx, 'POST', '/sys/permission/saveDepartPermission', {
      token,
      body: { departId: d.id, permissionIds: [menu], lastpermissionIds: [menu, button] },
    });
    expect(second.status).toBe(200);
    const kept = await ctx.db
      .select()
      .from(departRolePermissions)
      .where(eq(departRolePermissions.departRoleId, role.id));
    expect(kept.map((k) => k.permissionId)).toEqual([menu]);
    const logged = await logOf('grant', d.id);
    expect(logged).toHaveLength(2);
    expect(logged.map((l) => l.logContent).join()).toMatch(/同时收回部门角色授权 1 项/);
  });

  it('refuses unknown permissions and a stale editor, writing nothing', async () => {
    const d = await createDepart(ctx.db);
    const menu = await permissionIdByPerms(ctx.db, Perm.tenantList);
    await ctx.db.insert(departPermissions).values({ departId: d.id, permissionId: menu });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ departId: d.id, permissionIds: [crypto.randomUUID()] }, /所选菜单或按钮不存在/],
      [{ departId: d.id, permissionIds: ['not-a-uuid'] }, /格式不正确/],
      [{ departId: d.id, permissionIds: [], lastpermissionIds: [] }, /已被他人修改/],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx, 'POST', '/sys/permission/saveDepartPermission', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const rows = await ctx.db.select().from(departPermissions).where(eq(departPermissions.departId, d.id));
    expect(rows.map((r) => r.permissionId)).toEqual([menu]);
    expect(await logOf('grant', d.id)).toHaveLength(0);
    const unknown = await call(ctx, 'GET', '/sys/permission/queryDepartPermission', {
      token,
      query: { departId: crypto.randomUUID() },
    });
    expect(unknown.status).toBe(404);
  });
});
