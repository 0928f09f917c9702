/**
 * Login latency: starts the server on a fresh embedded database in a child process and signs in
 * sequentially over real HTTP. Usage: npm run bench:login [-- <count>]  (default 200).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const count = Number(process.argv[2] ?? 200);
const port = 18000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-bench-'));
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}/dtwave-om`;

try {
  const started = Date.now();
  for (;;) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 90_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(
    `POST /sys/login × ${count} (PGlite, sequential, argon2id): p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`,
  );
} finally {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
