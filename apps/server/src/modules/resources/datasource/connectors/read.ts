import type { SourceColumn } from '@odp/contracts';
import { badRequest, notFound } from '../../../../platform/http/errors.js';
import { DEFAULT_BATCH_ROWS, MAX_READ_BYTES, MAX_READ_ROWS, type ReadOptions, type RowBatch } from './types.js';

/** One batch query: selected columns, after a key (or an offset without a key), at most `limit` rows. */
export type BatchQuery = (q: {
  columns: string[];
  key: string | null;
  afterKey: string | number | undefined;
  offset: number;
  limit: number;
}) => Promise<Record<string, unknown>[]>;

/**
 * The protocol-independent part of `readRows`: checks the names against the table's own columns,
 * pages by the one-column primary key when there is one (by offset otherwise), and enforces the row
 * and byte caps.
 */
export async function* readInBatches(
  table: string,
  columns: SourceColumn[],
  options: ReadOptions,
  query: BatchQuery,
): AsyncGenerator<RowBatch> {
  if (columns.length === 0) throw notFound(`表不存在：${table}`);
  const known = new Set(columns.map((c) => c.name));
  const selected = options.columns?.length ? options.columns : columns.map((c) => c.name);
  const unknown = selected.find((c) => !known.has(c));
  if (unknown !== undefined) throw badRequest(`字段不存在：${unknown}`);
  const keys = columns.filter((c) => c.primaryKey);
  const key = keys.length === 1 ? keys[0].name : null;
  if (options.afterKey !== undefined && key === null) throw badRequest('该表没有单列主键，不能按主键续读');
  const wanted = Math.min(options.limit ?? MAX_READ_ROWS, MAX_READ_ROWS);
  const batchSize = Math.max(1, Math.min(options.batchSize ?? DEFAULT_BATCH_ROWS, wanted, 5_000));
  // The key is read with the row even when not asked for, to continue after it.
  const readColumns = key && !selected.includes(key) ? [...selected, key] : selected;
  let afterKey = options.afterKey;
  let read = 0;
  let bytes = 0;
  while (read < wanted) {
    const rows = await query({
      columns: readColumns,
      key,
      afterKey,
      offset: read,
      limit: Math.min(batchSize, wanted - read),
    });
    if (rows.length === 0) return;
    for (const row of rows) bytes += Buffer.byteLength(JSON.stringify(row) ?? '');
    if (bytes > MAX_READ_BYTES) {
      throw badRequest(`读取的数据超过 ${Math.round(MAX_READ_BYTES / 1024 / 1024)} MB 上限，请减少字段或行数`);
    }
    read += rows.length;
    const lastKey = key ? (rows[rows.length - 1][key] as string | number) : null;
    if (key && !selected.includes(key)) for (const row of rows) delete row[key];
    yield { rows, lastKey };
    if (rows.length < batchSize) return;
    afterKey = lastKey ?? undefined;
  }
}

/**
 * The same batches, with the next one already being read while the caller handles the current one:
 * a copy then takes as long as the slower of reading and writing, not their sum. An error of the
 * batch read ahead surfaces when the caller asks for it; one the caller never asks for is dropped.
 */
export async function* readingAhead<T>(batches: AsyncIterable<T>): AsyncGenerator<T> {
  const source = batches[Symbol.asyncIterator]();
  let next = source.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = source.next();
      // Keeps a failure of the batch read ahead from being reported as unhandled before it is awaited.
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    await source.return?.(undefined);
  }
}
