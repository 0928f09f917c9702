/**
 * Login latency: starts the server on a fresh embedded database in a child process and signs in
 * sequentially over real HTTP. Usage: npm run bench:login [-- <count>]  (default 200).
 */
import { startServer } from '../../../e2e/support/server.js';

const count = Number(process.argv[2] ?? 200);
// The per-address limit would otherwise cut the run short.
process.env.LOGIN_RATE_LIMIT = '1000000';
const server = await startServer();

try {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.api}/sys/login`, {
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
  await server.stop();
}
