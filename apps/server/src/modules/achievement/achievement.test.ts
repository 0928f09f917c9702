import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  AchievementCard,
  AchievementDetail,
  AchievementRecord,
  BatchResult,
  Page,
  SearchHitPage,
  SiteSearchResult,
} from '@odp/contracts';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achievementRatings,
  achievements,
  businessMessages,
  portalFigures,
  workflowHistory,
  workflowTasks,
} from '../../db/schema/index.js';
import { parseAllowList } from '../../platform/outbound/address.js';
import { createDepart, createUser, login } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';
import { checkLinks } from './link-check.js';

type Person = { id: string; token: string };

let ctx: TestContext;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-achievement-'));
let dept: { id: string; orgCode: string };
let otherDept: { id: string; orgCode: string };
let alice: Person;
let bob: Person;
let officer: Person;
let colleague: Person;
let stranger: Person;
let reviewer: Person;
let entryA: { id: string; catalogName: string };
let entryB: { id: string; catalogName: string };
let hidden: { id: string };
let seq = 0;

async function person(opts: Parameters<typeof createUser>[1]): Promise<Person> {
  const user = await createUser(ctx.db, opts);
  return { id: user.id, token: await login(ctx, user.username, user.password) };
}

async function upload(token: string, content?: Buffer) {
  const png =
    content ??
    (await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1677ff' } })
      .png()
      .toBuffer());
  const boundary = '----odp-ach';
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${ctx.base}/api/achievement/image`,
    headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return { status: res.statusCode, body: res.json() as { message: string; result: { id: string; url: string } } };
}

async function form(token: string, overrides: Record<string, unknown> = {}) {
  const logo = await upload(token);
  seq++;
  return {
    applyName: `城市出行助手${seq}`,
    applicationType: '1',
    domainId: '6',
    developerType: '1',
    developerName: '张三',
    url: `https://app${seq}.example.com/`,
    onlineDate: '2026-01-15',
    applyIntroduce: '基于公交线路站点和实时路况数据，为市民提供出行路线规划与到站提醒服务。',
    logoId: logo.body.result.id,
    screenshotIds: [],
    dataIds: [entryA.id, entryB.id],
    ...overrides,
  };
}

const save = (token: string, body: unknown, where: 'personal' | 'department' = 'personal', submit = false) =>
  call<string>(
    ctx,
    'POST',
    `/api/achievement/${where === 'personal' ? 'personal/' : ''}${submit ? 'submitForReview' : 'save'}`,
    {
      token,
      body,
    },
  );
const act = (token: string, ids: string[], action: string, comment?: string) =>
  call<BatchResult>(ctx, 'POST', '/api/achievement/transition', { token, body: { ids, action, comment } });
const info = (token: string, id: string) =>
  call<AchievementRecord>(ctx, 'GET', '/api/achievement/getAchievementInfo', { token, query: { id } });
const statusOf = async (id: string) =>
  (await ctx.db.select({ s: achievements.status }).from(achievements).where(eq(achievements.id, id)))[0]?.s;
const rows = async () => (await ctx.db.select({ n: count() }).from(achievements))[0].n;
const published = async () =>
  (
    await ctx.db
      .select({ n: portalFigures.openEntries })
      .from(portalFigures)
      .where(and(eq(portalFigures.dim, 'ach'), eq(portalFigures.key, '')))
  )[0]?.n ?? 0;
const publicPage = (query: Record<string, string>) =>
  call<Page<AchievementCard>>(ctx, 'GET', '/api/achievement/public/page', { query });

