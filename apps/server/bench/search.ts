/**
 * Search latency of the public catalogue. Loads 100 000 generated but realistic entries into a
 * fresh database (PGlite in a temporary folder, or a throw-away database on the PostgreSQL server
 * of DATABASE_URL), builds the index, starts the real server on it in a child process, and
 * measures page 1 of POST /api/resourceMarket/page for a fixed query set over HTTP.
 *
 * Usage: npm run bench:search [-- <entries>]   (default 100000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type RunningServer, startServer } from '../../../e2e/support/server.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { seedIfEmpty } from '../src/db/seed/index.js';
import { loadEntries } from './search-data.js';

const ENTRIES = Number(process.argv[2] ?? 100_000);
const BATCH = 1000;
const RUNS = 30;
const WARMUPS = 3;

const QUERIES: { cls: string; q: string }[] = [
  { cls: '精确词 selective', q: '空气质量日报' },
  { cls: '精确词 selective', q: '充电桩 东湖区' },
  { cls: '精确词 selective', q: '医疗机构名录' },
  { cls: '常见词 common', q: '公交' },
  { cls: '常见词 common', q: '学校' },
  { cls: '常见词 common', q: '企业' },
  // In nearly every summary: the worst case of a capped count.
  { cls: '常见词 common', q: '数据' },
  { cls: '单双字 1–2 chars', q: '路' },
  { cls: '单双字 1–2 chars', q: '车' },
  { cls: '单双字 1–2 chars', q: '交通' },
  { cls: '单双字 1–2 chars', q: '医疗' },
];

// --- database set-up --------------------------------------------------------------------------

const serverUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-bench-search-'));
const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'odp_bench') : null;
const databaseUrl = scratch?.url;
const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';

let server: RunningServer | null = null;
try {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ url: databaseUrl, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db, config);
  const db = database.db;
  console.log(`${kind}: 生成并写入 ${ENTRIES.toLocaleString()} 条目录 …`);
  const { itemCount, loadMs, indexMs, analyzeMs } = await loadEntries(db, ENTRIES, BATCH, (n) => {
    if (n % 10_000 === 0) process.stdout.write(`  ${n.toLocaleString()}${n === ENTRIES ? '\n' : ''}`);
  });
  const [{ n: publicCount }] = (
    (await db.execute(
      sql`select count(*)::int as n from data_catalog where shelf_status = 2 and open_type in ('1','2')`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  await database.close();
  console.log(
    `写入 ${ENTRIES.toLocaleString()} 条目录与 ${itemCount.toLocaleString()} 个信息项: ${(loadMs / 1000).toFixed(1)} 秒；` +
      `GIN 索引构建 ${(indexMs / 1000).toFixed(1)} 秒；ANALYZE ${(analyzeMs / 1000).toFixed(1)} 秒；其中公开目录 ${publicCount.toLocaleString()} 条`,
  );

  // --- the real server, in a child process --------------------------------------------------
  // An empty DATABASE_URL means PGlite in the data folder.
  server = await startServer({ dataDir, env: { DATABASE_URL: databaseUrl ?? '' }, readyWithinMs: 120_000 });
  const api = server.api;

  const search = async (q: string) => {
    const t = performance.now();
    const res = await fetch(`${api}/api/resourceMarket/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageNo: 1, pageSize: 10, catalogName: q }),
    });
    const body = (await res.json()) as { result: { total: number; totalCapped: boolean; records: unknown[] } };
    if (!res.ok) throw new Error(`${q}: HTTP ${res.status}`);
    return { ms: performance.now() - t, ...body.result };
  };

  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const rows: { cls: string; q: string; total: string; p50: number; p95: number; times: number[] }[] = [];
  for (const { cls, q } of QUERIES) {
    for (let i = 0; i < WARMUPS; i++) await search(q);
    const times: number[] = [];
    let last = { total: 0, totalCapped: false };
    for (let i = 0; i < RUNS; i++) {
      const r = await search(q);
      times.push(r.ms);
      last = r;
    }
    times.sort((a, b) => a - b);
    rows.push({
      cls,
      q,
      total: last.totalCapped ? `${last.total}+` : String(last.total),
      p50: pct(times, 0.5),
      p95: pct(times, 0.95),
      times,
    });
  }

  const goal = (cls: string) => (databaseUrl ? 100 : cls.startsWith('精确') ? 150 : 400);
  /** Pads to a display width where a CJK character takes two columns. */
  const pad = (s: string, n: number) => {
    const width = [...s].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) > 0x2e80 ? 2 : 1), 0);
    return s + ' '.repeat(Math.max(0, n - width));
  };
  console.log(
    `\n${kind}，${ENTRIES.toLocaleString()} 条目录，POST /api/resourceMarket/page 第 1 页，每个查询 ${WARMUPS} 次预热后 ${RUNS} 次：\n`,
  );
  console.log(
    `${pad('查询', 16)}${pad('类别', 20)}${'命中'.padStart(8)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}`,
  );
  for (const r of rows) {
    console.log(
      `${pad(r.q, 16)}${pad(r.cls, 20)}${r.total.padStart(8)}${r.p50.toFixed(1).padStart(10)}${r.p95.toFixed(1).padStart(10)}`,
    );
  }
  console.log(`\n${pad('类别', 20)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'目标 p95'.padStart(10)}  结果`);
  let allOk = true;
  for (const cls of [...new Set(rows.map((r) => r.cls))]) {
    const times = rows
      .filter((r) => r.cls === cls)
      .flatMap((r) => r.times)
      .sort((a, b) => a - b);
    const p95 = pct(times, 0.95);
    const ok = p95 <= goal(cls);
    allOk &&= ok;
    console.log(
      `${pad(cls, 20)}${pct(times, 0.5).toFixed(1).padStart(10)}${p95.toFixed(1).padStart(10)}${`≤ ${goal(cls)}`.padStart(10)}  ${ok ? '达标' : '未达标'}`,
    );
  }
  const capped = rows.filter((r) => r.total.endsWith('+')).map((r) => r.q);
  console.log(`\n总数封顶（显示 10000+）的查询: ${capped.length ? capped.join('、') : '无'}`);
  if (!allOk) process.exitCode = 1;
} finally {
  await server?.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
