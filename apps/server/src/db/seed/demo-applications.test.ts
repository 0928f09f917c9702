import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  AchievementCard,
  AchievementRecord,
  MyServiceItem,
  OpenApplyDetail,
  OpenApplyItem,
  OpenRows,
  Page,
  ShareListItem,
} from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { login } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { runOnSource, sourceServer } from '../../test/source-servers.js';
import { catalogues, openApplies, openApps, portalFigures, users, workflowHistory } from '../schema/index.js';
import { seedDemoCatalogue } from './catalogue/index.js';
import { seedAccounts, seedDemoCity } from './demo.js';
import { seedDemoAchievements } from './demo-achievements.js';
import { seedDemoApps } from './demo-apps.js';
import { seedDemoExchange } from './demo-exchange.js';
import { seedDemoOpenApplies } from './demo-open-apply.js';
import { seedDemoShares } from './demo-share.js';

const mariadb = await sourceServer('mysql');

let ctx: TestContext;
let dataDir: string;
let citizen: string;
let seeded: number;
let shares: number;
let results: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'odp-demo-open-apply-'));
  ctx = await createTestApp({ dataDir });
  const config = { ...loadConfig({}), dataDir };
  await seedDemoCity(ctx.db);
  await seedAccounts(ctx.db, true);
  await ctx.db.transaction((tx) => seedDemoCatalogue(tx, config));
  await seedDemoApps(ctx.db, config);
  seeded = await ctx.db.transaction((tx) => seedDemoOpenApplies(tx, config));
  shares = await ctx.db.transaction((tx) => seedDemoShares(tx, config));
  results = await ctx.db.transaction((tx) => seedDemoAchievements(tx, config));
  citizen = await login(ctx, 'citizen', 'User@2026');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const mine = async () =>
  (await call<Page<OpenApplyItem>>(ctx, 'GET', '/api/openApply/mine', { token: citizen, query: { pageSize: '20' } }))
    .body.result.records;

