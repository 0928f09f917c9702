/**
 * Throughput and latency of the portal's public reads at city scale. Loads 100 000 generated entries
 * (the search bench's data set) into a fresh database (PGlite in a temporary folder, or a throw-away
 * database on the PostgreSQL server of DATABASE_URL), starts the real server on it in a child process,
 * and drives each read from another process with 20 keep-alive connections for a fixed time. A bare
 * Fastify route, driven the same way in the same run, shows the ceiling of the machine and client.
 *
 * Usage: npm run bench:portal [-- <entries> <seconds per endpoint> <connections>]  (100000 10 20)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { type RunningServer, startServer } from '../../../e2e/support/server.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, rowsOf } from '../src/db/client.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { seedIfEmpty } from '../src/db/seed/index.js';
import type { LoadRequest, LoadResult, LoadSpec } from './portal-load.js';
import { loadEntries } from './search-data.js';

const ENTRIES = Number(process.argv[2] ?? 100_000);
const SECONDS = Number(process.argv[3] ?? 10);
const CONNECTIONS = Number(process.argv[4] ?? 20);
const WARMUP_SECONDS = 2;
const OFFICER = { username: 'jtadmin', password: 'Dept@2026' };

const run = promisify(execFile);
const loader = path.join(import.meta.dirname, 'portal-load.ts');

async function drive(origin: string, requests: LoadRequest[], seconds: number): Promise<LoadResult> {
  const spec: LoadSpec = { origin, requests, connections: CONNECTIONS, seconds };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', loader, JSON.stringify(spec)], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LoadResult;
}

const get = (p: string): LoadRequest => ({ method: 'GET', path: p });
const post = (p: string, body: unknown, headers?: Record<string, string>): LoadRequest => ({
  method: 'POST',
  path: p,
  body,
  headers,
});

// --- database set-up --------------------------------------------------------------------------

const serverUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-bench-portal-'));
const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'odp_bench') : null;
const databaseUrl = scratch?.url;
const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';

let server: RunningServer | null = null;
const bare = Fastify();
try {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ url: databaseUrl, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db, config);
  console.log(`${kind}: 生成并写入 ${ENTRIES.toLocaleString()} 条目录 …`);
  const { loadMs } = await loadEntries(database.db, ENTRIES, 1000);
  // A city's database has been vacuumed by autovacuum long since; right after a bulk load it has not,
  // and index-only scans (the officer's list count) would still visit every heap page.
  await database.db.execute(sql`vacuum analyze data_catalog`);
  // Detail pages of public entries spread over the whole set, so that no single row stays hot.
  const ids = (
    await rowsOf<{ id: string }>(
      database.db,
      sql`select id from data_catalog where shelf_status = 2 and open_type in ('1','2') order by md5(id::text) limit 200`,
    )
  ).map((r) => r.id);
  await database.close();
  console.log(`写入完成: ${(loadMs / 1000).toFixed(1)} 秒；详情页轮询 ${ids.length} 个公开目录`);

  server = await startServer({
    dataDir,
    env: { DATABASE_URL: databaseUrl ?? '', LOGIN_RATE_LIMIT: '1000000' },
    readyWithinMs: 120_000,
  });
  const api = new URL(server.api);
  const base = api.pathname;
  const login = await fetch(`${server.api}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OFFICER),
  });
  const token = ((await login.json()) as { result?: { token?: string } }).result?.token;
  if (!token) throw new Error(`部门管理员登录失败: HTTP ${login.status}`);

  await bare.get('/', async () => ({ ok: true }));
  const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });

  const keywords = ['公交', '空气质量日报', '学校', '医疗机构名录', '企业'];
  const ENDPOINTS: { name: string; origin: string; requests: LoadRequest[]; goal: number }[] = [
    { name: '裸 Fastify 路由（上限）', origin: bareOrigin, requests: [get('/')], goal: 0 },
    {
      name: '目录页（无关键词）',
      origin: api.origin,
      requests: [post(`${base}/api/resourceMarket/page`, {})],
      goal: 100,
    },
    {
      name: '目录页（关键词）',
      origin: api.origin,
      requests: keywords.map((k) => post(`${base}/api/resourceMarket/page`, { catalogName: k })),
      goal: 100,
    },
    {
      name: '筛选项计数',
      origin: api.origin,
      requests: [post(`${base}/api/resourceMarket/getCatalogAmount`, {})],
      goal: 100,
    },
    {
      name: '筛选项计数（关键词）',
      origin: api.origin,
      requests: keywords.map((k) => post(`${base}/api/resourceMarket/getCatalogAmount`, { catalogName: k })),
      goal: 100,
    },
    { name: '首页统计数字', origin: api.origin, requests: [get(`${base}/api/IndexPage/indexNum`)], goal: 100 },
    { name: '首页重点领域', origin: api.origin, requests: [get(`${base}/api/IndexPage/keyAreas`)], goal: 100 },
    {
      name: '首页最新开放',
      origin: api.origin,
      requests: [get(`${base}/api/IndexPage/recentOpenDataPage?pageNo=1&pageSize=6`)],
      goal: 100,
    },
    {
      name: '首页下载排名',
      origin: api.origin,
      requests: [get(`${base}/api/IndexPage/dataDownloadPage?pageNo=1&pageSize=10`)],
      goal: 100,
    },
    {
      name: '目录详情（含相关目录）',
      origin: api.origin,
      requests: ids.map((id) => get(`${base}/api/resourceMarket/detail?id=${id}`)),
      goal: 100,
    },
    { name: '开放统计（部门）', origin: api.origin, requests: [get(`${base}/api/openstat/byDepartment`)], goal: 100 },
    { name: '开放统计（领域）', origin: api.origin, requests: [get(`${base}/api/openstat/byKeyArea`)], goal: 100 },
    {
      name: '部门目录列表（登录）',
      origin: api.origin,
      requests: [post(`${base}/api/cataLog/page`, { pageNo: 1, pageSize: 10 }, { 'x-access-token': token })],
      goal: 150,
    },
    // Again at the end: on a shared machine the ceiling moves during the run.
    { name: '裸 Fastify 路由（结束时）', origin: bareOrigin, requests: [get('/')], goal: 0 },
  ];

  const pad = (s: string, n: number) => {
    const width = [...s].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) > 0x2e80 ? 2 : 1), 0);
    return s + ' '.repeat(Math.max(0, n - width));
  };
  const pgGoal = (ms: number) => (databaseUrl ? ms : ms === 100 ? 300 : ms);
  console.log(
    `\n${kind}，${ENTRIES.toLocaleString()} 条目录，${CONNECTIONS} 个连接，每个接口预热 ${WARMUP_SECONDS} 秒后压测 ${SECONDS} 秒：\n`,
  );
  console.log(
    `${pad('接口', 26)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'错误'.padStart(6)}  目标 p95`,
  );
  let allOk = true;
  for (const e of ENDPOINTS) {
    await drive(e.origin, e.requests, WARMUP_SECONDS);
    const r = await drive(e.origin, e.requests, SECONDS);
    const goal = pgGoal(e.goal);
    // PostgreSQL is also held to 500 req/s for the public reads.
    const ok = !goal || (r.errors === 0 && r.p95 <= goal && (!databaseUrl || goal !== 100 || r.rps >= 500));
    allOk &&= ok;
    console.log(
      `${pad(e.name, 26)}${r.rps.toFixed(0).padStart(9)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}` +
        `${r.p99.toFixed(1).padStart(9)}${String(r.errors).padStart(6)}  ${goal ? `≤ ${goal} ${ok ? '达标' : '未达标'}` : '-'}`,
    );
    if (r.errors) console.log(`  失败: ${JSON.stringify(r.failures)}`);
  }
  if (!allOk) process.exitCode = 1;
} finally {
  await bare.close();
  await server?.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
