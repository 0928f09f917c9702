/**
 * The datastore and the open data API at scale. Builds a table of <rows> rows in the machine's
 * MariaDB (database `test`), mounts it on a 库表 entry through the real API (a full sync into the
 * datastore, with its indexes), then measures from other processes: the latency of filtered and
 * sorted first pages, the rows API's throughput with key check and quota against the same route with
 * quotas off, a CSV export of every row with the server's memory growth, and — on PostgreSQL
 * (DATABASE_URL) — that two instances on one database let exactly N of 4N calls through a quota of N.
 *
 * Usage: npm run bench:datastore [-- <rows> <seconds> <connections>]   (1000000 10 50)
 *   MariaDB: BENCH_MARIADB_URL (default mysql://root@127.0.0.1:3306/test)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, like } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import { type RunningServer, startServer } from '../../../e2e/support/server.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { catalogueItems, catalogues, dictItems, dicts, openApps, users } from '../src/db/schema/index.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { seedIfEmpty } from '../src/db/seed/index.js';
import { appSecrets, newAppKey, newAppSecret } from '../src/modules/openapi/keys.js';
import type { LoadRequest, LoadResult, LoadSpec } from './portal-load.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const SECONDS = Number(process.argv[3] ?? 10);
const CONNECTIONS = Number(process.argv[4] ?? 50);
const QUOTA_N = 200;
const MARIADB = new URL(process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test');
const SOURCE_USER = { name: 'odp_bench', password: 'Bench@2026-ro' };
const OFFICER = { username: 'jtadmin', password: 'Dept@2026' };

const run = promisify(execFile);
const loader = path.join(import.meta.dirname, 'portal-load.ts');

async function drive(origin: string, requests: LoadRequest[], seconds: number, connections = CONNECTIONS) {
  const spec: LoadSpec = { origin, requests, connections, seconds };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', loader, JSON.stringify(spec)], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LoadResult;
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const figures: [string, string, string, string][] = [];
const report = (what: string, value: string, goal: string, ok: boolean | null) => {
  figures.push([what, value, goal, ok === null ? '-' : ok ? '达标' : '未达标']);
  console.log(`  ${what}: ${value}（目标 ${goal}）`);
};

// --- the departmental table in MariaDB ---------------------------------------------------------

async function buildSourceTable() {
  const conn = await mysql.createConnection({
    host: MARIADB.hostname,
    port: Number(MARIADB.port || 3306),
    user: decodeURIComponent(MARIADB.username || 'root'),
    password: decodeURIComponent(MARIADB.password),
    database: MARIADB.pathname.slice(1) || 'test',
  });
  try {
    await conn.query(`create user if not exists '${SOURCE_USER.name}'@'%' identified by '${SOURCE_USER.password}'`);
    await conn.query(`grant select on \`${MARIADB.pathname.slice(1) || 'test'}\`.* to '${SOURCE_USER.name}'@'%'`);
    await conn.query('drop table if exists bench_rows');
    await conn.query(`create table bench_rows (
      id int primary key comment '编号', district varchar(20) comment '区县', category varchar(20) comment '类别',
      amount decimal(12,2) comment '金额', day date comment '登记日期', name varchar(60) comment '名称')`);
    await conn.query(`insert into bench_rows
      select seq, elt(1 + seq % 8, '东湖区','西湖区','北山区','南屏区','临江县','青溪县','白石县','滨江新区'),
        elt(1 + (seq div 8) % 12, '餐饮','零售','住宿','交通','教育','医疗','文化','体育','建筑','制造','金融','其他'),
        round((seq * 7919) % 1000000 / 100, 2), date_add('2020-01-01', interval seq % 2000 day),
        concat('滨江市第', seq, '号登记单位')
      from seq_1_to_${ROWS}`);
  } finally {
    await conn.end();
  }
}

// --- database set-up --------------------------------------------------------------------------

const serverUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-bench-datastore-'));
const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'odp_bench') : null;
const databaseUrl = scratch?.url;
const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
const servers: RunningServer[] = [];
const env = {
  DATABASE_URL: databaseUrl ?? '',
  LOGIN_RATE_LIMIT: '1000000',
  DATASOURCE_ALLOW: `${MARIADB.hostname}/32`,
  JOBS_ENABLED: '0',
  DATASOURCE_SECRET_KEY: 'a'.repeat(64),
};

async function setDict(db: Awaited<ReturnType<typeof openDatabase>>['db'], values: Record<string, number>) {
  const [dict] = await db.select().from(dicts).where(eq(dicts.dictCode, 'open_api_quota'));
  for (const [value, n] of Object.entries(values)) {
    await db
      .update(dictItems)
      .set({ itemText: String(n) })
      .where(and(eq(dictItems.dictId, dict.id), eq(dictItems.itemValue, value)));
  }
}

try {
  console.log(`${kind}：在 MariaDB 中生成 ${ROWS.toLocaleString()} 行的业务表 …`);
  await buildSourceTable();

  const config = loadConfig({ ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ url: databaseUrl, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db, config);
  const db = database.db;
  const [officer] = await db.select().from(users).where(eq(users.username, OFFICER.username));
  const [entry] = await db
    .insert(catalogues)
    .values({
      catalogCode: 'BENCH-0001',
      catalogName: '市场主体登记信息（压测）',
      orgCode: officer.orgCode ?? '',
      informationSummary: '用于压测数据存储与开放接口的市场主体登记信息，每行一个登记单位。',
      keyAreasType: '6',
      shareType: '10',
      openType: '1',
      updateFrequency: '1',
      dataFormat: 'table',
      catalogStatus: 2,
      shelfStatus: 2,
      releaseTime: new Date(),
    })
    .returning();
  const items: [string, string, string, boolean][] = [
    ['编号', 'id', 'N', true],
    ['区县', 'district', 'C', false],
    ['类别', 'category', 'C', false],
    ['金额', 'amount', 'N', false],
    ['登记日期', 'day', 'D', false],
    ['名称', 'name', 'C', false],
  ];
  await db.insert(catalogueItems).values(
    items.map(([name, enName, dataType, primaryKey], i) => ({
      catalogId: entry.id,
      serialNumber: i + 1,
      name,
      enName,
      dataType,
      primaryKey,
    })),
  );
  await setDict(db, {
    'anonymous.second': 1e9,
    'anonymous.day': 2e9,
    'registered.second': 1e9,
    'registered.day': 2e9,
  });
  const appKey = newAppKey();
  const [citizen] = await db.select().from(users).where(like(users.username, 'citizen'));
  await db
    .insert(openApps)
    .values({ userId: citizen.id, name: '压测应用', appKey, secretEnc: appSecrets(config).seal(newAppSecret()) });
  await database.close();

  // --- sync, latency, throughput with quota, export ---------------------------------------------
  let server = await startServer({ dataDir, env, readyWithinMs: 180_000 });
  servers.push(server);
  const login = await fetch(`${server.api}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OFFICER),
  });
  const token = ((await login.json()) as { result?: { token?: string } }).result?.token ?? '';
  const authed = { 'content-type': 'application/json', 'x-access-token': token };
  const source = await fetch(`${server.api}/api/DataSource/addDataSource`, {
    method: 'POST',
    headers: authed,
    body: JSON.stringify({
      dataName: 'MariaDB 压测源',
      databaseType: 'mariadb',
      host: MARIADB.hostname,
      port: Number(MARIADB.port || 3306),
      databaseName: MARIADB.pathname.slice(1) || 'test',
      userName: SOURCE_USER.name,
      password: SOURCE_USER.password,
    }),
  });
  const sourceId = ((await source.json()) as { result?: { id?: string } }).result?.id;
  if (!sourceId) throw new Error(`数据源创建失败: HTTP ${source.status}`);

  console.log('全量同步到数据存储（含建索引）…');
  const t0 = performance.now();
  const mounted = await fetch(`${server.api}/api/cataLog/tableMount`, {
    method: 'POST',
    headers: authed,
    body: JSON.stringify({ catalogId: entry.id, dataSourceId: sourceId, tableName: 'bench_rows', syncMode: 'full' }),
  });
  const syncSeconds = (performance.now() - t0) / 1000;
  const synced = ((await mounted.json()) as { result?: { rows?: number }; message?: string }).result?.rows ?? 0;
  if (synced !== ROWS) throw new Error(`同步行数 ${synced}，应为 ${ROWS}: HTTP ${mounted.status}`);
  report(
    'MariaDB 全量同步',
    `${Math.round(ROWS / syncSeconds).toLocaleString()} 行/秒（${syncSeconds.toFixed(1)} 秒）`,
    '≥ 50 000 行/秒',
    ROWS / syncSeconds >= 50_000,
  );

  const api = new URL(server.api);
  const rowsPath = `${api.pathname}/open/api/v1/datasets/${entry.id}/rows`;
  const queries = [
    '?district=东湖区&sort=-amount&limit=20',
    '?category=医疗&day.gte=2024-01-01&sort=-day&limit=20',
    '?amount.gte=5000&amount.lt=5100&sort=amount&limit=20',
    '?district=临江县&category=教育&sort=-id&limit=20',
    '?id.gt=500000&sort=id&limit=100',
  ].map((q) => encodeURI(`${rowsPath}${q}`));
  const latency = await drive(
    api.origin,
    queries.map((p) => ({ method: 'GET', path: p, headers: { 'x-app-key': appKey } })),
    SECONDS,
    1,
  );
  report(
    '筛选并排序的首页（单连接）',
    `p50 ${latency.p50.toFixed(1)} ms，p95 ${latency.p95.toFixed(1)} ms，错误 ${latency.errors}`,
    'p95 ≤ 50 ms',
    latency.p95 <= 50 && latency.errors === 0,
  );

  // What most callers do: page through a dataset, read a few fields, look a record up by its key.
  const step = Math.max(1, Math.floor(Math.min(ROWS, 10_000) / 97));
  const paging = Array.from({ length: 24 }, (_, i) => {
    const at = (i * step * 13) % Math.min(ROWS, 10_000);
    const lookup = `?id=${1 + ((i * 7919) % ROWS)}`;
    return [`?limit=20&offset=${at}`, `?fields=id,name,amount&limit=50&offset=${at}`, lookup][i % 3];
  }).map((q) => encodeURI(`${rowsPath}${q}`));
  const keyedPaging = paging.map((p) => ({ method: 'GET' as const, path: p, headers: { 'x-app-key': appKey } }));
  await drive(api.origin, keyedPaging, 2);
  const pagingWithQuota = await drive(api.origin, keyedPaging, SECONDS);
  report(
    `行查询：翻页与按编号（应用密钥 + 配额，${CONNECTIONS} 连接）`,
    `${pagingWithQuota.rps.toFixed(0)} 次/秒，p95 ${pagingWithQuota.p95.toFixed(1)} ms，错误 ${pagingWithQuota.errors}`,
    databaseUrl ? '≥ 1 000 次/秒' : '-',
    databaseUrl ? pagingWithQuota.rps >= 1000 && pagingWithQuota.errors === 0 : null,
  );

  const keyed = queries.map((p) => ({ method: 'GET' as const, path: p, headers: { 'x-app-key': appKey } }));
  await drive(api.origin, keyed, 2);
  const withQuota = await drive(api.origin, keyed, SECONDS);
  report(
    `行查询：筛选并排序（应用密钥 + 配额，${CONNECTIONS} 连接）`,
    `${withQuota.rps.toFixed(0)} 次/秒，p95 ${withQuota.p95.toFixed(1)} ms，错误 ${withQuota.errors}`,
    '-',
    null,
  );

  const meta = await fetch(`${server.api}/open/api/v1/datasets/${entry.id}`);
  const resourceId = ((await meta.json()) as { result: { resources: { id: string }[] } }).result.resources[0].id;
  const before = rssKb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(server.pid));
  }, 50);
  const t1 = performance.now();
  const csv = await fetch(
    `${server.api}/api/file/downloadOpen?catalogId=${entry.id}&resourceId=${resourceId}&format=csv`,
  );
  let lines = 0;
  const reader = csv.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    for (const byte of chunk.value) if (byte === 10) lines++;
  }
  const exportSeconds = (performance.now() - t1) / 1000;
  clearInterval(sampler);
  const growthMb = (peak - before) / 1024;
  report(
    'CSV 导出全部行',
    `${Math.round((lines - 1) / exportSeconds).toLocaleString()} 行/秒（${(lines - 1).toLocaleString()} 行，${exportSeconds.toFixed(1)} 秒）`,
    '≥ 100 000 行/秒',
    (lines - 1) / exportSeconds >= 100_000,
  );
  report('导出时服务端内存增长', `${growthMb.toFixed(1)} MB`, '≤ 64 MB', growthMb <= 64);
  await server.stop({ keepData: true });
  servers.length = 0;

  // --- the same route without key and quota -------------------------------------------------------
  server = await startServer({ dataDir, env: { ...env, OPEN_API_QUOTAS: '0' }, readyWithinMs: 180_000 });
  servers.push(server);
  const bare = paging.map((p) => ({ method: 'GET' as const, path: p }));
  const origin = new URL(server.api).origin;
  await drive(origin, bare, 2);
  const withoutQuota = await drive(origin, bare, SECONDS);
  const ratio = pagingWithQuota.rps / withoutQuota.rps;
  report(
    `行查询：翻页与按编号（匿名、不计配额，${CONNECTIONS} 连接）`,
    `${withoutQuota.rps.toFixed(0)} 次/秒，p95 ${withoutQuota.p95.toFixed(1)} ms`,
    '对照',
    null,
  );
  report('密钥与配额后的吞吐占比', `${(ratio * 100).toFixed(0)}%`, '≥ 50%', ratio >= 0.5);
  await server.stop({ keepData: true });
  servers.length = 0;

  // --- quota exactness across two instances (PostgreSQL) -------------------------------------------
  if (databaseUrl) {
    const again = await openDatabase({ url: databaseUrl, dataDir });
    await setDict(again.db, { 'registered.day': QUOTA_N, 'registered.second': 1e9 });
    const exactKey = newAppKey();
    await again.db.insert(openApps).values({
      userId: citizen.id,
      name: '配额校验',
      appKey: exactKey,
      secretEnc: appSecrets(config).seal(newAppSecret()),
    });
    await again.close();
    const a = await startServer({
      dataDir: mkdtempSync(path.join(tmpdir(), 'odp-bench-a-')),
      env,
      readyWithinMs: 180_000,
    });
    servers.push(a);
    const b = await startServer({
      dataDir: mkdtempSync(path.join(tmpdir(), 'odp-bench-b-')),
      env,
      readyWithinMs: 180_000,
    });
    servers.push(b);
    const call = (s: RunningServer) =>
      fetch(`${s.api}/open/api/v1/datasets/${entry.id}/rows?limit=1`, { headers: { 'x-app-key': exactKey } }).then(
        (r) => r.status,
      );
    const statuses = await Promise.all(Array.from({ length: 4 * QUOTA_N }, (_, i) => call(i % 2 ? a : b)));
    const passed = statuses.filter((s) => s === 200).length;
    const refused = statuses.filter((s) => s === 429).length;
    report(
      `配额精确性（2 个实例，配额 ${QUOTA_N}，并发 ${4 * QUOTA_N} 次）`,
      `${passed} 次成功，${refused} 次 429`,
      `恰好 ${QUOTA_N} 次成功`,
      passed === QUOTA_N && refused === 3 * QUOTA_N,
    );
  }

  console.log(`\n${kind}，${ROWS.toLocaleString()} 行，${CONNECTIONS} 个连接，每项 ${SECONDS} 秒：\n`);
  console.log('| 项目 | 结果 | 目标 | 结论 |\n|---|---|---|---|');
  for (const f of figures) console.log(`| ${f.join(' | ')} |`);
  if (figures.some((f) => f[3] === '未达标')) process.exitCode = 1;
} finally {
  for (const s of servers) await s.stop().catch(() => undefined);
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
