/**
 * Live-push fan-out. Creates users with sessions directly in a fresh database (PGlite in a temporary
 * folder, or with `--pg` / DATABASE_URL a throw-away database on that PostgreSQL server), starts the
 * real server on it in a child process, opens N authenticated WebSockets from ANOTHER child process
 * (bench/push-clients.ts), then releases one announcement for everyone as admin over HTTP and
 * measures, per socket, the time from sending the release request to the push arriving.
 *
 * Usage: npm run bench:push [-- --clients 1000,5000] [--pg]
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type RunningServer, startServer } from '../../../e2e/support/server.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { seedIfEmpty } from '../src/db/seed/index.js';
import { hashPassword } from '../src/platform/auth/password.js';
import { createSession } from '../src/platform/auth/sessions.js';
import { publishNotice } from '../src/platform/push/publish.js';

const { values: args } = parseArgs({
  options: { clients: { type: 'string', default: '1000,5000' }, pg: { type: 'boolean', default: false } },
});
const sizes = args.clients.split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--clients 应为正整数列表: ${args.clients}`);
const serverUrl = process.env.DATABASE_URL || (args.pg ? process.env.TEST_DATABASE_URL : undefined);
if (args.pg && !serverUrl) throw new Error('--pg 需要 DATABASE_URL（或 TEST_DATABASE_URL）指向 PostgreSQL 服务器');
const kind = serverUrl ? 'PostgreSQL' : 'PGlite';
const goalMs = (n: number) => (n <= 1000 ? 1000 : 2000);
const COLLECT_MS = 15_000;
const BATCH = 500;

const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-bench-push-'));
const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'odp_bench_push') : null;
const databaseUrl = scratch?.url;
let server: RunningServer | null = null;

try {
  // --- users and sessions, written before the server starts (PGlite has one owner at a time) ------
  const total = Math.max(...sizes);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ url: databaseUrl, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db, config);
  const t = performance.now();
  // One hash for all: nobody signs in with these accounts, the sessions are made directly.
  const passwordHash = await hashPassword(`Bench@${Date.now()}`);
  const tokens: string[] = [];
  for (let i = 0; i < total; i += BATCH) {
    await database.db.transaction(async (tx) => {
      const rows = await tx
        .insert(users)
        .values(
          Array.from({ length: Math.min(BATCH, total - i) }, (_, k) => ({
            username: `bench_push_${i + k}`,
            realname: `推送压测${i + k}`,
            passwordHash,
          })),
        )
        .returning({ id: users.id });
      for (const r of rows)
        tokens.push((await createSession(tx, r.id, { ip: '127.0.0.1', userAgent: 'bench:push' })).token);
    });
  }
  await database.close();
  console.log(`${kind}: 已创建 ${total} 个用户及会话 (${((performance.now() - t) / 1000).toFixed(1)} 秒)`);

  // --- the real server ------------------------------------------------------------------------
  // The scratch database, or (empty) PGlite in the data folder: never the server URL the bench was given.
  server = await startServer({ dataDir, env: { DATABASE_URL: databaseUrl ?? '' }, readyWithinMs: 120_000 });
  const api = server.api;
  const wsUrl = `${api.replace(/^http/, 'ws')}/websocket`;
  const post = async <T>(url: string, body: unknown, token?: string) => {
    const res = await fetch(`${api}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; message: string; result: T };
    return { status: res.status, ...json };
  };
  const login = await post<{ token: string }>('/sys/login', { username: 'admin', password: 'Admin@2026' });
  if (!login.success) throw new Error(`管理员登录失败: ${login.message}`);
  const adminToken = login.result.token;

  /**
   * Releases one ALL announcement the way an administrator does; returns when the request was sent.
   * Without the announcement endpoints it falls back to a bare publishNotice (PostgreSQL only).
   */
  let mode = '';
  const release = async (n: number): Promise<{ sent: number; answeredMs: number }> => {
    const draft = await post<{ id: string }>(
      '/sys/annountCement/add',
      { titile: `推送压测 ${n}`, msgContent: `<p>压测公告，${n} 个连接</p>`, msgType: 'ALL' },
      adminToken,
    );
    if (draft.success) {
      mode = 'HTTP /sys/annountCement/add + doReleaseData（管理员）';
      const sent = performance.timeOrigin + performance.now();
      const done = await post('/sys/annountCement/doReleaseData', { id: draft.result.id }, adminToken);
      if (!done.success) throw new Error(`发布公告失败: ${done.message}`);
      return { sent, answeredMs: performance.timeOrigin + performance.now() - sent };
    }
    if (!databaseUrl)
      throw new Error(`公告接口不可用 (${draft.status} ${draft.message})，PGlite 下无法从压测进程直接写库`);
    mode = 'publishNotice({all:true}) 直接写 PostgreSQL（公告接口不可用）';
    const direct = await openDatabase({ url: databaseUrl, dataDir: null });
    try {
      const sent = performance.timeOrigin + performance.now();
      await direct.db.transaction((tx) => publishNotice(tx, { all: true }));
      return { sent, answeredMs: performance.timeOrigin + performance.now() - sent };
    } finally {
      await direct.close();
    }
  };

  const rows: { n: number; connected: number; received: number; missed: number; lat: number[]; answeredMs: number }[] =
    [];
  for (const n of sizes) {
    const clients = fork(path.join(import.meta.dirname, 'push-clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      clients.send({ type: 'open', url: wsUrl, tokens: tokens.slice(0, n) });
      const opened = await nextMessage<{ connected: number; failed: number; ms: number }>(clients, 'opened');
      console.log(
        `${n} 个连接: 已连接 ${opened.connected}，失败 ${opened.failed}，用时 ${(opened.ms / 1000).toFixed(1)} 秒`,
      );
      // Let the handshake burst settle so that only the fan-out is measured.
      await new Promise((r) => setTimeout(r, 1000));
      const { sent, answeredMs } = await release(n);
      clients.send({ type: 'collect', deadline: sent + COLLECT_MS });
      const { arrivals } = await nextMessage<{ arrivals: (number | null)[] }>(clients, 'result');
      const lat = arrivals
        .filter((a): a is number => a !== null)
        .map((a) => a - sent)
        .sort((a, b) => a - b);
      rows.push({
        n,
        connected: opened.connected,
        received: lat.length,
        missed: n - lat.length,
        lat,
        answeredMs,
      });
    } finally {
      if (clients.exitCode === null) {
        clients.kill();
        await new Promise((r) => clients.once('exit', r));
      }
    }
  }

  const pct = (sorted: number[], p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : Number.NaN;
  const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(0)).padStart(8);
  console.log(
    `\n${kind}，发布方式：${mode}；时延 = 发出发布请求 → 客户端收到推送（毫秒）；「发布请求」= 该 HTTP 请求自身的响应时间\n`,
  );
  console.log(
    `${'N'.padStart(6)}${'connected'.padStart(11)}${'received'.padStart(10)}${'missed'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}${'min'.padStart(8)}${'发布请求'.padStart(8)}  目标 p99`,
  );
  let allOk = true;
  for (const r of rows) {
    const p99 = pct(r.lat, 0.99);
    const ok = r.missed === 0 && p99 <= goalMs(r.n);
    allOk &&= ok;
    console.log(
      `${String(r.n).padStart(6)}${String(r.connected).padStart(11)}${String(r.received).padStart(10)}${String(r.missed).padStart(8)}${ms(pct(r.lat, 0.5))}${ms(pct(r.lat, 0.95))}${ms(p99)}${ms(r.lat[r.lat.length - 1] ?? Number.NaN)}${ms(r.lat[0] ?? Number.NaN)}${ms(r.answeredMs)}    ≤ ${goalMs(r.n)} 且无遗漏：${ok ? '达标' : '未达标'}`,
    );
  }
  if (!allOk) process.exitCode = 1;
} finally {
  await server?.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string } & T) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = (code: number | null) => reject(new Error(`客户端进程提前退出 (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
