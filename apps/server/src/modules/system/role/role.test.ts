import { randomBytes } from 'node:crypto';
import { type Page, Perm, type RoleItem, type RoleTreeNode } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../../db/schema/index.js';
import { describeCrudRoutes } from '../../../test/crud-contract.js';
import { createUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { roleWith } from '../permission/fixtures.js';

let ctx: TestContext;
let token: string;
let readOnlyToken: string;
/** Signed in with the 注册用户 role only. */
let registeredToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const manager = await roleWith(ctx.db, [Perm.roleList, Perm.roleAdd, Perm.roleEdit, Perm.roleDelete]);
  token = (await signedIn(ctx, { roles: [manager.roleCode] })).token;
  const reader = await roleWith(ctx.db, [Perm.roleList]);
  readOnlyToken = (await signedIn(ctx, { roles: [reader.roleCode] })).token;
  registeredToken = (await signedIn(ctx, { roles: ['registered'] })).token;
});
afterAll(() => ctx.close());

const uniq = () => randomBytes(4).toString('hex');

describeCrudRoutes<RoleItem>({
  label: '角色',
  base: '/sys/role',
  ctx: () => ctx,
  tokens: () => ({ editor: token, reader: readOnlyToken, stranger: registeredToken }),
  table: roles,
  id: roles.id,
  remove: 'delete',
  create: () => ({ roleCode: `editor_${uniq()}`, roleName: '开放数据编辑', description: '维护开放数据' }),
  find: (role) => ({ roleCode: role.roleCode }),
  edit: (role) => ({ id: role.id, roleName: '开放数据编辑员', description: '' }),
  refused: () => [
    { body: { roleCode: '', roleName: '甲' }, message: /请输入角色编码/ },
    { body: { roleCode: '1abc', roleName: '甲' }, message: /角色编码以字母开头/ },
    { body: { roleCode: 'ok_code', roleName: '' }, message: /请输入角色名称/ },
    { body: { roleCode: 'reviewer', roleName: '重复' }, message: /^角色编码已存在$/, result: { field: 'roleCode' } },
  ],
  after: {
    add: (role, _row, sent) =>
      expect(role).toMatchObject({ roleCode: sent.roleCode, roleName: '开放数据编辑', builtIn: false, userCount: 0 }),
    // The code is what grants refer to: an edit keeps it.
    edit: (role, row) =>
      expect(row).toMatchObject({ roleName: '开放数据编辑员', description: null, roleCode: role.roleCode }),
  },
});

describe('GET /sys/role/list', () => {
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
});
