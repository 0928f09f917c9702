import { type ChildProcess, fork } from 'node:child_process';
import { badRequest } from '../../platform/http/errors.js';
import { type Checked, type FileSource, parseFailure } from './formats.js';
import { type FileLimits, LimitMessages } from './limits.js';

/** What the parsing process is given first, then asked for: the next batch. */
export type Job = { source: FileSource; checked: Checked; limits: FileLimits; batchSize: number; headerRow?: number };
export type ToWorker = { t: 'job'; job: Job } | 'next';
export type FromWorker =
  | { t: 'columns'; columns: string[]; headerRow: number }
  | { t: 'rows'; rows: string[][] }
  | { t: 'done' }
  | { t: 'error'; message: string | null };

/** A data file parsed in a child process: its header, then its rows in batches (pulled one batch at a time). */
export type ParsedInWorker = { columns: string[]; headerRow: number; batches: AsyncIterable<string[][]> };

const parseFailed = (checked: Checked) => parseFailure(checked.type);

/**
 * A process, not a worker thread: a thread's heap limit is best-effort, and some allocations that
 * exceed it (one huge string or array) abort the whole process instead of ending the thread. A child
 * that runs out of memory dies alone.
 */
function startWorker(limits: FileLimits): ChildProcess {
  const ts = import.meta.url.endsWith('.ts');
  const entry = new URL(`./parse-worker${ts ? '.ts' : '.js'}`, import.meta.url);
  return fork(entry, [], {
    // The server runs TypeScript through tsx when started from source; the child needs its loader too.
    execArgv: [`--max-old-space-size=${limits.heapMb}`, '--max-semi-space-size=16', ...(ts ? ['--import', 'tsx'] : [])],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
}

/**
 * Parses an uploaded data file in a child process with a heap limit and a time limit (the time the
 * child spends parsing; time the caller spends storing a batch does not count). A file that breaks a
 * limit, crashes the parser or runs out of the child's memory is a Chinese 400; the server process is
 * never at risk. Aborting the signal (the client went away) ends the child.
 */
export async function parseInWorker(
  source: FileSource,
  checked: Checked,
  limits: FileLimits,
  opts: { batchSize?: number; signal?: AbortSignal; headerRow?: number } = {},
): Promise<ParsedInWorker> {
  const worker = startWorker(limits);
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
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
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
  worker.on('error', () => fail(badRequest(parseFailed(checked))));
  worker.on('exit', (code, signal) => {
    if (finished || queue.some((m) => m.t === 'done')) return;
    // V8 aborts a process that reaches its heap limit (SIGABRT, or exit code 134 through a shell).
    const outOfMemory = signal === 'SIGABRT' || code === 134;
    fail(badRequest(outOfMemory ? LimitMessages.memory(limits) : parseFailed(checked)));
  });
  const send = (m: ToWorker) => {
    if (worker.connected) worker.send(m);
  };
  send({ t: 'job', job: { source, checked, limits, batchSize: opts.batchSize ?? 1000, headerRow: opts.headerRow } });
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
    send('next');
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
  return { columns: first.columns, headerRow: first.headerRow, batches: batches() };
}
