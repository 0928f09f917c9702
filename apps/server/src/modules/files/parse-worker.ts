/**
 * The parsing process's entry: parses one data file and hands its rows to the server in batches,
 * waiting for each batch to be taken before reading on, so its memory stays flat and the database
 * sets the pace. Everything that can blow up on a hostile file (inflating, XML, CSV, JSON) happens
 * here, under the heap limit the server started this process with.
 */
import { parseData } from './formats.js';
import type { FromWorker, Job, ToWorker } from './worker.js';

if (!process.send) throw new Error('parse-worker runs only as a child process of the server');

let waiting: (() => void) | null = null;
let started = false;
process.on('message', (m: ToWorker) => {
  if (m === 'next') {
    const go = waiting;
    waiting = null;
    go?.();
  } else if (m.t === 'job' && !started) {
    started = true;
    void run(m.job).then(finish, fail);
  }
});
// The server went away (or ended this parse): nothing is left to do.
process.on('disconnect', () => process.exit(0));

const send = (m: FromWorker) => new Promise<void>((resolve) => process.send?.(m, () => resolve()));
const taken = () => new Promise<void>((resolve) => (waiting = resolve));

async function run({ source, checked, limits, batchSize, headerRow }: Job) {
  const parsed = await parseData(source, checked, limits, { headerRow });
  await send({ t: 'columns', columns: parsed.columns, headerRow: parsed.headerRow });
  await taken();
  let batch: string[][] = [];
  for await (const row of parsed.rows) {
    batch.push(row);
    if (batch.length >= batchSize) {
      await send({ t: 'rows', rows: batch });
      batch = [];
      await taken();
    }
  }
  if (batch.length) {
    await send({ t: 'rows', rows: batch });
    await taken();
  }
  await send({ t: 'done' });
}

function finish() {
  process.disconnect();
}

function fail(e: unknown) {
  // Only our own Chinese 400s carry a message worth showing; anything else is "cannot parse".
  const status = e instanceof Error && 'status' in e ? (e as { status: number }).status : null;
  void send({ t: 'error', message: status === 400 ? (e as Error).message : null }).then(finish);
}
