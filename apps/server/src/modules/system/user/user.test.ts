import { randomBytes, randomInt } from 'node:crypto';
import { type Page, Perm, type UserItem } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departs, roles, tenants, users } from '../../../db/schema/index.js';
import { describeCrudRoutes } from '../../../test/crud-contract.js';
import { createDepart, createUser, login, signedIn, signedInWith } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
let adminToken: string;
/** A 部门数据管理员: signed in, without the user permissions. */
let deptAdminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await signedIn(ctx, { roles: ['admin'] })).token;
  deptAdminToken = (await signedIn(ctx, { roles: ['dept_admin'] })).token;
});
afterAll(() => ctx.close());

const roleId = async (code: string) => (await ctx.db.select().from(roles).where(eq(roles.roleCode, code)))[0].id;

describeCrudRoutes<UserItem>({
  label: '用户',
  base: '/sys/user',
  ctx: () => ctx,
  tokens: () => ({ editor: adminToken, stranger: deptAdminToken }),
  table: users,
  id: users.id,
  remove: false,
  create: async () => ({
    username: `officer_${randomBytes(4).toString('hex')}`,
    password: 'Officer2026',
    realname: '赵新',
    // Phone numbers and e-mail addresses are unique among users.
    phone: `138${randomInt(10_000_000, 100_000_000)}`,
    email: `zhao_${randomBytes(4).toString('hex')}@example.cn`,
    roleIds: [await roleId('dept_admin')],
    departIds: [(await createDepart(ctx.db)).id],
  }),
  find: (user) => ({ username: user.username }),
  // The add answers before the first department becomes the user's current one; the list shows it.
  listed: ({ orgCode: _, ...user }) => user,
  edit: async (user) => ({ id: user.id, realname: '改名了', roleIds: [await roleId('reviewer')] }),
  refused: async () => {
    const dup = await createUser(ctx.db);
    return [
      {
        body: { username: 'x1', password: 'Abcdefg12', realname: '甲', phone: '12345' },
        message: /手机号码格式不正确/,
      },
      { body: { username: 'x2', password: 'Abcdefg12', realname: '甲', email: 'not-mail' }, message: /邮箱格式不正确/ },
      { body: { username: 'x3', password: 'short', realname: '甲' }, message: /密码至少 8 位/ },
      { body: { username: 'x4', password: 'Abcdefg12', realname: '' }, message: /请输入用户姓名/ },
      {
        body: {
          username: 'x5',
          password: 'Abcdefg12',
          realname: '甲',
          roleIds: ['00000000-0000-0000-0000-000000000000'],
        },
        message: /所选角色不存在/,
      },
      // Not an id at all: refused by the contract, before the database would fail on it.
      { body: { username: 'x6', password: 'Abcdefg12', realname: '甲', roleIds: ['call'] }, message: /ID 格式不正确/ },
      {
        body: { username: dup.username, password: 'Abcdefg12', realname: '甲' },
        message: /^用户账号已存在$/,
        result: { field: 'username' },
      },
    ];
  },
  after: {
    // The user can sign in, in the first department given, with the roles given.
    add: async (user, row, sent) => {
      const [depart] = await ctx.db
        .select()
        .from(departs)
        .where(eq(departs.id, (sent.departIds as string[])[0]));
      expect(user).toMatchObject({ username: sent.username, orgCode: null, departNames: [depart.departName] });
      expect(row.orgCode).toBe(depart.orgCode);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await login(ctx, user.username, 'Officer2026')).toBeTruthy();
    },
    // An edit replaces the roles.
    edit: async (user) => {
      expect(user).toMatchObject({ realname: '改名了', roleNames: ['大数据局审核员'] });
      const roleIds = await call<string[]>(ctx, 'GET', '/sys/user/queryUserRole', {
        token: adminToken,
        query: { userid: user.id },
      });
      expect(roleIds.body.result).toEqual([await roleId('reviewer')]);
    },
  },
});

