import { EXCHANGE_COLUMN_NAME, EXCHANGE_TABLE_NAME, ExchangeMessages, type SourceColumn } from '@odp/contracts';
import { AppError, badRequest, notFound } from '../../../../platform/http/errors.js';
import { connectionError } from './errors.js';
import {
  type ColumnDefinition,
  WRITE_CHUNK_BYTES,
  WRITE_CHUNK_ROWS,
  type WritePolicy,
  type WriteResult,
  type WriteValue,
} from './types.js';

/** The protocol-independent part of writing: names, the key, statement-sized chunks, failures. */

/** PostgreSQL keeps 63 bytes of a name (MySQL 64 characters): a longer one would be cut, not refused. */
const MAX_NAME_BYTES = 63;

export function checkTableName(name: string): void {
  if (!EXCHANGE_TABLE_NAME.test(name)) {
    throw badRequest(`表名“${name}”不合法：只能包含字母、数字和下划线，且不能以数字开头`);
  }
}

export function checkColumnName(name: string): void {
  if (!EXCHANGE_COLUMN_NAME.test(name) || Buffer.byteLength(name) > MAX_NAME_BYTES) {
    throw badRequest(ExchangeMessages.targetName(name));
  }
}

/** A new table's definition: a plain name, at least one column, each name valid and used once (in any case). */
export function checkDefinition(table: string, columns: ColumnDefinition[]): void {
  checkTableName(table);
  if (columns.length === 0) throw badRequest('新建的表至少要有一个字段');
  const seen = new Set<string>();
  for (const c of columns) {
    checkColumnName(c.name);
    const key = c.name.toLowerCase();
    if (seen.has(key)) throw badRequest(ExchangeMessages.targetTwice(c.name));
    seen.add(key);
  }
}

/**
 * Checks the columns to write against the table's own list and finds its primary key. `keyIndexes`
 * locates the key in a written row when every key column is written (else null: the database makes
 * the missing part, and rows of one statement cannot repeat a key of ours).
 */
export function writePlan(table: string, tableColumns: SourceColumn[], columns: string[]) {
  if (tableColumns.length === 0) throw notFound(ExchangeMessages.tableMissing(table));
  if (columns.length === 0) throw badRequest(ExchangeMessages.noMapping);
  const known = new Set(tableColumns.map((c) => c.name));
  const unknown = columns.find((c) => !known.has(c));
  if (unknown !== undefined) throw badRequest(ExchangeMessages.targetMissing(unknown));
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice !== undefined) throw badRequest(ExchangeMessages.targetTwice(twice));
  const keys = tableColumns.filter((c) => c.primaryKey).map((c) => c.name);
  const keyIndexes =
    keys.length > 0 && keys.every((k) => columns.includes(k)) ? keys.map((k) => columns.indexOf(k)) : null;
  return { keys, keyIndexes };
}

/** The rows of one statement with each key once: the last row of a key wins (an upsert cannot touch a row twice). */
export function lastOfEachKey(rows: WriteValue[][], keyIndexes: number[] | null): WriteValue[][] {
  if (!keyIndexes) return rows;
  const byKey = new Map<string, WriteValue[]>();
  for (const row of rows) byKey.set(JSON.stringify(keyIndexes.map((i) => row[i])), row);
  return byKey.size === rows.length ? rows : [...byKey.values()];
}

/** A failure of the caller's batches (reading the rows to write), kept apart from the database's own. */
class CallerFailure extends Error {
  constructor(readonly error: unknown) {
    super('the rows to write could not be read');
  }
}

/** Splits the caller's batches into statements of at most WRITE_CHUNK_ROWS rows and about WRITE_CHUNK_BYTES. */
export async function* statementChunks(batches: AsyncIterable<WriteValue[][]>): AsyncGenerator<WriteValue[][]> {
  const source = batches[Symbol.asyncIterator]();
  let chunk: WriteValue[][] = [];
  let bytes = 0;
  try {
    for (;;) {
      let next: IteratorResult<WriteValue[][]>;
      try {
        next = await source.next();
      } catch (err) {
        throw new CallerFailure(err);
      }
      if (next.done) break;
      for (const row of next.value) {
        const size = row.reduce((n, v) => n + (v === null ? 4 : Buffer.byteLength(v) + 3), 2);
        if (chunk.length > 0 && (chunk.length >= WRITE_CHUNK_ROWS || bytes + size > WRITE_CHUNK_BYTES)) {
          yield chunk;
          chunk = [];
          bytes = 0;
        }
        chunk.push(row);
        bytes += size;
      }
    }
    if (chunk.length > 0) yield chunk;
  } finally {
    await source.return?.(undefined);
  }
}

