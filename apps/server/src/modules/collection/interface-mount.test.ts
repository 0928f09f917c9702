import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CataloguePerm,
  InterfacePerm as I,
  type InterfaceCheck,
  type InterfaceItem,
  type InterfaceListItem,
  type Page,
} from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../db/schema/index.js';
import { parseAllowList } from '../../platform/outbound/address.js';
import { createDepart, signedIn, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-interface-'));
let ctx: TestContext;
let upstream: Server;
let upstreamUrl: string;
let dept: { id: string; orgCode: string };
let other: { id: string; orgCode: string };
let officer: string;
let outsider: string;
let reviewer: string;

/** Names the tests resolve themselves: a public one, and names that point inward. */
const NAMES: Record<string, string> = {
  'api.example.test': '93.184.216.34',
  'inward.example.test': '10.1.2.3',
  'metadata.example.test': '169.254.169.254',
};

beforeAll(async () => {
  upstream = createServer((req, res) => {
    res.writeHead(req.url?.includes('broken') ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, url: req.url }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1/query`;
  ctx = await createTestApp({
    dataDir,
    config: {
      outboundAllow: parseAllowList('127.0.0.1/32'),
      outboundLookup: async (host) => {
        const address = NAMES[host];
        if (!address) throw new Error('ENOTFOUND');
        return [{ address, family: 4 }];
      },
    },
  });
  dept = await createDepart(ctx.db);
  other = await createDepart(ctx.db);
  const codes = [I.list, I.mount];
  officer = (await signedInWith(ctx, codes, { departs: [dept] })).token;
  outsider = (await signedInWith(ctx, codes, { departs: [other] })).token;
  reviewer = (await signedInWith(ctx, [...codes, CataloguePerm.review], { departs: [other] })).token;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const apiEntry = (name: string, overrides: Parameters<typeof createMarketEntry>[2] = {}) =>
  createMarketEntry(ctx.db, dept.orgCode, { catalogName: name, dataFormat: 'api', ...overrides });
const mountOf = async (id: string) =>
  (await ctx.db.select({ mount: catalogues.mount }).from(catalogues).where(eq(catalogues.id, id)))[0].mount as Record<
    string,
    unknown
  > | null;
const logCount = async () =>
  (
    (await ctx.db.execute(
      sql`select count(*)::int as n from sys_log where operate_type like 'interface%'`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;
const form = (catalogId: string, overrides: Record<string, unknown> = {}) => ({
  catalogId,
  apiName: '预警查询',
  requestMode: 'GET',
  responseType: 'json',
  upstreamUrl,
  requestParameters: [
    { parameterName: 'district', parameterLocation: 'query', type: 'string', required: true, description: '区县' },
    { parameterName: 'page', parameterLocation: 'query', type: 'int', defaultValue: '1' },
  ],
  responseParameters: [{ parameterName: 'warnings', description: '预警列表' }],
  requestExample: '?district=东湖区',
  returnExample: '{"ok":true}',
  ...overrides,
});
const mount = (token: string | undefined, body: unknown) =>
  call<{ apiId: string; apiPath: string }>(ctx, 'POST', '/api/cataLog/interfaceMount', { token, body });

describe('接口发布 routes', () => {
  it('need a token (401) and the permission (403)', async () => {
    const anyone = (await signedIn(ctx, { departs: [dept] })).token;
    for (const url of [
      '/api/cataLog/pageInterface',
      '/api/cataLog/interfaceMount',
      '/api/cataLog/cancelInterfaceMount',
      '/api/cataLog/syncApi',
      '/api/cataLog/interfaceMountList',
    ]) {
      expect((await call(ctx, 'POST', url, { body: {} })).status, url).toBe(401);
      expect((await call(ctx, 'POST', url, { token: anyone, body: {} })).status, url).toBe(403);
    }
  });

  it('mounts, lists, tests, cancels and mounts again with the same apiId, each with its log', async () => {
    const entry = await apiEntry('接口挂载-预警');
    const logs = await logCount();
    const first = await mount(officer, form(entry.id));
    expect(first.status).toBe(200);
    const apiId = first.body.result.apiId;
    expect(first.body.result.apiPath).toBe(`${ctx.base}/open/api/v1/services/${apiId}`);
    const stored = await mountOf(entry.id);
    expect(stored).toMatchObject({
      apiId,
      mounted: true,
      upstream: { protocol: 'http', hostname: '127.0.0.1', path: '/v1/query' },
    });

    const page = await call<Page<InterfaceItem>>(ctx, 'POST', '/api/cataLog/pageInterface', {
      token: officer,
      body: { catalogName: '接口挂载-预警' },
    });
    expect(page.body.result.records).toMatchObject([
      { id: entry.id, isMount: '1', state: '0', api: { apiId, apiName: '预警查询', upstreamUrl } },
    ]);

    const check = await call<InterfaceCheck>(ctx, 'POST', '/api/cataLog/syncApi', {
      token: officer,
      body: { catalogId: entry.id },
    });
    expect(check.body.result).toMatchObject({ ok: true, status: 200 });
    // The test sends the example's value and the defaults.
    expect(((await mountOf(entry.id)) as { lastCheck: InterfaceCheck }).lastCheck.ok).toBe(true);

    expect(
      (await call(ctx, 'POST', '/api/cataLog/cancelInterfaceMount', { token: officer, body: { catalogId: entry.id } }))
        .status,
    ).toBe(200);
    expect(await mountOf(entry.id)).toMatchObject({ apiId, mounted: false, apiName: '预警查询' });
    const again = await call(ctx, 'POST', '/api/cataLog/cancelInterfaceMount', {
      token: officer,
      body: { catalogId: entry.id },
    });
    expect(again.status).toBe(400);
    const unmounted = await call<Page<InterfaceItem>>(ctx, 'POST', '/api/cataLog/pageInterface', {
      token: officer,
      body: { catalogName: '接口挂载-预警', isMount: '2' },
    });
    expect(unmounted.body.result.records.map((r) => r.id)).toEqual([entry.id]);

    const remount = await mount(officer, form(entry.id, { apiName: '预警查询（新）' }));
    expect(remount.body.result.apiId).toBe(apiId);
    expect(await mountOf(entry.id)).toMatchObject({ mounted: true, apiName: '预警查询（新）', lastCheck: null });
    expect(await logCount()).toBe(logs + 4);
  });

  it('records a failing upstream as 异常', async () => {
    const entry = await apiEntry('接口挂载-故障');
    await mount(officer, form(entry.id, { upstreamUrl: `${upstreamUrl}/broken` }));
    const check = await call<InterfaceCheck>(ctx, 'POST', '/api/cataLog/syncApi', {
      token: officer,
      body: { catalogId: entry.id },
    });
    expect(check.body.result).toMatchObject({ ok: false, status: 500 });
    const page = await call<Page<InterfaceItem>>(ctx, 'POST', '/api/cataLog/pageInterface', {
      token: officer,
      body: { catalogName: '接口挂载-故障' },
    });
    expect(page.body.result.records[0].state).toBe('2');
  });

  it('refuses bad input with a Chinese 400 and writes nothing', async () => {
    const entry = await apiEntry('接口挂载-校验');
    const logs = await logCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ upstreamUrl: 'ftp://127.0.0.1/x' }, /http 或 https/],
      [{ upstreamUrl: 'http://user:pw@127.0.0.1/x' }, /用户名或密码/],
      [{ upstreamUrl: 'not a url' }, /完整的接口地址/],
      [{ requestMode: 'PUT' }, /GET 或 POST/],
      [{ apiName: '' }, /请输入接口名称/],
      [
        { requestParameters: [{ parameterName: 'q', parameterLocation: 'body', type: 'string' }] },
        /GET 请求不能有请求体参数/,
      ],
      [
        { requestParameters: [{ parameterName: 'X-Access-Token', parameterLocation: 'header', type: 'string' }] },
        /由平台使用/,
      ],
      [
        {
          requestParameters: [
            { parameterName: 'q', parameterLocation: 'query', type: 'string' },
            { parameterName: 'q', parameterLocation: 'query', type: 'int' },
          ],
        },
        /参数名称重复/,
      ],
      [
        { requestParameters: [{ parameterName: 'n', parameterLocation: 'query', type: 'int', defaultValue: 'x' }] },
        /默认值不符合参数类型/,
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await mount(officer, form(entry.id, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(overrides)).toMatch(message);
    }
    const fileEntry = await createMarketEntry(ctx.db, dept.orgCode, { dataFormat: 'file' });
    expect((await mount(officer, form(fileEntry.id))).status).toBe(400);
    expect(await mountOf(entry.id)).toBeNull();
    expect(await logCount()).toBe(logs);
  });

  it('refuses inward upstreams at mount time (SSRF), names resolving inward too', async () => {
    const entry = await apiEntry('接口挂载-内网');
    for (const url of [
      'http://127.0.0.2:8080/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5/api',
      'http://[::1]/x',
      'http://inward.example.test/api',
      'https://metadata.example.test/api',
    ]) {
      const res = await mount(officer, form(entry.id, { upstreamUrl: url }));
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body), url).toMatch(/不允许连接本机、内网或保留地址/);
    }
    expect(await mountOf(entry.id)).toBeNull();
    // A public name is accepted (it is checked again at every call).
    expect(
      (await mount(officer, form(entry.id, { upstreamUrl: 'https://api.example.test:8443/v2?src=city' }))).status,
    ).toBe(200);
    expect(await mountOf(entry.id)).toMatchObject({
      upstream: { protocol: 'https', hostname: 'api.example.test', port: 8443, path: '/v2?src=city' },
    });
  });

  it('keeps each department to its own entries; reviewers act on all', async () => {
    const entry = await apiEntry('接口挂载-部门');
    const res = await mount(outsider, form(entry.id));
    expect(res.status).toBe(403);
    expect(await mountOf(entry.id)).toBeNull();
    const list = await call<Page<InterfaceItem>>(ctx, 'POST', '/api/cataLog/pageInterface', {
      token: outsider,
      body: { catalogName: '接口挂载' },
    });
    expect(list.body.result.total).toBe(0);
    expect((await mount(reviewer, form(entry.id))).status).toBe(200);
    const all = await call<Page<InterfaceItem>>(ctx, 'POST', '/api/cataLog/pageInterface', {
      token: reviewer,
      body: { catalogName: '接口挂载-部门' },
    });
    expect(all.body.result.records.map((r) => r.id)).toEqual([entry.id]);
    for (const url of ['/api/cataLog/cancelInterfaceMount', '/api/cataLog/syncApi']) {
      expect((await call(ctx, 'POST', url, { token: outsider, body: { catalogId: entry.id } })).status, url).toBe(403);
    }
    const mounted = await call<Page<InterfaceListItem>>(ctx, 'POST', '/api/cataLog/interfaceMountList', {
      token: officer,
      body: { pageNo: 1, pageSize: 50 },
    });
    expect(mounted.status).toBe(200);
    expect(mounted.body.result.records.find((r) => r.catalogId === entry.id)).toMatchObject({
      apiName: '预警查询',
      upstreamUrl,
    });
    const theirs = await call<Page<InterfaceListItem>>(ctx, 'POST', '/api/cataLog/interfaceMountList', {
      token: outsider,
      body: { pageNo: 1, pageSize: 50 },
    });
    expect(theirs.body.result.records.find((r) => r.catalogId === entry.id)).toBeUndefined();
  });
});