describe('GET /sys/user/list', () => {
  it('pages, filters by department and status, and presents roles and departments', async () => {
    const depart = await createDepart(ctx.db);
    const a = await createUser(ctx.db, { roles: ['dept_admin'], departs: [depart] });
    await createUser(ctx.db, { roles: ['dept_admin'], departs: [depart], status: 2 });
    const res = await call<Page<UserItem>>(ctx, 'GET', '/sys/user/list', {
      token: adminToken,
      query: { orgCode: depart.orgCode, status: '1', pageNo: '1', pageSize: '10' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(res.body.result.records[0]).toMatchObject({
      username: a.username,
      departNames: [depart.departName],
      roleNames: ['部门数据管理员'],
    });
  });
});

describe('tenants of a user', () => {
  it('sets the tenants the sign-in offers, refuses unknown ones and leaves them when omitted', async () => {
    await ctx.db.insert(tenants).values({ id: 7, name: '测试租户' }).onConflictDoNothing();
    const user = await createUser(ctx.db);
    const edit = (body: Record<string, unknown>, token = adminToken) =>
      call<UserItem>(ctx, 'PUT', '/sys/user/edit', { token, body: { id: user.id, realname: '多租户', ...body } });
    const relTenantIds = async () => (await ctx.db.select().from(users).where(eq(users.id, user.id)))[0].relTenantIds;

    const set = await edit({ tenantIds: [7, 0] });
    expect(set.status).toBe(200);
    expect(set.body.result.tenantIds).toEqual([0, 7]);
    expect(await relTenantIds()).toBe('0,7');

    const notAnId = await call(ctx, 'PUT', '/sys/user/edit', {
      token: adminToken,
      body: { id: 'call', realname: '甲' },
    });
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.message).toContain('用户 ID 格式不正确');

    const unknown = await edit({ tenantIds: [0, 99] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('所选租户不存在');
    expect(await relTenantIds()).toBe('0,7');

    expect((await edit({ realname: '只改姓名' })).status).toBe(200);
    expect(await relTenantIds()).toBe('0,7');

    // Editing a profile does not include assigning tenants.
    const { token: editorOnly } = await signedInWith(ctx, [Perm.userEdit]);
    expect((await edit({ tenantIds: [0] }, editorOnly)).status).toBe(403);
    expect(await relTenantIds()).toBe('0,7');
  });
});

describe('freezing and password reset', () => {
  it('freezes a user, whose sessions end at once, and unfreezes', async () => {
    const { user, token } = await signedIn(ctx);
    const res = await call(ctx, 'PUT', '/sys/user/frozenBatch', {
      token: adminToken,
      body: { ids: user.id, status: 2 },
    });
    expect(res.status).toBe(200);
    expect((await call(ctx, 'GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
    expect(
      (await call(ctx, 'POST', '/sys/login', { body: { username: user.username, password: user.password } })).status,
    ).toBe(400);
    await call(ctx, 'PUT', '/sys/user/frozenBatch', { token: adminToken, body: { ids: [user.id], status: 1 } });
    expect(await login(ctx, user.username, user.password)).toBeTruthy();
  });

  it('resets a password and ends the user sessions; the old password stops working', async () => {
    const { user, token } = await signedIn(ctx);
    const res = await call(ctx, 'PUT', '/sys/user/changePassword', {
      token: adminToken,
      body: { username: user.username, password: 'Reset2026x', confirmpassword: 'Reset2026x' },
    });
    expect(res.status).toBe(200);
    expect((await call(ctx, 'GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
    expect(await login(ctx, user.username, 'Reset2026x')).toBeTruthy();
  });

  it('is forbidden without the permission', async () => {
    const { token } = await signedIn(ctx, { roles: ['reviewer'] });
    const target = await createUser(ctx.db);
    const res = await call(ctx, 'PUT', '/sys/user/frozenBatch', { token, body: { ids: [target.id], status: 2 } });
    expect(res.status).toBe(403);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row.status).toBe(1);
  });
});

describe('lookups', () => {
  it('checks username availability and lists users of a department', async () => {
    const depart = await createDepart(ctx.db);
    const member = await createUser(ctx.db, { departs: [depart] });
    expect(
      (await call(ctx, 'GET', '/sys/user/checkOnlyUser', { token: adminToken, query: { username: member.username } }))
        .status,
    ).toBe(400);
    expect(
      (await call(ctx, 'GET', '/sys/user/checkOnlyUser', { token: adminToken, query: { username: 'free_name_1' } }))
        .status,
    ).toBe(200);
    const byDepart = await call<UserItem[]>(ctx, 'GET', '/sys/user/queryUserByDepId', {
      token: adminToken,
      query: { id: depart.id },
    });
    expect(byDepart.body.result.map((u) => u.username)).toEqual([member.username]);
  });
});