beforeAll(async () => {
  ctx = await createTestApp({ dataDir, config: { outboundAllow: parseAllowList('127.0.0.1/32') } });
  dept = await createDepart(ctx.db);
  otherDept = await createDepart(ctx.db);
  alice = await person({ roles: ['registered'] });
  bob = await person({ roles: ['registered'] });
  officer = await person({ roles: ['dept_admin'], departs: [dept] });
  colleague = await person({ roles: ['dept_admin'], departs: [dept] });
  stranger = await person({ roles: ['dept_admin'], departs: [otherDept] });
  reviewer = await person({ roles: ['reviewer'] });
  entryA = await createMarketEntry(ctx.db, dept.orgCode, { catalogName: '公交线路站点（成果测试）' });
  entryB = await createMarketEntry(ctx.db, otherDept.orgCode, { catalogName: '实时路况（成果测试）' });
  hidden = await createMarketEntry(ctx.db, dept.orgCode, { shelfStatus: 0 });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('validation', () => {
  it('refuses bad forms in Chinese and writes nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, string][] = [
      [{ applyName: '' }, '请输入应用名称'],
      [{ applyIntroduce: '太短了' }, '请输入20字以上'],
      [{ applyIntroduce: '长'.repeat(301) }, '应用介绍不能超过 300 个字'],
      [{ applicationType: '8' }, '请选择应用类型'],
      [{ url: null, qrCodeId: null }, '请填写访问地址或上传二维码'],
      [{ url: 'ftp://x.example.com' }, '访问地址须以 http:// 或 https:// 开头'],
      [{ dataIds: [] }, '请至少选择一个关联数据集'],
      [{ logoId: undefined }, '请上传logo图片'],
      [{ dataIds: [hidden.id] }, '所选数据集不存在或未开放'],
    ];
    for (const [overrides, message] of cases) {
      const res = await save(alice.token, await form(alice.token, overrides));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await rows()).toBe(before);
  });

  it('takes only the caller’s own pictures, checked by content', async () => {
    const bobs = await upload(bob.token);
    const res = await save(alice.token, await form(alice.token, { logoId: bobs.body.result.id }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('图片不存在或不是您上传的');
    const fake = await upload(alice.token, Buffer.from('GIF89a not really a picture'));
    expect(fake.status).toBe(400);
    expect(fake.body.message).toContain('只能上传图片');
    const anonymous = await call(ctx, 'POST', '/api/achievement/image');
    expect(anonymous.status).toBe(401);
  });

  it('keeps an address to one live result', async () => {
    const first = await save(alice.token, await form(alice.token, { url: 'https://unique.example.com/app' }));
    expect(first.status).toBe(200);
    const again = await save(bob.token, await form(bob.token, { url: 'https://unique.example.com/app' }));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('该访问地址已被其他应用成果使用');
    // Deleting the first frees the address.
    expect((await act(alice.token, [first.body.result], 'delete')).status).toBe(200);
    expect((await save(bob.token, await form(bob.token, { url: 'https://unique.example.com/app' }))).status).toBe(200);
  });
});

describe('the machine per role', () => {
  it('walks a personal result: owner submits, others see nothing, the reviewer decides', async () => {
    const created = await save(alice.token, await form(alice.token));
    expect(created.status).toBe(200);
    const id = created.body.result;
    expect(await statusOf(id)).toBe('0');
    const mine = await call<Page<AchievementRecord>>(ctx, 'GET', '/api/achievement/personal/list', {
      token: alice.token,
    });
    const row = mine.body.result.records.find((r) => r.id === id);
    expect(row?.actions).toEqual(expect.arrayContaining(['edit', 'submit', 'delete']));
    expect(row?.datasets.map((d) => d.id)).toEqual([entryA.id, entryB.id]);

    // Another user, a department officer and the reviewer (a draft) get 404.
    for (const p of [bob, officer, reviewer]) expect((await info(p.token, id)).status).toBe(404);
    expect((await act(bob.token, [id], 'submit')).status).toBe(404);
    expect((await act(bob.token, [id], 'delete')).status).toBe(404);

    expect((await act(alice.token, [id], 'submit')).status).toBe(200);
    expect(await statusOf(id)).toBe('1');
    const [task] = await ctx.db.select().from(workflowTasks).where(eq(workflowTasks.subjectId, id));
    expect(task.status).toBe(1);
    // The owner cannot approve; the reviewer must give a reason to reject.
    const selfApproval = await act(alice.token, [id], 'approve');
    expect(selfApproval.status).toBe(400);
    expect(selfApproval.body.message).toBe('没有审核通过的权限');
    const noReason = await act(reviewer.token, [id], 'reject');
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请填写驳回理由');
    expect((await act(reviewer.token, [id], 'reject', '截图不清晰')).status).toBe(200);
    expect(await statusOf(id)).toBe('3');
    const told = await ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, id));
    expect(told.some((m) => m.title.includes('未通过审核') && m.userId === alice.id)).toBe(true);

    // Resubmit, approve: published and counted.
    const before = await published();
    expect((await save(alice.token, { ...(await form(alice.token)), id }, 'personal', true)).status).toBe(200);
    expect(await statusOf(id)).toBe('1');
    expect((await act(reviewer.token, [id], 'approve')).status).toBe(200);
    expect(await statusOf(id)).toBe('2');
    expect(await published()).toBe(before + 1);
    // Published: not editable, the owner may take it down.
    const edit = await save(alice.token, { ...(await form(alice.token)), id });
    expect(edit.status).toBe(400);
    expect((await act(alice.token, [id], 'withdraw')).status).toBe(200);
    expect(await statusOf(id)).toBe('4');
    expect(await published()).toBe(before);

    const logs = await call<{ actionLabel: string }[]>(ctx, 'GET', '/api/achievement/logs', {
      token: alice.token,
      query: { id },
    });
    expect(logs.body.result.map((l) => l.actionLabel)).toEqual([
      '新增',
      '提交审核',
      '驳回',
      '编辑',
      '提交审核',
      '审核通过',
      '下架',
    ]);
  });

  it('scopes department results to the department; the bureau sees them once submitted', async () => {
    const res = await save(
      officer.token,
      await form(officer.token, { developerType: '2', developerName: '测试部门' }),
      'department',
    );
    expect(res.status).toBe(200);
    const id = res.body.result;
    const list = (token: string) =>
      call<Page<AchievementRecord>>(ctx, 'GET', '/api/achievement/list', { token, query: { pageSize: '200' } });
    expect((await list(colleague.token)).body.result.records.some((r) => r.id === id)).toBe(true);
    expect((await list(stranger.token)).body.result.records.some((r) => r.id === id)).toBe(false);
    expect((await list(reviewer.token)).body.result.records.some((r) => r.id === id)).toBe(false);
    expect((await info(stranger.token, id)).status).toBe(404);
    expect((await act(stranger.token, [id], 'submit')).status).toBe(404);
    // A colleague acts for the department.
    expect((await act(colleague.token, [id], 'submit')).status).toBe(200);
    expect((await list(reviewer.token)).body.result.records.some((r) => r.id === id)).toBe(true);
    // A registered user has no back office.
    expect((await call(ctx, 'GET', '/api/achievement/list', { token: alice.token })).status).toBe(403);
    expect((await act(reviewer.token, [id], 'approve')).status).toBe(200);
    // The bureau takes it down with a reason; the owner is told.
    expect((await act(reviewer.token, [id], 'offShelf')).status).toBe(400);
    expect((await act(reviewer.token, [id], 'offShelf', '内容与实际不符')).status).toBe(200);
    expect(await statusOf(id)).toBe('4');
    const told = await ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, id));
    expect(told.some((m) => m.title.includes('已被下架'))).toBe(true);
  });
});

