import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export type RunningServer = {
  /** The server's process id (benchmarks read its CPU time). */
  pid: number;
  url: string;
  api: string;
  dataDir: string;
  stop(opts?: { keepData?: boolean }): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A new data folder: a copy of `template` when one is given, else empty. */
function newDataDir(template: string | undefined): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'odp-e2e-'));
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Starts the real server (built web app, embedded database, demo city) on a free port: on the data
 * folder given, else on a copy of `template` (a folder a previous start left), else on an empty one,
 * where it migrates and seeds as on a first start. It logs warnings only, unless `env` sets LOG_LEVEL;
 * `logFile` takes its standard output (benchmarks: kept out of this process's memory).
 */
export async function startServer(
  opts: {
    dataDir?: string;
    template?: string;
    env?: NodeJS.ProcessEnv;
    readyWithinMs?: number;
    logFile?: string;
    /** Listen on every address of the machine, not only loopback (the network spec). */
    listenOnAll?: boolean;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? newDataDir(opts.template);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...opts.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(opts.listenOnAll ? { HOST: '0.0.0.0' } : {}),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: opts.env?.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', opts.logFile ? openSync(opts.logFile, 'a') : 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyWithinMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/dtwave-om/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    pid: child.pid as number,
    url,
    api: `${url}/dtwave-om`,
    dataDir,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
