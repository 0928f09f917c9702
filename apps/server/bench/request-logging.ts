/**
 * What request logging costs: a cached read (the public dictionary route) with the server logging
 * nothing, then logging at info (its standard output to a file, as a deployment's would go), on the
 * same data folder. Besides throughput it reports the server process's CPU time per request, which
 * other load on the machine disturbs far less. Usage: npm run bench:logging [-- <seconds per run>]
 * (default 10).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../../../e2e/support/server.js';

const seconds = Number(process.argv[2] ?? 10);
const work = mkdtempSync(path.join(tmpdir(), 'odp-bench-log-'));
const logFile = path.join(work, 'server.log');
let dataDir: string | undefined;

/** User plus system CPU time of a process, in milliseconds (Linux, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(level: string): Promise<{ rps: number; cpuUsPerRequest: number }> {
  const server = await startServer({ dataDir, env: { LOG_LEVEL: level }, logFile });
  dataDir = server.dataDir;
  try {
    const url = `${server.api}/sys/dict/getDictItems/open_type`;
    // Warm-up: loads the dictionary cache and lets the JIT settle before the measured run.
    await autocannon({ url, connections: 10, duration: 2 });
    const cpuBefore = cpuMs(server.pid);
    const result = await autocannon({ url, connections: 10, duration: seconds });
    const cpu = cpuMs(server.pid) - cpuBefore;
    if (result.non2xx || result.errors) throw new Error(`请求失败: ${result.non2xx} 个非 2xx, ${result.errors} 个错误`);
    return { rps: result.requests.average, cpuUsPerRequest: (cpu * 1000) / result.requests.total };
  } finally {
    await server.stop({ keepData: true });
  }
}

try {
  const silent = await measure('silent');
  const info = await measure('info');
  const row = (name: string, m: { rps: number; cpuUsPerRequest: number }) =>
    `  ${name}: ${m.rps.toFixed(0)} req/s, 每个请求 CPU ${m.cpuUsPerRequest.toFixed(0)} µs`;
  console.log(`GET /sys/dict/getDictItems/open_type, 10 个连接, 每次 ${seconds} 秒:`);
  console.log(row('不记录日志 (LOG_LEVEL=silent)', silent));
  console.log(row('记录请求日志 (LOG_LEVEL=info)', info));
  console.log(
    `  请求日志的开销: 吞吐 ${((1 - info.rps / silent.rps) * 100).toFixed(1)} %, ` +
      `CPU ${((info.cpuUsPerRequest / silent.cpuUsPerRequest - 1) * 100).toFixed(1)} %` +
      `（日志 ${(statSync(logFile).size / 1024 / 1024).toFixed(1)} MB）`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
