import { type Page, Perm, type RoleItem, type RoleTreeNode } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, roles } from '../../../db/schema/index.js';
import { createUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { roleWith } from '../permission/fixtures.js';

let ctx: TestContext;
let token: string;
let readOnlyToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const manager = await roleWith(ctx.db, [Perm.roleList, Perm.roleAdd, Perm.roleEdit, Perm.roleDelete]);
  token = (await signedIn(ctx, { roles: [manager.roleCode] })).token;
  const reader = await roleWith(ctx.db, [Perm.roleList]);
  readOnlyToken = (await signedIn(ctx, { roles: [reader.roleCode] })).token;
});
afterAll(() => ctx.close());

const roleCount = async () => (await ctx.db.select().from(roles)).length;
const logOf = async (operateType: string, target: string) =>
  ctx.db
    .select()
    .from(logs)
    .where(and(eq(logs.operateType, operateType), eq(logs.target, target)));

describe('GET /sys/role/list', () => {
  it('needs a token and the permission', async () => {
    expect((await call(ctx, 'GET', '/sys/role/list')).status).toBe(401);
    const { token: registered } = await signedIn(ctx, { roles: ['registered'] });
    expect((await call(ctx, 'GET', '/sys/role/list', { token: registered })).status).toBe(403);
  });

  it('pages and searches by name and code, with the number of holders', async () => {
    const res = await call<Page<RoleItem>>(ctx, 'GET', '/sys/role/list', {
      token: readOnlyToken,
      query: { roleCode: 'dept_ad', pageNo: '1', pageSize: '10' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.total).toBe(1);
    expect(res.body.result.records[0]).toMatchObject({
      roleCode: 'dept_admin',
      roleName: '部门数据管理员',
      builtIn: true,
    });
    const byName = await call<Page<RoleItem>>(ctx, 'GET', '/sys/role/list', {
      token: readOnlyToken,
      query: { roleName: '审核' },
    });
    expect(byName.body.result.records.map((r) => r.roleCode)).toEqual(['reviewer']);
  });
});

describe('GET /sys/role/queryTreeList', () => {
  it('lists every role as a leaf for selectors', async () => {
    expect((await call(ctx, 'GET', '/sys/role/queryTreeList')).status).toBe(401);
    const res = await call<RoleTreeNode[]>(ctx, 'GET', '/sys/role/queryTreeList', { token: readOnlyToken });
    expect(res.status).toBe(200);
    const admin = res.body.result.find((n) => n.roleCode === 'admin');
    expect(admin).toMatchObject({ title: '系统管理员', isLeaf: true, children: [] });
    expect(admin?.key).toBe(admin?.value);
  });
});

describe('POST /sys/role/add and PUT /sys/role/edit', () => {
  it('creates and edits a role, each with a log row', async () => {
    const res = await call<RoleItem>(ctx, 'POST', '/sys/role/add', {
      token,
      body: { roleCode: 'open_data_editor', roleName: '开放数据编辑', description: '维护开放数据' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ roleCode: 'open_data_editor', builtIn: false, userCount: 0 });
    const id = res.body.result.id;
    expect(await logOf('add', id)).toHaveLength(1);

    const edit = await call<RoleItem>(ctx, 'PUT', '/sys/role/edit', {
      token,
      body: { id, roleName: '开放数据编辑员', description: '' },
    });
    expect(edit.status).toBe(200);
    const [row] = await ctx.db.select().from(roles).where(eq(roles.id, id));
    expect(row).toMatchObject({ roleName: '开放数据编辑员', description: null, roleCode: 'open_data_editor' });
    expect(await logOf('edit', id)).toHaveLength(1);
  });

  it('answers 400 naming the field and writes nothing for bad or duplicate input', async () => {
    const before = await roleCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ roleCode: '', roleName: '甲' }, /请输入角色编码/],
      [{ roleCode: '1abc', roleName: '甲' }, /角色编码以字母开头/],
      [{ roleCode: 'ok_code', roleName: '' }, /请输入角色名称/],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx, 'POST', '/sys/role/add', { token, body });
      expect(res.status, String(message)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const dup = await call(ctx, 'POST', '/sys/role/add', { token, body: { roleCode: 'reviewer', roleName: '重复' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('角色编码已存在');
    expect(dup.body.result).toEqual({ field: 'roleCode' });
    expect(await roleCount()).toBe(before);
  });

  it('is forbidden without the permission and writes nothing', async () => {
    const before = await roleCount();
    const res = await call(ctx, 'POST', '/sys/role/add', {
      token: readOnlyToken,
      body: { roleCode: 'nope_role', roleName: '不行' },
    });
    expect(res.status).toBe(403);
    expect(await roleCount()).toBe(before);
  });
});

describe('DELETE /sys/role/delete', () => {
  it('refuses the built-in roles and roles users hold', async () => {
    const [admin] = await ctx.db.select().from(roles).where(eq(roles.roleCode, 'admin'));
    const builtIn = await call(ctx, 'DELETE', '/sys/role/delete', { token, query: { id: admin.id } });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.message).toBe('系统内置角色不能删除');

    const held = await roleWith(ctx.db, []);
    await createUser(ctx.db, { roles: [held.roleCode] });
    const res = await call(ctx, 'DELETE', '/sys/role/delete', { token, query: { id: held.id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('该角色下存在用户，不能删除');
    expect(await ctx.db.select().from(roles).where(eq(roles.id, held.id))).toHaveLength(1);
  });

  it('needs the permission, then deletes a free role with a log row', async () => {
    const free = await roleWith(ctx.db, [Perm.userList]);
    expect((await call(ctx, 'DELETE', '/sys/role/delete', { query: { id: free.id } })).status).toBe(401);
    expect(
      (await call(ctx, 'DELETE', '/sys/role/delete', { token: readOnlyToken, query: { id: free.id } })).status,
    ).toBe(403);
    const res = await call(ctx, 'DELETE', '/sys/role/delete', { token, query: { id: free.id } });
    expect(res.status).toBe(200);
    expect(await ctx.db.select().from(roles).where(eq(roles.id, free.id))).toHaveLength(0);
    expect(await logOf('delete', free.id)).toHaveLength(1);
    const missing = await call(ctx, 'DELETE', '/sys/role/delete', { token, query: { id: free.id } });
    expect(missing.status).toBe(404);
  });
});