type Failure = { code?: string | number; errno?: number };

const CONFLICT = { pg: ['23505'], mysql: [1062, 1586] };
const TOO_LONG = { pg: ['22001'], mysql: [1406] };
const BAD_VALUE = {
  pg: ['22P02', '22007', '22008', '22003', '22018', '22023'],
  mysql: [1366, 1292, 1264, 1265, 1367, 1411],
};
const NOT_NULL = { pg: ['23502'], mysql: [1048, 1364] };
const FOREIGN = { pg: ['23503'], mysql: [1452] };
const NO_TABLE = { pg: ['42P01'], mysql: [1146] };
const NO_COLUMN = { pg: ['42703'], mysql: [1054] };
const TABLE_EXISTS = { pg: ['42P07'], mysql: [1050] };
const NO_RIGHT = { pg: ['42501'], mysql: [1142, 1143, 1044] };
const READ_ONLY = { pg: ['25006'], mysql: [1792, 1290, 1836] };
const LOCKED = { pg: ['55P03', '40P01'], mysql: [1205, 1213] };

const is = (e: Failure, codes: { pg: string[]; mysql: number[] }) =>
  codes.pg.includes(String(e.code ?? '')) || (typeof e.errno === 'number' && codes.mysql.includes(e.errno));

/**
 * A driver's failure while creating or writing a table, as a Chinese refusal naming the cause in
 * the platform's words (never the server's text, which may quote the rows); connection failures and
 * timeouts as `connectionError` says them.
 */
export function writeError(err: unknown, host: string, port: number, table: string, policy?: WritePolicy): AppError {
  const e = (err ?? {}) as Failure;
  if (is(e, CONFLICT)) {
    return badRequest(
      policy === 'refuse'
        ? `目标表 ${table} 中已有相同主键的记录（导入规则为“报错并终止”）`
        : `写入目标表 ${table} 时与已有记录的主键或唯一约束冲突`,
    );
  }
  if (is(e, TOO_LONG)) return badRequest(`数据超出目标表 ${table} 字段的长度`);
  if (is(e, BAD_VALUE)) return badRequest(`数据与目标表 ${table} 字段的类型不符`);
  if (is(e, NOT_NULL)) return badRequest(`目标表 ${table} 有不允许为空的字段没有得到数据`);
  if (is(e, FOREIGN)) return badRequest(`数据不满足目标表 ${table} 的外键约束`);
  if (is(e, NO_TABLE)) return notFound(ExchangeMessages.tableMissing(table));
  if (is(e, NO_COLUMN)) return badRequest(`目标表 ${table} 的字段已改变，请重新选择字段映射`);
  if (is(e, TABLE_EXISTS)) return badRequest(ExchangeMessages.tableExists(table));
  if (is(e, NO_RIGHT)) return badRequest(`该用户没有在目标库建表或写入 ${table} 的权限`);
  if (is(e, READ_ONLY)) return badRequest('目标库只允许读取，不能写入');
  if (is(e, LOCKED)) return badRequest(`目标表 ${table} 被其他操作锁定，请稍后再试`);
  return connectionError(err, host, port);
}

const UNDONE = '，本次写入已全部撤销';

/**
 * One transaction around every statement of a write: committed whole, or rolled back whole. A
 * failure of the caller's batches is the caller's own error again (a refusal saying it was undone).
 */
export async function inOneTransaction(
  session: { begin(): Promise<unknown>; commit(): Promise<unknown>; rollback(): Promise<unknown> },
  write: () => Promise<WriteResult>,
  fail: (err: unknown) => AppError,
): Promise<WriteResult> {
  try {
    await session.begin();
  } catch (err) {
    throw fail(err);
  }
  try {
    const result = await write();
    await session.commit();
    return result;
  } catch (err) {
    await session.rollback().catch(() => undefined);
    if (err instanceof CallerFailure) {
      const own = err.error;
      throw own instanceof AppError ? new AppError(own.status, `${own.message}${UNDONE}`, own.result) : own;
    }
    const refusal = fail(err);
    throw new AppError(refusal.status, `${refusal.message}${UNDONE}`, refusal.result);
  }
}
