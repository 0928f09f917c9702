import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  ApplyRecord,
  DownloadRecord,
  MyCollection,
  MyEvaluation,
  Page,
  SubmitRecord,
  ViewRecord,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../db/schema/index.js';
import { createDepart, createUser, login } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';
import { applyBody, conditionalEntry, uploadForms } from '../open-apply/testing.js';
import { mountRows } from '../openapi/testing.js';

type Person = { id: string; token: string };

let ctx: TestContext;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-personal-'));
let alice: Person;
let bob: Person;
let open: { id: string; catalogName: string };
let second: { id: string };

async function person(): Promise<Person> {
  const user = await createUser(ctx.db, { roles: ['registered'] });
  return { id: user.id, token: await login(ctx, user.username, user.password) };
}

const list = async <T>(url: string, who: Person, query: Record<string, string> = {}) => {
  const res = await call<Page<T>>(ctx, 'GET', `/api/userManage/${url}`, { token: who.token, query });
  expect(res.status).toBe(200);
  return res.body.result;
};

const entryOf = async (id: string) => (await ctx.db.select().from(catalogues).where(eq(catalogues.id, id)))[0];

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  const depart = await createDepart(ctx.db);
  alice = await person();
  bob = await person();
  open = await createMarketEntry(ctx.db, depart.orgCode, { catalogName: '公交线路站点' });
  second = await createMarketEntry(ctx.db, depart.orgCode, { catalogName: '停车场泊位' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('我的收藏 and 我的评价', () => {
  it('lists only the caller’s own, newest first, and removes them with the entry’s figures', async () => {
    for (const id of [open.id, second.id]) {
      await call(ctx, 'POST', '/api/resourceMarket/collections', { token: alice.token, body: { catalogId: id } });
    }
    await call(ctx, 'POST', '/api/resourceMarket/collections', { token: bob.token, body: { catalogId: open.id } });
    const mine = await list<MyCollection>('myCollections', alice);
    expect(mine.total).toBe(2);
    expect(mine.records.map((r) => r.catalogId)).toEqual([second.id, open.id]);
    expect(mine.records[1]).toMatchObject({ catalogName: '公交线路站点', available: true });
    expect((await list<MyCollection>('myCollections', bob)).records.map((r) => r.catalogId)).toEqual([open.id]);
    expect((await entryOf(open.id)).collectNum).toBe(2);

    // 取消收藏 removes and never re-collects: a second click is a no-op, not a toggle.
    for (const expected of [true, false]) {
      const res = await call<{ removed: boolean }>(ctx, 'POST', '/api/userManage/cancelCollection', {
        token: alice.token,
        body: { catalogId: open.id },
      });
      expect(res.body.result.removed).toBe(expected);
    }
    expect((await list<MyCollection>('myCollections', alice)).records.map((r) => r.catalogId)).toEqual([second.id]);
    expect((await entryOf(open.id)).collectNum).toBe(1);

    await call(ctx, 'POST', '/api/resourceMarket/evaluations', {
      token: alice.token,
      body: { catalogId: open.id, score: 5, comment: '数据及时' },
    });
    await call(ctx, 'POST', '/api/resourceMarket/evaluations', {
      token: bob.token,
      body: { catalogId: open.id, score: 2 },
    });
    expect((await entryOf(open.id)).scoreCount).toBe(2);
    const rated = await list<MyEvaluation>('myEvaluations', alice);
    expect(rated.records).toMatchObject([{ catalogId: open.id, score: 5, comment: '数据及时' }]);
    const del = await call(ctx, 'POST', '/api/userManage/deleteEvaluation', {
      token: alice.token,
      body: { catalogId: open.id },
    });
    expect(del.status).toBe(200);
    expect((await list<MyEvaluation>('myEvaluations', alice)).total).toBe(0);
    const after = await entryOf(open.id);
    expect([after.scoreCount, Number(after.scoreAvg)]).toEqual([1, 2]);
    // Bob's rating is his: Alice's delete did not touch it.
    expect((await list<MyEvaluation>('myEvaluations', bob)).records).toMatchObject([{ score: 2 }]);
  });

  it('keeps an entry that left the portal in the list, marked unavailable', async () => {
    await ctx.db.update(catalogues).set({ shelfStatus: 4 }).where(eq(catalogues.id, second.id));
    const mine = await list<MyCollection>('myCollections', alice);
    expect(mine.records.find((r) => r.catalogId === second.id)?.available).toBe(false);
    await ctx.db.update(catalogues).set({ shelfStatus: 2 }).where(eq(catalogues.id, second.id));
  });

  it('needs a session and a well-formed id', async () => {
    expect((await call(ctx, 'GET', '/api/userManage/myCollections')).status).toBe(401);
    const bad = await call(ctx, 'POST', '/api/userManage/cancelCollection', {
      token: alice.token,
      body: { catalogId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('目录 ID格式不正确');
  });
});

describe('操作记录', () => {
  it('records a signed-in user’s views per entry, not a visitor’s', async () => {
    await call(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: open.id } });
    for (let i = 0; i < 2; i++) {
      await call(ctx, 'GET', '/api/resourceMarket/detail', { token: bob.token, query: { id: open.id, counted: '1' } });
    }
    await call(ctx, 'GET', '/api/resourceMarket/detail', { token: bob.token, query: { id: second.id } });
    const views = await list<ViewRecord>('userViewHistory', bob);
    expect(views.records.map((r) => [r.catalogId, r.viewCount])).toEqual([
      [second.id, 1],
      [open.id, 2],
    ]);
    expect((await list<ViewRecord>('userViewHistory', alice)).total).toBe(0);
  });

  it('records a signed-in user’s downloads by format', async () => {
    const depart = await createDepart(ctx.db);
    const withRows = await createMarketEntry(ctx.db, depart.orgCode, {
      catalogName: '充电桩分布',
      dataFormat: 'table',
    });
    const resource = await mountRows(ctx.db, withRows.id, ['编号', '地址'], [['1', '湖滨路 1 号']]);
    const download = (token: string | null, format: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `${ctx.base}/api/file/downloadOpen`,
        headers: token ? { 'x-access-token': token } : {},
        query: { catalogId: withRows.id, resourceId: resource.id, format },
      });
    for (const [token, format] of [
      [alice.token, 'csv'],
      [alice.token, 'json'],
      [null, 'csv'],
    ] as const) {
      expect((await download(token, format)).statusCode).toBe(200);
    }
    const downloads = await list<DownloadRecord>('userDownloadHistory', alice);
    expect(downloads.records.map((r) => [r.catalogName, r.format])).toEqual([
      ['充电桩分布', 'json'],
      ['充电桩分布', 'csv'],
    ]);
    expect((await list<DownloadRecord>('userDownloadHistory', bob)).total).toBe(0);
  });

  it('lists the user’s applications and the reviews they started, titled by their records', async () => {
    const depart = await createDepart(ctx.db);
    const conditional = await conditionalEntry(ctx.db, depart.orgCode, { catalogName: '医保定点机构' });
    const forms = await uploadForms(ctx, alice.token);
    const applied = await call<{ id: string }>(ctx, 'POST', '/api/openApply/apply', {
      token: alice.token,
      body: applyBody(conditional.id, forms),
    });
    expect(applied.status).toBe(200);
    const applies = await list<ApplyRecord>('userApplyHistory', alice);
    expect(applies.records).toMatchObject([
      { catalogName: '医保定点机构', status: '1', statusLabel: '提供部门审核中' },
    ]);
    const submitted = await list<SubmitRecord>('userSubmitHistory', alice);
    expect(submitted.records[0]).toMatchObject({ subjectType: 'openApply', subjectLabel: '开放申请', status: 1 });
    expect(submitted.records[0].title).toContain('医保定点机构');
    expect((await list<SubmitRecord>('userSubmitHistory', bob)).total).toBe(0);
  });
});