describe('the demo citizen’s open applications', () => {
  it('covers granted, waiting and refused, once', async () => {
    expect(seeded).toBe(4);
    const list = await mine();
    expect(list.map((a) => a.status).sort()).toEqual(['1', '3', '3', '4']);
    const refused = list.find((a) => a.status === '4');
    expect(refused?.reason).toContain('申请用途过于笼统');
    const config = { ...loadConfig({}), dataDir };
    expect(await ctx.db.transaction((tx) => seedDemoOpenApplies(tx, config))).toBe(0);
    expect(await mine()).toHaveLength(4);
  });

  it('has a grant bound to 滨江出行助手 whose key reads the granted fields now', async () => {
    const [app] = await ctx.db.select().from(openApps).where(eq(openApps.name, '滨江出行助手'));
    const services = (await call<Page<MyServiceItem>>(ctx, 'GET', '/api/userManage/myServicesList', { token: citizen }))
      .body.result.records;
    const live = services.filter((s) => s.live);
    expect(live).toHaveLength(2);
    const first = live.find((s) => s.catalogName === '法定传染病疫情统计') ?? live[0];
    expect(first.appKey).toBe(app.appKey);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/open/api/v1/datasets/${first.catalogId}/rows?limit=3`,
      headers: { 'x-app-key': app.appKey, 'x-access-token': citizen },
    });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { result: OpenRows }).result;
    expect(rows.fields.map((f) => f.name)).toEqual(first.fields);
    expect(rows.rows).toHaveLength(3);
  });

  it('has a usage report due within days', async () => {
    const soon = (await mine()).filter((a) => a.status === '3' && a.reportDueAt);
    const due = soon.map((a) => Date.parse(a.reportDueAt ?? '') - Date.now()).sort((a, b) => a - b)[0];
    expect(due).toBeGreaterThan(0);
    expect(due).toBeLessThan(7 * 86_400_000);
  });

  it('has one waiting at 卫健委, whose officer may decide it', async () => {
    const waiting = (await mine()).find((a) => a.status === '1');
    expect(waiting?.providerName).toBe('滨江市卫生健康委员会');
    const officer = await login(ctx, 'wsjadmin', 'Dept@2026');
    const detail = await call<OpenApplyDetail>(ctx, 'GET', '/api/openApply/detail', {
      token: officer,
      query: { id: waiting?.id ?? '' },
    });
    expect(detail.status).toBe(200);
    expect(detail.body.result.actions).toEqual(expect.arrayContaining(['providerApprove', 'providerReject']));
    expect(detail.body.result.applicationFile?.fileName).toContain('申请表');
    const done = await call<OpenApplyItem>(ctx, 'POST', '/api/openApply/decide', {
      token: officer,
      body: { id: waiting?.id, decision: 'approve' },
    });
    expect(done.body.result.status).toBe('2');
    const [row] = await ctx.db
      .select()
      .from(openApplies)
      .where(eq(openApplies.id, waiting?.id ?? ''));
    const [applicant] = await ctx.db.select().from(users).where(eq(users.id, row.applicantId));
    expect(applicant.username).toBe('citizen');
  });
});

const sharePage = async (token: string, queryType: number) =>
  (
    await call<Page<ShareListItem>>(ctx, 'POST', '/api/shareData/page', {
      token,
      body: { queryType, pageNo: 1, pageSize: 50 },
    })
  ).body.result.records;

describe('the demo departments’ share applications', () => {
  it('has one in each state, made through the workflow, once', async () => {
    expect(shares).toBe(6);
    const jt = await login(ctx, 'jtadmin', 'Dept@2026');
    // 审批中 holds its own two (at 卫健委, at the bureau) and 卫健委's one waiting on 交通运输局.
    const inReview = await sharePage(jt, 2);
    expect(inReview.map((r) => r.status).sort()).toEqual(['1', '1', '2']);
    const inUse = await sharePage(jt, 3);
    expect(inUse).toHaveLength(1);
    expect((await sharePage(jt, 4)).map((r) => r.shareOffStatus)).toEqual(['2']);
    const rejected = await sharePage(jt, 5);
    expect(rejected[0]?.message).toContain('请补充具体用途');
    const config = { ...loadConfig({}), dataDir };
    expect(await ctx.db.transaction((tx) => seedDemoShares(tx, config))).toBe(0);
  });

  it('has a shared entry with a 不予共享 item, which the form offers but cannot tick', async () => {
    const [entry] = await ctx.db
      .select({ id: catalogues.id })
      .from(catalogues)
      .where(eq(catalogues.catalogName, '养老机构名录'));
    const jt = await login(ctx, 'jtadmin', 'Dept@2026');
    const defaults = await call<{ shareType: string; items: { name: string; shareProperty: string }[] }>(
      ctx,
      'GET',
      `/api/share/getApplyDefaultInfo?catalogId=${entry.id}`,
      { token: jt },
    );
    expect(defaults.body.result.shareType).toBe('10');
    expect(defaults.body.result.items.filter((i) => i.shareProperty === '30').map((i) => i.name)).toEqual(['负责人']);
  });

  it('lets each department see what waits on it: 卫健委 the application at its node, 王交通 the one for his data', async () => {
    const wsj = await login(ctx, 'wsjadmin', 'Dept@2026');
    const waiting = (await sharePage(wsj, 2)).filter((r) => r.actions.includes('sourceApprove'));
    expect(waiting).toHaveLength(1);
    expect(waiting[0].applyDeptName).toContain('交通运输');
    const jt = await login(ctx, 'jtadmin', 'Dept@2026');
    const forJt = (await sharePage(jt, 2)).filter((r) => r.actions.includes('sourceApprove'));
    expect(forJt.map((r) => r.applyDeptName)).toEqual([expect.stringContaining('卫生健康')]);
  });
});

describe('the demo 应用成果', () => {
  const publicPage = async (query: Record<string, string> = {}) =>
    (
      await call<Page<AchievementCard>>(ctx, 'GET', '/api/achievement/public/page', {
        query: { pageSize: '50', ...query },
      })
    ).body.result;

  it('are published, waiting, rejected and 失效, made through the service and the kernel, once', async () => {
    expect(results).toBe(9);
    const page = await publicPage();
    expect(page.total).toBe(6);
    // 最热 and 评分 order them differently from 最新 (the newest approved last).
    expect(page.records[0].applyName).toBe('滨江出行助手');
    expect((await publicPage({ sort: 'hot' })).records[0].applyName).toBe('滨江出行助手');
    const scored = (await publicPage({ sort: 'score' })).records;
    expect(scored[0].scoreAvg).toBeGreaterThanOrEqual(scored[scored.length - 1].scoreAvg);
    expect(scored.every((r) => r.scoreNum > 0 && r.logoUrl && r.datasetCount >= 2)).toBe(true);
    const broken = page.records.filter((r) => r.linkBroken);
    expect(broken.map((r) => r.applyName)).toEqual(['城市停车诱导大屏']);
    // A company as developer, and the home's counter.
    expect(page.records.find((r) => r.developerType === '2')?.developerName).toBe('滨江智行科技有限公司');
    const [figure] = await ctx.db
      .select({ n: portalFigures.openEntries })
      .from(portalFigures)
      .where(and(eq(portalFigures.dim, 'ach'), eq(portalFigures.key, '')));
    expect(figure?.n).toBe(6);
    const config = { ...loadConfig({}), dataDir };
    expect(await ctx.db.transaction((tx) => seedDemoAchievements(tx, config))).toBe(0);
  });

  it('gives the citizen their own in 我的成果 with the reviewer’s reason, and its logo is served', async () => {
    const mine = (
      await call<Page<AchievementRecord>>(ctx, 'GET', '/api/achievement/personal/list', {
        token: citizen,
        query: { pageSize: '50' },
      })
    ).body.result.records;
    expect(mine.map((r) => r.status).sort()).toEqual(['1', '2', '2', '2', '3']);
    const rejected = mine.find((r) => r.status === '3');
    expect(rejected?.reason).toContain('请补充数据的使用方式');
    expect(rejected?.actions).toEqual(expect.arrayContaining(['edit', 'submit', 'delete']));
    const logo = await ctx.app.inject({ method: 'GET', url: rejected?.logoUrl ?? '' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    const trail = await ctx.db
      .select({ action: workflowHistory.action })
      .from(workflowHistory)
      .where(eq(workflowHistory.subjectId, rejected?.id ?? ''));
    expect(trail.map((t) => t.action)).toEqual(['create', 'submit', 'reject']);
  });

  it('gives 交通运输局 its three, one waiting for 李审核 and one marked 失效 by the link check', async () => {
    const jt = await login(ctx, 'jtadmin', 'Dept@2026');
    const own = (
      await call<Page<AchievementRecord>>(ctx, 'GET', '/api/achievement/list', { token: jt, query: { pageSize: '50' } })
    ).body.result.records;
    expect(own.map((r) => r.ownerName)).toEqual(Array(3).fill('滨江市交通运输局'));
    expect(own.filter((r) => r.linkBroken).map((r) => r.applyName)).toEqual(['城市停车诱导大屏']);
    const reviewer = await login(ctx, 'reviewer', 'Review@2026');
    const waiting = (
      await call<Page<AchievementRecord>>(ctx, 'GET', '/api/achievement/list', {
        token: reviewer,
        query: { status: '1', pageSize: '50' },
      })
    ).body.result.records;
    expect(waiting.map((r) => r.applyName).sort()).toEqual(['公共自行车调度优化方案', '社区养老服务地图']);
    expect(waiting.every((r) => r.actions.includes('approve') && r.actions.includes('reject'))).toBe(true);
    const [bus] = await ctx.db
      .select({ id: catalogues.id })
      .from(catalogues)
      .where(eq(catalogues.catalogName, '公交线路站点信息'));
    const onBus = await call<AchievementCard[]>(ctx, 'GET', '/api/achievement/public/byDataset', {
      query: { catalogId: bus.id },
    });
    expect(onBus.body.result.map((r) => r.applyName).sort()).toEqual([
      '滨江公交客流分析报告（2025 年度）',
      '滨江出行助手',
    ]);
  });
});

describe('the demo exchange (DEMO_DEPARTMENT_DATABASE)', () => {
  it('does nothing without a department database', async () => {
    const config = { ...loadConfig({}), dataDir };
    expect(await seedDemoExchange(ctx.db, config)).toBeNull();
  });

  it.skipIf('skip' in mariadb)(
    `exchanges 交通运输局's application in use into it, once${'skip' in mariadb ? `（${mariadb.skip}）` : ''}`,
    async () => {
      if ('skip' in mariadb) return;
      const { target } = mariadb;
      const account = { user: `odp_demo_${Date.now().toString(36)}`, password: 'Demo#2026-exchange' };
      await runOnSource(target, [
        `create user '${account.user}'@'%' identified by '${account.password}'`,
        `grant select, insert, update, delete, create, alter on \`${target.database}\`.* to '${account.user}'@'%'`,
      ]);
      let table = '';
      try {
        const url = `mysql://${account.user}:${encodeURIComponent(account.password)}@${target.host}:${target.port}/${target.database}`;
        const config = {
          ...loadConfig({ DEMO_DEPARTMENT_DATABASE: url, DATASOURCE_ALLOW: `${target.address}/32,127.0.0.1/32` }),
          dataDir,
        };
        const line = await seedDemoExchange(ctx.db, config);
        expect(line).toMatch(/^演示交换：“.+”已写入 交通运输局业务库（演示） 的 share_demo_[0-9a-f]{8}（\d+ 行）$/);
        table = /(share_demo_[0-9a-f]{8})/.exec(line ?? '')?.[1] ?? '';
        const written = Number(/（(\d+) 行）/.exec(line ?? '')?.[1]);
        expect(written).toBeGreaterThan(0);
        const mysql = (await import('mysql2/promise')).default;
        const conn = await mysql.createConnection({ ...target, host: target.address });
        try {
          const [rows] = await conn.query(`select count(*) as n from \`${table}\``);
          expect(Number((rows as { n: number }[])[0].n)).toBe(written);
        } finally {
          await conn.end();
        }
        // The 使用记录 of the application shows the run, and a second start adds nothing.
        const jt = await login(ctx, 'jtadmin', 'Dept@2026');
        const inUse = await sharePage(jt, 3);
        const records = await call<Page<{ targetTable: string; rows: number }>>(ctx, 'POST', '/api/config/getList', {
          token: jt,
          body: { applyId: inUse[0].applyId, pageNo: 1, pageSize: 10 },
        });
        expect(records.body.result.records.map((r) => r.targetTable)).toContain(table);
        expect(await seedDemoExchange(ctx.db, config)).toBeNull();
      } finally {
        await runOnSource(target, [
          ...(table ? [`drop table if exists \`${table}\``] : []),
          `drop user if exists '${account.user}'@'%'`,
        ]);
      }
    },
  );
});
