import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  InterfacePerm as I,
  type OpenAppItem,
  OpenAppPerm,
  type OpenAppSecret,
  type OpenDatasetMeta,
} from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCallDaily, openGrants } from '../../db/schema/index.js';
import { parseAllowList } from '../../platform/outbound/address.js';
import { createDepart, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { interfaceMountService } from '../collection/interface-mount.js';
import { createMarketEntry } from '../market/testing.js';
import { flushCallLogs } from './call-log.js';
import { DEMO_UPSTREAMS } from './gateway/demo-upstreams.js';
import { setOpenQuota, signedHeaders } from './testing.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-gateway-'));
let ctx: TestContext;
let upstream: Server;
let port: number;
let dept: { id: string; orgCode: string };
let officer: string;
let developer: string;
/** What the upstream last received. */
let received: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string } = { headers: {}, body: '' };
/** Names the tests resolve; `rebind` changes its answer between mount and call. */
const names: Record<string, string> = { 'svc.example.test': '127.0.0.1', 'rebind.example.test': '127.0.0.1' };

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received = { method: req.method, url: req.url, headers: req.headers, body };
      if (req.url?.startsWith('/big')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(Buffer.alloc(3 * 1024 * 1024, 'x'));
      } else if (req.url?.startsWith('/xml')) {
        res.writeHead(404, { 'content-type': 'application/xml; charset=utf-8' });
        res.end('<error>未找到</error>');
      } else {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ echo: req.url, body }));
      }
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  port = (upstream.address() as AddressInfo).port;
  ctx = await createTestApp({
    dataDir,
    config: {
      outboundAllow: parseAllowList('127.0.0.1/32'),
      outboundLookup: async (host) => {
        if (!names[host]) throw new Error('ENOTFOUND');
        return [{ address: names[host], family: 4 }];
      },
    },
  });
  // Tests call faster than a visitor may.
  await setOpenQuota(ctx.db, 'anonymous.second', '1000');
  dept = await createDepart(ctx.db);
  officer = (await signedInWith(ctx, [I.list, I.mount], { departs: [dept] })).token;
  developer = (await signedInWith(ctx, Object.values(OpenAppPerm))).token;
});
afterAll(async () => {
  await ctx.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

type Param = {
  parameterName: string;
  parameterLocation: string;
  type: string;
  required?: boolean;
  defaultValue?: string;
};
const QUERY_PARAMS: Param[] = [
  { parameterName: 'district', parameterLocation: 'query', type: 'string', required: true },
  { parameterName: 'page', parameterLocation: 'query', type: 'int', defaultValue: '1' },
  { parameterName: 'X-Region', parameterLocation: 'header', type: 'string' },
];

/** A public 接口 entry mounted by its officer on `url`. */
async function mounted(
  url: string,
  opts: { requestMode?: string; params?: Param[]; entry?: Parameters<typeof createMarketEntry>[2] } = {},
) {
  const entry = await createMarketEntry(ctx.db, dept.orgCode, { dataFormat: 'api', ...opts.entry });
  const res = await call<{ apiId: string }>(ctx, 'POST', '/api/cataLog/interfaceMount', {
    token: officer,
    body: {
      catalogId: entry.id,
      apiName: '测试接口',
      requestMode: opts.requestMode ?? 'GET',
      responseType: 'json',
      upstreamUrl: url,
      requestParameters: opts.params ?? QUERY_PARAMS,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { entry, apiId: res.body.result.apiId };
}

const local = (p: string) => `http://127.0.0.1:${port}${p}`;
const service = (apiId: string, query = '') => `${ctx.base}/open/api/v1/services/${apiId}${query}`;
const get = (apiId: string, query = '', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: service(apiId, query), headers });

describe('the gateway', () => {
  it('passes declared parameters only, applies defaults and answers what the upstream said', async () => {
    const { apiId } = await mounted(local('/v1/warnings?src=city'));
    const res = await get(apiId, '?district=%E4%B8%9C%E6%B9%96%E5%8C%BA', {
      'x-region': 'east',
      cookie: 'session=secret',
      'x-access-token': 'tok',
      'x-other': 'not declared',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ echo: '/v1/warnings?src=city&district=%E4%B8%9C%E6%B9%96%E5%8C%BA&page=1', body: '' });
    expect(received.headers['x-region']).toBe('east');
    for (const h of ['cookie', 'x-access-token', 'x-other', 'x-app-key'])
      expect(received.headers[h], h).toBeUndefined();
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();
  });

  it('never forwards the caller key or signature headers', async () => {
    const app = (
      await call<OpenAppItem & OpenAppSecret>(ctx, 'POST', '/api/openApp/add', {
        token: developer,
        body: { name: '网关调用', description: '测试' },
      })
    ).body.result;
    const { apiId } = await mounted(local('/keys'));
    const res = await get(apiId, '?district=a', signedHeaders(app, 'GET', service(apiId, '?district=a')));
    expect(res.statusCode).toBe(200);
    for (const h of ['x-app-key', 'x-signature', 'x-nonce', 'x-timestamp'])
      expect(received.headers[h], h).toBeUndefined();
  });

  it('refuses undeclared, missing, repeated and mistyped parameters before the upstream is called', async () => {
    const { apiId } = await mounted(local('/strict'));
    received = { headers: {}, body: '' };
    const cases: [string, RegExp][] = [
      ['?district=a&evil=1', /不支持的参数：evil/],
      ['', /缺少必填参数：district/],
      ['?district=a&district=b', /只能出现一次/],
      ['?district=a&page=abc', /参数 page 应为整数/],
    ];
    for (const [query, message] of cases) {
      const res = await get(apiId, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    expect(received.url).toBeUndefined();
    const wrongMethod = await ctx.app.inject({ method: 'POST', url: service(apiId, '?district=a'), payload: {} });
    expect(wrongMethod.statusCode, wrongMethod.body).toBe(405);
  });

  it('sends declared body parameters as JSON on POST, typed', async () => {
    const { apiId } = await mounted(local('/post'), {
      requestMode: 'POST',
      params: [
        { parameterName: 'stop', parameterLocation: 'body', type: 'string', required: true },
        { parameterName: 'limit', parameterLocation: 'body', type: 'int', defaultValue: '5' },
        { parameterName: 'lang', parameterLocation: 'query', type: 'string' },
      ],
    });
    const res = await ctx.app.inject({ method: 'POST', url: service(apiId, '?lang=zh'), payload: { stop: '湖滨站' } });
    expect(res.statusCode).toBe(200);
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/post?lang=zh');
    expect(JSON.parse(received.body)).toEqual({ stop: '湖滨站', limit: 5 });
    const extra = await ctx.app.inject({ method: 'POST', url: service(apiId), payload: { stop: 'a', drop: 'table' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('不支持的参数：drop');
  });

  it("passes the upstream's own status and content type through", async () => {
    const { apiId } = await mounted(local('/xml'), { params: [] });
    const res = await get(apiId);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toBe('<error>未找到</error>');
  });

  it('answers a Chinese 502 when the upstream fails or answers too much', async () => {
    const down = await mounted('http://127.0.0.1:1/down', { params: [] });
    const failed = await get(down.apiId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('上游接口调用失败，请稍后再试');
    const big = await mounted(local('/big'), { params: [] });
    const tooBig = await get(big.apiId);
    expect(tooBig.statusCode).toBe(502);
    expect(tooBig.json().message).toBe('上游接口返回的内容过大');
  });

  it('checks the address again at every call (a name that now resolves inward is refused)', async () => {
    const { apiId } = await mounted(`http://rebind.example.test:${port}/x`, { params: [] });
    expect((await get(apiId)).statusCode).toBe(200);
    for (const inward of ['10.0.0.7', '169.254.169.254', '127.0.0.2']) {
      names['rebind.example.test'] = inward;
      const res = await get(apiId);
      expect(res.statusCode, inward).toBe(502);
      expect(res.json().message, inward).toMatch(/不允许连接本机、内网或保留地址/);
    }
    names['rebind.example.test'] = '127.0.0.1';
  });

  it('answers 404 for a cancelled mount and an entry that is not public', async () => {
    const { entry, apiId } = await mounted(local('/gone'), { params: [] });
    await call(ctx, 'POST', '/api/cataLog/cancelInterfaceMount', { token: officer, body: { catalogId: entry.id } });
    expect((await get(apiId)).statusCode).toBe(404);
    const hidden = await mounted(local('/hidden'), { params: [], entry: { shelfStatus: 0 } });
    expect((await get(hidden.apiId)).statusCode).toBe(404);
    expect((await get('not-a-uuid')).statusCode).toBe(400);
  });

  it('counts successful calls as service calls of the entry', async () => {
    const { entry, apiId } = await mounted(local('/count'));
    for (let i = 0; i < 2; i++) expect((await get(apiId, '?district=a')).statusCode).toBe(200);
    expect((await get(apiId, '?bad=1')).statusCode).toBe(400);
    await flushCallLogs();
    const [day] = await ctx.db.select().from(openCallDaily).where(eq(openCallDaily.catalogId, entry.id));
    expect(day.calls).toBe(2);
    const logged = await ctx.db.execute(
      sql`select kind, status, count(*)::int as n from open_call_log where catalog_id = ${entry.id} group by kind, status order by status`,
    );
    expect((logged as unknown as { rows: unknown[] }).rows).toEqual([
      { kind: 'service', status: 200, n: 2 },
      { kind: 'service', status: 400, n: 1 },
    ]);
  });

  it('describes the service in the dataset metadata, without the upstream address', async () => {
    const { entry, apiId } = await mounted(local('/secret-path'));
    const res = await ctx.app.inject({ method: 'GET', url: `${ctx.base}/open/api/v1/datasets/${entry.id}` });
    const meta = res.json().result as OpenDatasetMeta;
    expect(meta.service).toMatchObject({
      apiId,
      method: 'GET',
      endpoint: `${ctx.base}/open/api/v1/services/${apiId}`,
      parameters: [{ parameterName: 'district', required: true }, { parameterName: 'page', defaultValue: '1' }, {}],
    });
    expect(res.body).not.toContain('secret-path');
  });
});

describe('有条件开放 services', () => {
  it('need a proven application with a grant, as rows do', async () => {
    const { entry, apiId } = await mounted(local('/conditional'), {
      params: [],
      entry: { openType: '2', openCondition: '须申请' },
    });
    const app = (
      await call<OpenAppItem & OpenAppSecret>(ctx, 'POST', '/api/openApp/add', {
        token: developer,
        body: { name: '有条件调用', description: '测试' },
      })
    ).body.result;
    expect((await get(apiId)).statusCode).toBe(401);
    expect((await get(apiId, '', { 'x-app-key': app.appKey })).statusCode).toBe(403);
    const refused = await get(apiId, '', signedHeaders(app, 'GET', service(apiId)));
    expect(refused.statusCode).toBe(403);
    await ctx.db.insert(openGrants).values({ appId: app.id, catalogId: entry.id, fields: null });
    const granted = await get(apiId, '', signedHeaders(app, 'GET', service(apiId)));
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ echo: '/conditional' });
  });
});

describe('the built-in demo upstreams', () => {
  it('answer each demo interface with plausible data that depends on the parameters', async () => {
    const mounts = interfaceMountService(ctx.app.deps.config);
    for (const [name, demo] of Object.entries(DEMO_UPSTREAMS)) {
      const entry = await createMarketEntry(ctx.db, dept.orgCode, { dataFormat: 'api' });
      const mount = await mounts.mountBuiltin(ctx.db, entry.id, name, '演示数据');
      expect(mount.returnExample, name).toBeTruthy();
      const query = `?${new URLSearchParams(demo.example)}`;
      const res = await get(mount.apiId, query);
      expect(res.statusCode, `${name} ${res.body}`).toBe(200);
      const body = res.json();
      expect(body.code, name).toBe(200);
      expect(JSON.stringify(body.data).length, name).toBeGreaterThan(40);
    }
  });

  it('filter by their parameters and refuse what they do not know', () => {
    const now = new Date('2026-05-12T09:30:00+08:00');
    const weather = DEMO_UPSTREAMS['weather-warnings'];
    const all = weather.answer({ includeLifted: 'true' }, now).body as { data: { warnings: { areas: string }[] } };
    const east = weather.answer({ district: '东湖区', includeLifted: 'true' }, now).body as typeof all;
    expect(all.data.warnings.length).toBeGreaterThan(0);
    for (const w of east.data.warnings) expect(w.areas === '全市' || w.areas.includes('东湖区')).toBe(true);
    expect(weather.answer({ district: '火星区' }, now).status).toBe(400);

    const buses = DEMO_UPSTREAMS['bus-timetables'];
    const line = buses.answer({ lineName: '12路', departures: '3' }, now).body as {
      data: { lines: { line_name: string; next_departures: string[] }[] };
    };
    expect(line.data.lines.map((l) => l.line_name)).toEqual(['12路', '12路']);
    for (const l of line.data.lines) {
      expect(l.next_departures).toHaveLength(3);
      expect(l.next_departures[0] >= '09:30').toBe(true);
    }
    expect(buses.answer({ lineName: '999路' }, now).status).toBe(404);

    const traffic = DEMO_UPSTREAMS['traffic-conditions'];
    const rush = traffic.answer({ district: '西城区' }, new Date('2026-05-12T08:00:00+08:00')).body as {
      data: { segments: { avg_speed: number; segment_name: string }[] };
    };
    const night = traffic.answer({ district: '西城区' }, new Date('2026-05-12T03:00:00+08:00')).body as typeof rush;
    const mean = (r: typeof rush) => r.data.segments.reduce((s, x) => s + x.avg_speed, 0) / r.data.segments.length;
    expect(mean(rush)).toBeLessThan(mean(night));
    for (const s of rush.data.segments) expect(s.segment_name.startsWith('西城区')).toBe(true);

    const teachers = DEMO_UPSTREAMS['teacher-certificates'];
    const example = teachers.example;
    expect((teachers.answer(example, now).body as { data: { result: string } }).data.result).toBe('一致');
    expect(
      (teachers.answer({ ...example, name: '某某某' }, now).body as { data: { result: string } }).data.result,
    ).toBe('不一致');
    expect(teachers.answer({ certificateNo: '123', name: 'x' }, now).status).toBe(400);
    expect(DEMO_UPSTREAMS['id-card-progress'].answer({ acceptNo: 'abc' }, now).status).toBe(400);
  });
});