describe('public pages', () => {
  let hot: string;
  let fresh: string;

  beforeAll(async () => {
    const publish = async (body: Record<string, unknown>) => {
      const r = await save(bob.token, await form(bob.token, body), 'personal', true);
      await act(reviewer.token, [r.body.result], 'approve');
      return r.body.result;
    };
    hot = await publish({ applyName: '空气质量地图', applicationType: '5', dataIds: [entryA.id] });
    fresh = await publish({ applyName: '路况日报', applicationType: '4', dataIds: [entryB.id] });
    for (let i = 0; i < 3; i++) await call(ctx, 'GET', '/api/achievement/public/detail', { query: { id: hot } });
  });

  it('is found by the site search under 应用成果, published results only, marked', async () => {
    // A draft with the same words stays out of the public search.
    await save(
      bob.token,
      await form(bob.token, { applyName: '空气质量草稿', dataIds: [entryA.id] }),
      'personal',
      false,
    );
    const res = await call<SiteSearchResult>(ctx, 'GET', '/api/search/site', {
      query: { search: '空气质量', type: 'achievement' },
    });
    expect(res.status, res.body.message).toBe(200);
    const { kind, page, tabs } = res.body.result;
    expect(kind).toBe('hits');
    const hits = (page as SearchHitPage).records;
    expect(hits.map((h) => h.id)).toEqual([hot]);
    expect(hits[0]).toMatchObject({
      title: '空气质量地图',
      href: `/service/serviceitem/serviceDetails?id=${hot}`,
      highlight: { title: '<em>空气质量</em>地图' },
    });
    expect(tabs.find((t) => t.type === 'achievement')?.total).toBe(1);
  });

  it('searches, sorts and filters by the tree', async () => {
    const search = await publicPage({ keyword: '空气质量' });
    expect(search.body.result.records.map((r) => r.id)).toEqual([hot]);
    const newest = await publicPage({ sort: 'new' });
    expect(newest.body.result.records[0].id).toBe(fresh);
    const hottest = await publicPage({ sort: 'hot' });
    expect(hottest.body.result.records[0].id).toBe(hot);
    const byDept = await publicPage({ treeType: '1', orgCode: otherDept.orgCode });
    const ids = byDept.body.result.records.map((r) => r.id);
    expect(ids).toContain(fresh);
    expect(ids).not.toContain(hot);
    const byType = await publicPage({ applicationType: '5' });
    expect(byType.body.result.records.map((r) => r.id)).toEqual([hot]);
    expect(byType.body.result.records[0].datasetCount).toBe(1);
  });

  it('lists a dataset’s results and counts views', async () => {
    const onA = await call<AchievementCard[]>(ctx, 'GET', '/api/achievement/public/byDataset', {
      query: { catalogId: entryA.id },
    });
    expect(onA.body.result.map((r) => r.id)).toContain(hot);
    expect(onA.body.result.map((r) => r.id)).not.toContain(fresh);
    const detail = await call<AchievementDetail>(ctx, 'GET', '/api/achievement/public/detail', { query: { id: hot } });
    expect(detail.body.result.viewNum).toBe(4);
    expect(detail.body.result.datasets.map((d) => d.catalogName)).toEqual([entryA.catalogName]);
  });

  it('rates once per user and needs sign-in to rate or collect', async () => {
    expect((await call(ctx, 'POST', '/api/achievement/public/rate', { body: { id: hot, score: 5 } })).status).toBe(401);
    expect(
      (await call(ctx, 'POST', '/api/achievement/public/rate', { token: alice.token, body: { id: hot, score: 6 } }))
        .status,
    ).toBe(400);
    await call(ctx, 'POST', '/api/achievement/public/rate', { token: alice.token, body: { id: hot, score: 5 } });
    const r = await call<{ scoreAvg: number; scoreNum: number }>(ctx, 'POST', '/api/achievement/public/rate', {
      token: alice.token,
      body: { id: hot, score: 3 },
    });
    expect(r.body.result).toMatchObject({ scoreAvg: 3, scoreNum: 1 });
    const ratings = await ctx.db.select().from(achievementRatings).where(eq(achievementRatings.achievementId, hot));
    expect(ratings).toHaveLength(1);
    const c = await call<{ collectNum: number }>(ctx, 'POST', '/api/achievement/public/collect', {
      token: alice.token,
      body: { id: hot, collect: true },
    });
    expect(c.body.result.collectNum).toBe(1);
    const d = await call<AchievementDetail>(ctx, 'GET', '/api/achievement/public/detail', {
      token: alice.token,
      query: { id: hot, counted: '1' },
    });
    expect(d.body.result).toMatchObject({ myScore: 3, collected: true });
  });

  it('hides what is not published', async () => {
    const draft = await save(bob.token, await form(bob.token));
    const res = await call(ctx, 'GET', '/api/achievement/public/detail', { query: { id: draft.body.result } });
    expect(res.status).toBe(404);
  });
});

