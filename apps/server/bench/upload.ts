/**
 * Upload and download under load: starts the server (embedded PGlite, demo city) in a child process,
 * uploads a generated 1M-row CSV to a public, unconditionally open entry and downloads it as CSV, JSON
 * and XLSX, while two other clients poll `/health` and the public catalogue page. Prints, per phase,
 * its duration and the worst and p95 latency of each poller; the server's answer time is what counts,
 * so every phase must stay within 500 ms. Usage: npm run bench:upload [-- <rows>]  (default 1 000 000).
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer } from '../../../e2e/support/server.js';

const rows = Number(process.argv[2] ?? 1_000_000);
process.env.LOGIN_RATE_LIMIT = '1000000';
const dir = await mkdtemp(path.join(tmpdir(), 'odp-bench-upload-'));
const csvPath = path.join(dir, '压测数据.csv');

// A realistic mix of Chinese text, numbers and dates, written in chunks to keep this process small.
const lines: string[] = ['编号,站点名称,所属区县,地址,泊位数,更新日期'];
const districts = ['东湖区', '西山区', '滨江新区', '北城区'];
await writeFile(csvPath, '');
const { appendFile } = await import('node:fs/promises');
for (let i = 1; i <= rows; i++) {
  lines.push(
    `${i},湖滨路停车场${i},${districts[i % 4]},滨江市${districts[i % 4]}湖滨路${i % 999}号,${i % 500},2026-0${(i % 9) + 1}-1${i % 10}`,
  );
  if (lines.length >= 50_000 || i === rows) {
    await appendFile(csvPath, `${lines.join('\n')}\n`);
    lines.length = 0;
  }
}
const fileBytes = (await stat(csvPath)).size;

const server = await startServer();
type Sample = { phase: string; ms: number };
let phase = 'idle';

/**
 * The pollers run on their own thread, so that this process's own work (sending 90 MB, reading the
 * downloads) never shows up as server latency. Plain JavaScript: a worker thread has no TypeScript loader.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let phase = 'idle';
let polling = true;
const samples = [];
const failures = {};
parentPort.on('message', (m) => {
  if (m === 'stop') polling = false;
  else phase = m;
});
async function poll(kind) {
  while (polling) {
    const at = phase;
    const t0 = performance.now();
    try {
      const res = kind === 'health'
        ? await fetch(workerData.api + '/health')
        : await fetch(workerData.api + '/api/resourceMarket/page', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ pageNo: 1, pageSize: 10 }),
          });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(String(res.status));
      samples.push({ kind, phase: at, ms: performance.now() - t0 });
    } catch (e) {
      // A refused or failed answer is counted, not hidden: the table shows it per phase.
      failures[kind + ' ' + at] = (failures[kind + ' ' + at] || 0) + 1;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
Promise.all([poll('health'), poll('page')]).then(() => parentPort.postMessage({ samples, failures }));
`;
const poller = new Worker(POLLER, { eval: true, workerData: { api: server.api } });
const setPhase = (p: string) => {
  phase = p;
  poller.postMessage(p);
};
const polled = new Promise<{ samples: (Sample & { kind: 'health' | 'page' })[]; failures: Record<string, number> }>(
  (resolve) => poller.once('message', resolve),
);

async function post<T>(url: string, body: unknown, token?: string) {
  const res = await fetch(`${server.api}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: T };
}

const timings: { phase: string; ms: number; firstByteMs?: number; bytes: number }[] = [];
try {
  const login = await post<{ token: string }>('/sys/login', { username: 'admin', password: 'Admin@2026' });
  if (!login.success) throw new Error(`管理员登录失败: ${login.message}`);
  const token = login.result.token;
  const page = await post<{ records: { id: string; openType: string }[] }>('/api/resourceMarket/page', {
    pageNo: 1,
    pageSize: 50,
  });
  const entry = page.result.records.find((r) => r.openType === '1');
  if (!entry) throw new Error('演示数据中没有无条件开放的目录');
  await new Promise((r) => setTimeout(r, 1000));

  setPhase('upload');
  let t0 = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(csvPath), '压测数据.csv');
  const up = await fetch(`${server.api}/api/file/upload?catalogId=${entry.id}&kind=data`, {
    method: 'POST',
    headers: { 'x-access-token': token },
    body: form,
  });
  const uploaded = (await up.json()) as { success: boolean; message: string; result: { id: string; rowCount: number } };
  if (!uploaded.success) throw new Error(`上传失败: ${uploaded.message}`);
  timings.push({ phase, ms: performance.now() - t0, bytes: fileBytes });
  console.log(`上传 ${uploaded.result.rowCount} 行，用时 ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  for (const format of ['csv', 'json', 'xlsx'] as const) {
    setPhase(`download ${format}`);
    t0 = performance.now();
    const q = new URLSearchParams({
      catalogId: entry.id,
      fileName: '压测数据.csv',
      fileId: uploaded.result.id,
      format,
    });
    const res = await fetch(`${server.api}/api/file/downloadOpen?${q}`);
    if (!res.ok || !res.body) throw new Error(`下载 ${format} 失败: ${res.status}`);
    let firstByteMs: number | undefined;
    let bytes = 0;
    for await (const chunk of res.body) {
      firstByteMs ??= performance.now() - t0;
      bytes += (chunk as Uint8Array).length;
    }
    timings.push({ phase, ms: performance.now() - t0, firstByteMs, bytes });
  }
  setPhase('done');
} finally {
  poller.postMessage('stop');
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}

const { samples, failures } = await polled;
await poller.terminate();
const stats = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const q = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
  return { n: sorted.length, p95: q(0.95), max: q(1) };
};
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
console.log(`\n${rows} 行 CSV（${mb(fileBytes)}），PGlite；轮询间隔 50 ms`);
console.log('| 阶段 | 用时 | 首字节 | 大小 | /health 最差 | /health p95 | 目录页 最差 | 目录页 p95 | 失败请求 |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const t of timings) {
  const h = stats(samples.filter((s) => s.kind === 'health' && s.phase === t.phase).map((s) => s.ms));
  const p = stats(samples.filter((s) => s.kind === 'page' && s.phase === t.phase).map((s) => s.ms));
  const f = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(0)} ms`);
  console.log(
    `| ${t.phase} | ${(t.ms / 1000).toFixed(1)} s | ${t.firstByteMs === undefined ? '—' : f(t.firstByteMs)} | ${mb(t.bytes)} | ${f(h.max)} | ${f(h.p95)} | ${f(p.max)} | ${f(p.p95)} | ${(failures[`health ${t.phase}`] ?? 0) + (failures[`page ${t.phase}`] ?? 0)} |`,
  );
}
