/**
 * The load side of `bench:portal`, run as its own process so that the client's work does not share
 * the server's event loop: keeps `connections` keep-alive connections busy for `seconds`, cycling
 * through the given requests, and prints one JSON line: requests, errors, req/s and p50/p95/p99 ms.
 *
 * Usage: node --import tsx apps/server/bench/portal-load.ts '<LoadSpec as JSON>'
 */
import http from 'node:http';

export type LoadRequest = { method: 'GET' | 'POST'; path: string; body?: unknown; headers?: Record<string, string> };
export type LoadSpec = { origin: string; requests: LoadRequest[]; connections: number; seconds: number };
export type LoadResult = {
  requests: number;
  errors: number;
  /** Failed answers by HTTP status, or by the client's error code when no answer came. */
  failures: Record<string, number>;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
};

const spec = JSON.parse(process.argv[2]) as LoadSpec;
const origin = new URL(spec.origin);
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
const prepared = spec.requests.map((r) => {
  const body = r.body === undefined ? undefined : Buffer.from(JSON.stringify(r.body));
  const headers: Record<string, string | number> = { ...r.headers };
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = body.length;
  }
  return { method: r.method, path: r.path, headers, body };
});

const failures: Record<string, number> = {};
const fail = (kind: string) => {
  failures[kind] = (failures[kind] ?? 0) + 1;
  return false;
};

function once(n: number): Promise<boolean> {
  const r = prepared[n % prepared.length];
  return new Promise((resolve) => {
    const req = http.request(
      { agent, host: origin.hostname, port: origin.port, method: r.method, path: r.path, headers: r.headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 || fail(`HTTP ${res.statusCode}`)));
        res.on('error', (e: NodeJS.ErrnoException) => resolve(fail(e.code ?? 'error')));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve(fail(e.code ?? 'error')));
    req.end(r.body);
  });
}

const latencies: number[] = [];
let errors = 0;
let counter = 0;
const started = performance.now();
const until = started + spec.seconds * 1000;

async function loop() {
  while (performance.now() < until) {
    const t = performance.now();
    const good = await once(counter++);
    latencies.push(performance.now() - t);
    if (!good) errors++;
  }
}

await Promise.all(Array.from({ length: spec.connections }, loop));
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0;
const result: LoadResult = {
  requests: latencies.length,
  errors,
  failures,
  rps: latencies.length / elapsed,
  p50: pct(0.5),
  p95: pct(0.95),
  p99: pct(0.99),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
