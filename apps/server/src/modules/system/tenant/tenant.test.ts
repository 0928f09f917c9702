import { randomBytes } from 'node:crypto';
import { type Page, Perm, type Tenant, type TenantItem } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, tenants, users } from '../../../db/schema/index.js';
import { describeCrudRoutes } from '../../../test/crud-contract.js';
import { createUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { roleWith } from '../permission/fixtures.js';

let ctx: TestContext;
/** Signed in without any tenant permission. */
let token: string;
/** May list and change tenants. */
let editor: string;
/** May list tenants only. */
let reader: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signedIn(ctx)).token;
  editor = (await signedIn(ctx, { roles: [(await roleWith(ctx.db, [Perm.tenantList, Perm.tenantEdit])).roleCode] }))
    .token;
  reader = (await signedIn(ctx, { roles: [(await roleWith(ctx.db, [Perm.tenantList])).roleCode] })).token;
  await ctx.db.insert(tenants).values([
    { id: 7001, name: '滨江市东湖区' },
    { id: 7002, name: '停用租户', status: 0 },
  ]);
});
afterAll(() => ctx.close());

describe('GET /sys/tenant/queryList', () => {
  it('needs a signed-in user', async () => {
    expect((await call(ctx, 'GET', '/sys/tenant/queryList', { query: { ids: '0' } })).status).toBe(401);
  });

  it('answers the enabled tenants among the ids, leaving out unknown ones', async () => {
    const res = await call<Tenant[]>(ctx, 'GET', '/sys/tenant/queryList', {
      token,
      query: { ids: '7001, 0,9999,7002,0' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([
      { id: 0, name: '滨江市' },
      { id: 7001, name: '滨江市东湖区' },
    ]);
  });

  it('refuses ids that are not integers, empty, or too many', async () => {
    const cases: [string | undefined, RegExp][] = [
      ['1,abc', /租户编号必须是整数/],
      ['1;drop table sys_tenant', /租户编号必须是整数/],
      ['-1', /租户编号必须是整数/],
      ['', /请指定租户/],
      [undefined, /请指定租户/],
      [Array.from({ length: 51 }, (_, i) => i).join(','), /一次最多查询 50 个租户/],
    ];
    for (const [ids, message] of cases) {
      const res = await call(ctx, 'GET', '/sys/tenant/queryList', { token, query: ids === undefined ? {} : { ids } });
      expect(res.status, ids).toBe(400);
      expect(res.body.message, ids).toMatch(message);
    }
    expect(await ctx.db.$count(tenants)).toBe(3);
  });
});

describe('tenant administration', () => {
  const tenantRow = async (id: number) => (await ctx.db.select().from(tenants).where(eq(tenants.id, id)))[0];
  const logOf = (operateType: string, target: string) =>
    ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.operateType, operateType), eq(logs.target, target)));

  it('lists tenants paged and filtered, with how many users name each', async () => {
    await createUser(ctx.db).then((u) =>
      ctx.db.update(users).set({ relTenantIds: '0, 7001' }).where(eq(users.id, u.id)),
    );
    await createUser(ctx.db).then((u) => ctx.db.update(users).set({ relTenantIds: '70010' }).where(eq(users.id, u.id)));
    const res = await call<Page<TenantItem>>(ctx, 'GET', '/sys/tenant/list', {
      token: reader,
      query: { pageNo: '1', pageSize: '2' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(res.body.result.records.map((t) => t.id)).toEqual([0, 7001]);
    expect(res.body.result.records[1]).toMatchObject({ name: '滨江市东湖区', status: 1, userCount: 1 });
    const frozen = await call<Page<TenantItem>>(ctx, 'GET', '/sys/tenant/list', {
      token: reader,
      query: { status: '0' },
    });
    expect(frozen.body.result.records.map((t) => t.id)).toEqual([7002]);
    const bad = await call(ctx, 'GET', '/sys/tenant/list', { token: reader, query: { sort: 'password' } });
    expect(bad.status).toBe(400);
  });

  it('refuses freezing the default tenant, a bad status, a taken name and an unknown tenant, writing nothing', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ id: 0, name: '滨江市', status: 0 }, 400, /默认租户不能冻结/],
      [{ id: 7001, name: '滨江市东湖区', status: 5 }, 400, /状态只能是正常或冻结/],
      [{ id: 7001, name: '滨江市', status: 1 }, 400, /租户名称已存在/],
      [{ id: 7001, name: ' ', status: 1 }, 400, /请输入租户名称/],
      [{ id: 9999, name: '不存在', status: 1 }, 404, /租户不存在/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(ctx, 'PUT', '/sys/tenant/edit', { token: editor, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await tenantRow(0)).toMatchObject({ name: '滨江市', status: 1 });
    expect(await tenantRow(7001)).toMatchObject({ name: '滨江市东湖区', status: 1 });
  });

  it('adds a tenant with the next free id; refuses a taken name', async () => {
    const res = await call<TenantItem>(ctx, 'POST', '/sys/tenant/add', {
      token: editor,
      body: { name: '滨江市西湖区', status: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id: 7003, name: '滨江市西湖区', status: 1, userCount: 0 });
    expect(await tenantRow(7003)).toMatchObject({ name: '滨江市西湖区' });
    expect(await logOf('add', '7003')).toHaveLength(1);
    const dup = await call(ctx, 'POST', '/sys/tenant/add', {
      token: editor,
      body: { name: '滨江市西湖区', status: 1 },
    });
    expect(dup.status).toBe(400);
    expect(await ctx.db.$count(tenants)).toBe(4);
  });
});

const offered = async (id: number) =>
  (await call<Tenant[]>(ctx, 'GET', '/sys/tenant/queryList', { token, query: { ids: `0,${id}` } })).body.result.map(
    (t) => t.id,
  );

// Last: the tenants it adds (there is no delete) would shift the ids and totals the tests above expect.
describeCrudRoutes<TenantItem>({
  label: '租户',
  base: '/sys/tenant',
  ctx: () => ctx,
  tokens: () => ({ editor, reader, stranger: token }),
  table: tenants,
  id: tenants.id,
  remove: false,
  create: () => ({ name: `租户${randomBytes(4).toString('hex')}`, status: 1 }),
  find: (tenant) => ({ name: tenant.name }),
  edit: (tenant) => ({ id: tenant.id, name: `${tenant.name}新`, status: 0 }),
  refused: () => [
    { body: { name: ' ', status: 1 }, message: /请输入租户名称/ },
    { body: { name: '新租户', status: 5 }, message: /状态只能是正常或冻结/ },
    { body: { name: '滨江市', status: 1 }, message: /租户名称已存在/ },
  ],
  after: {
    add: async (tenant, row, sent) => {
      expect(tenant).toMatchObject({ ...sent, userCount: 0 });
      expect(row).toMatchObject(sent);
      expect(await offered(tenant.id)).toEqual([0, tenant.id]);
    },
    // A frozen tenant is no longer offered at sign-in.
    edit: async (tenant, row, sent) => {
      expect(row).toMatchObject({ name: sent.name, status: 0 });
      expect(await offered(tenant.id)).toEqual([0]);
    },
  },
});
