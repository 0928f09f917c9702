import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { badRequest } from '../../platform/http/errors.js';
import { type Checked, FileMessages, type FileSource } from './formats.js';
import { type FileLimits, LimitMessages } from './limits.js';

export type ToWorker = 'next';
export type FromWorker =
  | { t: 'columns'; columns: string[] }
  | { t: 'rows'; rows: string[][] }
  | { t: 'done' }
  | { t: 'error'; message: string | null };

/** A data file parsed in a worker: its header, then its rows in batches (pulled one batch at a time). */
export type ParsedInWorker = { columns: string[]; batches: AsyncIterable<string[][]> };

const parseFailed = (checked: Checked) =>
  checked.type === 'csv' ? FileMessages.badCsv : checked.type === 'xlsx' ? FileMessages.badXlsx : FileMessages.badJson;

/** The ESM build of tsx's API, found through the package's own exports map. */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(manifest), pkg.exports['./esm/api'].import.default)).href;
}

function startWorker(workerData: unknown, limits: FileLimits): Worker {
  const entry = new URL(`./parse-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData, resourceLimits });
  // The server runs TypeScript through tsx, whose loader a worker thread does not inherit on Node 20.
  // tsx's ESM API registers its loader in this thread (its plain entry skips worker threads).
  const boot = `import(${JSON.stringify(tsxEsmApi())}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}

/**
 * Parses an uploaded data file off the main thread, in a worker with a heap limit and a time limit
 * (the time the worker spends parsing; time the caller spends storing a batch does not count). A
 * file that breaks a limit, crashes the parser or runs out of the worker's memory is a Chinese 400;
 * the server process is never at risk. Aborting the signal (the client went away) ends the worker.
 */
export async function parseInWorker(
  source: FileSource,
  checked: Checked,
  limits: FileLimits,
  opts: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<ParsedInWorker> {
  const worker = startWorker({ source, checked, limits, batchSize: opts.batchSize ?? 1000 }, limits);
  const queue: FromWorker[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  let budget = limits.timeoutMs;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let finished = false;

  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const fail = (e: Error) => {
    if (finished) return;
    failure ??= e;
    stop();
    notify();
  };
  const stop = () => {
    finished = true;
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    void worker.terminate();
  };
  // The clock runs only while the worker works: from a request for more until its answer.
  const resume = () => {
    startedAt = Date.now();
    timer = setTimeout(() => fail(badRequest(LimitMessages.timeout(limits))), Math.max(0, budget));
  };
  const pause = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    budget -= Date.now() - startedAt;
  };
  const onAbort = () => fail(badRequest('上传已取消'));
  opts.signal?.addEventListener('abort', onAbort);
  if (opts.signal?.aborted) onAbort();

  worker.on('message', (m: FromWorker) => {
    pause();
    if (m.t === 'error') return fail(badRequest(m.message ?? parseFailed(checked)));
    queue.push(m);
    notify();
  });
  worker.on('error', (e: Error & { code?: string }) =>
    fail(badRequest(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? LimitMessages.memory(limits) : parseFailed(checked))),
  );
  worker.on('exit', () => {
    if (!finished && !queue.some((m) => m.t === 'done')) fail(badRequest(parseFailed(checked)));
  });
  resume();

  const nextMessage = async (): Promise<FromWorker> => {
    for (;;) {
      if (failure) throw failure;
      const m = queue.shift();
      if (m) return m;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const ask = () => {
    resume();
    worker.postMessage('next' satisfies ToWorker);
  };

  const first = await nextMessage().catch((e) => {
    stop();
    throw e;
  });
  if (first.t !== 'columns') {
    stop();
    throw badRequest(parseFailed(checked));
  }
  async function* batches(): AsyncIterable<string[][]> {
    try {
      for (;;) {
        ask();
        const m = await nextMessage();
        if (m.t === 'done') return;
        if (m.t === 'rows') yield m.rows;
      }
    } finally {
      stop();
    }
  }
  return { columns: first.columns, batches: batches() };
}