describe('link check', () => {
  let server: Server;
  let mode: 'ok' | 'headRefused' | 'down' = 'ok';
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (mode === 'down' || (mode === 'headRefused' && req.method === 'HEAD')) {
        res.statusCode = mode === 'down' ? 503 : 405;
        return res.end();
      }
      res.setHeader('content-type', 'text/html');
      res.end('<html>ok</html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('marks an unreachable address 失效, tells the owner once and clears it when it answers again', async () => {
    const r = await save(
      alice.token,
      await form(alice.token, { url: `http://127.0.0.1:${port}/app` }),
      'personal',
      true,
    );
    const id = r.body.result;
    await act(reviewer.token, [id], 'approve');
    const policy = { allow: parseAllowList('127.0.0.1/32') };
    const flag = async () =>
      (await ctx.db.select({ b: achievements.linkBroken }).from(achievements).where(eq(achievements.id, id)))[0].b;
    const notices = async () =>
      (await ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, id))).filter((m) =>
        m.title.includes('无法访问'),
      ).length;

    mode = 'headRefused';
    await checkLinks(ctx.db, policy, 1000);
    expect(await flag()).toBe(false);

    mode = 'down';
    await checkLinks(ctx.db, policy, 1000);
    expect(await flag()).toBe(true);
    expect(await notices()).toBe(1);
    await checkLinks(ctx.db, policy, 1000);
    expect(await notices()).toBe(1);

    mode = 'ok';
    await checkLinks(ctx.db, policy, 1000);
    expect(await flag()).toBe(false);
    const history = await ctx.db.select().from(workflowHistory).where(eq(workflowHistory.subjectId, id));
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['markBroken', 'markReachable']));
  });

  it('does not reach addresses the outbound rules refuse', async () => {
    const r = await save(
      bob.token,
      await form(bob.token, { url: `http://127.0.0.1:${port}/inward` }),
      'personal',
      true,
    );
    const id = r.body.result;
    await act(reviewer.token, [id], 'approve');
    mode = 'ok';
    await checkLinks(ctx.db, { allow: parseAllowList('') }, 1000);
    const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, id));
    expect(row.linkBroken).toBe(true);
  });
});
