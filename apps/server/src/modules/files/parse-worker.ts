/**
 * The parsing worker's entry: parses one data file and hands its rows to the main thread in batches,
 * waiting for each batch to be taken before reading on, so the worker's memory stays flat and the
 * database sets the pace. Everything that can blow up on a hostile file (inflating, XML, CSV, JSON)
 * happens here, under the heap limit the main thread gave this worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Checked, type FileSource, parseData } from './formats.js';
import type { FileLimits } from './limits.js';
import type { FromWorker, ToWorker } from './worker.js';

const port = parentPort;
if (!port) throw new Error('parse-worker runs only as a worker thread');
const { source, checked, limits, batchSize } = workerData as {
  source: FileSource;
  checked: Checked;
  limits: FileLimits;
  batchSize: number;
};

let waiting: (() => void) | null = null;
port.on('message', (m: ToWorker) => {
  if (m === 'next' && waiting) {
    const go = waiting;
    waiting = null;
    go();
  }
});
const send = (m: FromWorker) => port.postMessage(m);
const taken = () => new Promise<void>((resolve) => (waiting = resolve));

async function run() {
  const parsed = await parseData(source, checked, limits);
  send({ t: 'columns', columns: parsed.columns });
  await taken();
  let batch: string[][] = [];
  for await (const row of parsed.rows) {
    batch.push(row);
    if (batch.length >= batchSize) {
      send({ t: 'rows', rows: batch });
      batch = [];
      await taken();
    }
  }
  if (batch.length) {
    send({ t: 'rows', rows: batch });
    await taken();
  }
  send({ t: 'done' });
}

run().then(
  () => port.close(),
  (e: unknown) => {
    // Only our own Chinese 400s carry a message worth showing; anything else is "cannot parse".
    const status = e instanceof Error && 'status' in e ? (e as { status: number }).status : null;
    send({ t: 'error', message: status === 400 ? (e as Error).message : null });
    port.close();
  },
);
