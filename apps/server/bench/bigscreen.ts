/**
 * The big screen's endpoint at city scale. Loads 100 000 generated catalogue entries (the search
 * bench's data set) and 10 000 000 logged open-API calls (`open_call_log`, made by generate_series in
 * the database, with their daily counts and the entries' call counters as the gateway keeps them) into
 * a throw-away database, times one refresh of the snapshot (what the `bigScreenRefresh` job does every
 * 5 minutes), then starts the real server on it and times `GET /api/bigScreen/snapshot` over HTTP.
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), where a database
 * of its own is created and dropped. `--pglite` runs on the embedded PGlite instead (in a temporary
 * folder), where loading 10 million rows takes long: give smaller counts.
 *
 * Usage: npm run bench:bigscreen [-- [--pglite] <entries> <calls> <requests>]  (100000 10000000 500)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type RunningServer, startServer } from '../../../e2e/support/server.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, rowsOf } from '../src/db/client.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { seedIfEmpty } from '../src/db/seed/index.js';
import { refreshSnapshot } from '../src/modules/bigscreen/snapshot.js';
import { loadEntries } from './search-data.js';

const args = process.argv.slice(2);
const pglite = args.includes('--pglite');
const [ENTRIES = 100_000, CALLS = 10_000_000, REQUESTS = 500] = args.filter((a) => a !== '--pglite').map(Number);
const CALL_CHUNK = 1_000_000;
const WARMUP = 20;

const serverUrl = pglite ? null : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-bench-bigscreen-'));
const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'odp_bench_screen') : null;
const databaseUrl = scratch?.url;
const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} 秒`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let server: RunningServer | null = null;
try {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ url: databaseUrl, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db, config);
  const db = database.db;

  console.log(`${kind}: 写入 ${ENTRIES.toLocaleString()} 条目录 …`);
  const { loadMs } = await loadEntries(db, ENTRIES, 1000);
  console.log(`  目录写入 ${seconds(loadMs)}`);

  // Calls go to public API and table entries (a gateway only serves those), spread over the last year.
  const targets = (
    await rowsOf<{ id: string }>(
      db,
      sql`select id from data_catalog where shelf_status = 2 and open_type in ('1','2') order by md5(id::text) limit 5000`,
    )
  ).map((r) => r.id);
  console.log(`${kind}: 写入 ${CALLS.toLocaleString()} 条接口调用日志（${targets.length} 个目录）…`);
  const t0 = performance.now();
  const ids = `{${targets.join(',')}}`;
  for (let start = 0; start < CALLS; start += CALL_CHUNK) {
    const end = Math.min(CALLS, start + CALL_CHUNK);
    await db.execute(sql`
      insert into open_call_log (at, catalog_id, kind, status, latency_ms, rows)
      select now() - (g % 525600) * interval '1 minute',
             (${ids}::uuid[])[1 + (g * 7919) % ${targets.length}],
             case when g % 10 = 0 then 'meta' else 'rows' end,
             case when g % 25 = 0 then 500 else 200 end,
             5 + g % 200,
             g % 100
      from generate_series(${start + 1}::bigint, ${end}::bigint) g`);
    process.stdout.write(`  ${end.toLocaleString()}\r`);
  }
  // What the gateway's batches keep beside the log: successful data calls per entry and city day.
  await db.execute(sql`
    insert into open_call_daily (catalog_id, day, calls, rows)
    select catalog_id, (at at time zone 'Asia/Shanghai')::date, count(*), sum(rows)
    from open_call_log where status < 400 and kind in ('rows', 'service') group by 1, 2
    on conflict (catalog_id, day) do update set calls = excluded.calls, rows = excluded.rows`);
  await db.execute(sql`
    update data_catalog c set call_num = d.calls
    from (select catalog_id, sum(calls) as calls from open_call_daily group by 1) d where d.catalog_id = c.id`);
  await db.execute(sql`vacuum analyze`);
  console.log(`  调用日志与日汇总写入 ${seconds(performance.now() - t0)}`);

  const times: number[] = [];
  for (let i = 0; i < 3; i++) times.push((await refreshSnapshot(db)).tookMs);
  console.log(`快照刷新（定时任务的工作）: ${times.map((t) => `${t} ms`).join(' / ')}`);
  await database.close();

  server = await startServer({ dataDir, env: { DATABASE_URL: databaseUrl ?? '' }, readyWithinMs: 300_000 });
  const url = `${server.api}/api/bigScreen/snapshot`;
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url);
    const body = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${body.slice(0, 200)}`);
    return { ms: performance.now() - started, bytes: body.length };
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const latencies: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await once();
    latencies.push(r.ms);
    bytes = r.bytes;
  }
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(
    `GET /api/bigScreen/snapshot × ${REQUESTS}（${kind}，${ENTRIES.toLocaleString()} 条目录，${CALLS.toLocaleString()} 条调用日志，应答 ${(bytes / 1024).toFixed(1)} KB）: ` +
      `p50 ${p50.toFixed(1)} ms，p95 ${p95.toFixed(1)} ms，最大 ${latencies.at(-1)?.toFixed(1)} ms（目标 p95 ≤ 100 ms：${p95 <= 100 ? '达到' : '未达到'}）`,
  );
} finally {
  await server?.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
