import { type AppNameOption, type AppSystemItem, CataloguePerm, ResourcePerm as P, type Page } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSystems, catalogues, logs, userRoles } from '../../../db/schema/index.js';
import { createCatalogue } from '../../../test/catalogue.js';
import { createDepart, createUser, login, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { roleWith } from '../../system/permission/fixtures.js';

let ctx: TestContext;
let deptA: { id: string; orgCode: string };
let deptB: { id: string; orgCode: string };
/** Department A's keeper of systems: every code but the all-departments one. */
let keeperA: string;
let keeperB: string;
/** Lists only. */
let readerA: string;
/** Every department's systems. */
let admin: string;
/** Signed in, no system permission. */
let stranger: string;
/** May write catalogue entries of department A: picks from queryAppName. */
let cataloguerA: string;

const ALL = [P.systemList, P.systemAdd, P.systemEdit, P.systemDelete];

async function member(codes: string[], depart?: { id: string; orgCode: string }) {
  const role = await roleWith(ctx.db, codes);
  const user = await createUser(ctx.db, { departs: depart ? [depart] : [] });
  await ctx.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return login(ctx, user.username, user.password);
}

beforeAll(async () => {
  ctx = await createTestApp();
  deptA = await createDepart(ctx.db);
  deptB = await createDepart(ctx.db);
  keeperA = await member(ALL, deptA);
  keeperB = await member(ALL, deptB);
  readerA = await member([P.systemList], deptA);
  admin = await member([...ALL, P.systemAll], deptB);
  cataloguerA = await member([CataloguePerm.add], deptA);
  stranger = (await signedIn(ctx, { departs: [deptA] })).token;
});
afterAll(() => ctx.close());

const rowsOf = (orgCode: string) => ctx.db.select().from(appSystems).where(eq(appSystems.orgCode, orgCode));
const logOf = (target: string) => ctx.db.select().from(logs).where(eq(logs.target, target));
const add = (token: string, body: Record<string, unknown>) =>
  call<AppSystemItem>(ctx, 'POST', '/api/system/addSystem', { token, body });
const page = (token: string, body: Record<string, unknown> = {}) =>
  call<Page<AppSystemItem>>(ctx, 'POST', '/api/system/pageTableSystem', { token, body });

describe('系统维护 /api/system', () => {
  it('needs a token (401) and the permission of each call (403), writing nothing', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['/api/system/pageTableSystem', {}],
      ['/api/system/addSystem', { appName: '无权系统' }],
      ['/api/system/editModify', { id: crypto.randomUUID(), appName: 'x' }],
      ['/api/system/copySystem', { id: crypto.randomUUID() }],
      ['/api/system/modifyState', { id: crypto.randomUUID(), state: '1' }],
      ['/api/system/deleteBatchSystem', { ids: [crypto.randomUUID()] }],
    ];
    for (const [path, body] of calls) {
      expect((await call(ctx, 'POST', path, { body })).status, path).toBe(401);
      expect((await call(ctx, 'POST', path, { token: stranger, body })).status, path).toBe(403);
    }
    expect(
      (await call(ctx, 'POST', '/api/system/addSystem', { token: readerA, body: { appName: '只读' } })).status,
    ).toBe(403);
    expect((await call(ctx, 'GET', '/api/system/queryAppName')).status).toBe(401);
    expect(await rowsOf(deptA.orgCode)).toHaveLength(0);
  });

  it('adds a closed system in the caller’s department, logs it, and refuses bad input writing nothing', async () => {
    const res = await add(keeperA, { appName: ' 人口库管理系统 ', remark: '人口基础信息' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('添加成功');
    expect(res.body.result).toMatchObject({
      appName: '人口库管理系统',
      remark: '人口基础信息',
      orgCode: deptA.orgCode,
      departName: `测试部门${deptA.orgCode}`,
      state: '0',
    });
    expect(await logOf(res.body.result.id)).toHaveLength(1);
    const refused: [Record<string, unknown>, RegExp][] = [
      [{}, /请输入应用名称/],
      [{ appName: '  ' }, /请输入应用名称/],
      [{ appName: 'x'.repeat(101) }, /应用名称不能超过 100 个字符/],
      [{ appName: '新系统', remark: 'x'.repeat(501) }, /应用描述不能超过 500 个字符/],
      [{ appName: '人口库管理系统' }, /应用名称已存在/],
    ];
    for (const [body, message] of refused) {
      const r = await add(keeperA, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    expect(await rowsOf(deptA.orgCode)).toHaveLength(1);
    // Another department may use the same name for its own system.
    expect((await add(keeperB, { appName: '人口库管理系统' })).status).toBe(200);
  });

  it('lists by department with filters; an administrator sees all and may add for another department', async () => {
    await add(keeperA, { appName: '交通卡口系统' });
    const own = await page(readerA, { pageNo: 1, pageSize: 10 });
    expect(own.status).toBe(200);
    expect(own.body.result.records.map((r) => r.appName).sort()).toEqual(['交通卡口系统', '人口库管理系统']);
    expect((await page(readerA, { appName: '交通' })).body.result.records.map((r) => r.appName)).toEqual([
      '交通卡口系统',
    ]);
    expect((await page(readerA, { state: '1' })).body.result.total).toBe(0);
    expect((await page(readerA, { state: '2' })).status).toBe(400);
    expect((await page(readerA, { sort: 'password' })).status).toBe(400);
    const all = await page(admin, { pageSize: 200, orgCode: deptA.orgCode });
    expect(all.body.result.total).toBe(2);
    const forA = await add(admin, { appName: '管理员代建系统', orgCode: deptA.orgCode });
    expect(forA.body.result.orgCode).toBe(deptA.orgCode);
    // A department keeper naming another department still adds to its own.
    const forB = await add(keeperA, { appName: '越权系统', orgCode: deptB.orgCode });
    expect(forB.body.result.orgCode).toBe(deptA.orgCode);
  });

  it('edits, switches the state and copies within the department; another department’s system is refused', async () => {
    const [sys] = (await page(keeperA, { appName: '交通卡口系统' })).body.result.records;
    const edited = await call<AppSystemItem>(ctx, 'POST', '/api/system/editModify', {
      token: keeperA,
      body: { id: sys.id, appName: '交通卡口监测系统', remark: '卡口过车数据' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.result).toMatchObject({ appName: '交通卡口监测系统', remark: '卡口过车数据' });
    const on = await call<AppSystemItem>(ctx, 'POST', '/api/system/modifyState', {
      token: keeperA,
      body: { id: sys.id, state: '1' },
    });
    expect(on.status).toBe(200);
    expect((await ctx.db.select().from(appSystems).where(eq(appSystems.id, sys.id)))[0].state).toBe('1');
    expect((await logOf(sys.id)).map((l) => l.logContent)).toContain('启用应用系统：交通卡口监测系统');
    expect(
      (await call(ctx, 'POST', '/api/system/modifyState', { token: keeperA, body: { id: sys.id, state: '5' } })).status,
    ).toBe(400);

    const copy = await call<AppSystemItem>(ctx, 'POST', '/api/system/copySystem', {
      token: keeperA,
      body: { id: sys.id },
    });
    expect(copy.status).toBe(200);
    expect(copy.body.result).toMatchObject({ appName: '交通卡口监测系统（副本）', state: '0', orgCode: deptA.orgCode });
    const again = await call<AppSystemItem>(ctx, 'POST', '/api/system/copySystem', {
      token: keeperA,
      body: { id: sys.id },
    });
    expect(again.body.result.appName).toBe('交通卡口监测系统（副本2）');

    const before = await rowsOf(deptA.orgCode);
    expect(
      (await call(ctx, 'POST', '/api/system/editModify', { token: keeperB, body: { id: sys.id, appName: '抢' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(ctx, 'POST', '/api/system/modifyState', { token: keeperB, body: { id: sys.id, state: '0' } })).status,
    ).toBe(403);
    expect((await call(ctx, 'POST', '/api/system/copySystem', { token: keeperB, body: { id: sys.id } })).status).toBe(
      404,
    );
    expect(
      (await call(ctx, 'POST', '/api/system/deleteBatchSystem', { token: keeperB, body: { ids: [sys.id] } })).status,
    ).toBe(403);
    expect(await rowsOf(deptA.orgCode)).toEqual(before);
    // The administrator acts on any department's.
    expect(
      (await call(ctx, 'POST', '/api/system/modifyState', { token: admin, body: { id: sys.id, state: '0' } })).status,
    ).toBe(200);
  });

  it('refuses deleting or renaming a system catalogue entries name, and deletes one that is free', async () => {
    const used = (await add(keeperA, { appName: '在用系统' })).body.result;
    const free = (await add(keeperA, { appName: '闲置系统' })).body.result;
    const entry = await createCatalogue(ctx.db, { orgCode: deptA.orgCode });
    await ctx.db.update(catalogues).set({ sourceSystem: '在用系统' }).where(eq(catalogues.id, entry.id));
    // Another department's entry naming the free system's name does not count.
    const other = await createCatalogue(ctx.db, { orgCode: deptB.orgCode });
    await ctx.db.update(catalogues).set({ sourceSystem: '闲置系统' }).where(eq(catalogues.id, other.id));

    const refused = await call(ctx, 'POST', '/api/system/deleteBatchSystem', {
      token: keeperA,
      body: { ids: [free.id, used.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('应用系统“在用系统”已被 1 条目录使用，不能删除');
    expect((await rowsOf(deptA.orgCode)).map((r) => r.appName)).toEqual(
      expect.arrayContaining(['在用系统', '闲置系统']),
    );
    const rename = await call(ctx, 'POST', '/api/system/editModify', {
      token: keeperA,
      body: { id: used.id, appName: '改名' },
    });
    expect(rename.status).toBe(400);
    expect(rename.body.message).toMatch(/不能修改名称/);

    const ok = await call(ctx, 'POST', '/api/system/deleteBatchSystem', { token: keeperA, body: { ids: free.id } });
    expect(ok.status).toBe(200);
    expect((await rowsOf(deptA.orgCode)).map((r) => r.appName)).not.toContain('闲置系统');
    const [log] = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.operateType, 'delete'), eq(logs.target, free.id)));
    expect(log.logContent).toBe('删除应用系统：闲置系统');
  });

  it('queryAppName offers the enabled systems of the caller’s department; administrators may name one', async () => {
    const open = (await add(keeperA, { appName: '启用中的系统' })).body.result;
    await call(ctx, 'POST', '/api/system/modifyState', { token: keeperA, body: { id: open.id, state: '1' } });
    const names = async (token: string, query: Record<string, string> = {}) =>
      (await call<AppNameOption[]>(ctx, 'GET', '/api/system/queryAppName', { token, query })).body.result.map(
        (o) => o.appName,
      );
    expect(await names(cataloguerA)).toEqual(['启用中的系统']);
    // Naming another department does not reach it.
    expect(await names(cataloguerA, { orgCode: deptB.orgCode })).toEqual(['启用中的系统']);
    expect(await names(admin, { orgCode: deptA.orgCode })).toEqual(['启用中的系统']);
    expect(await names(admin)).toEqual([]);
  });
});
