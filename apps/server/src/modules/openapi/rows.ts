import {
  OPEN_FILTER_OPS,
  OPEN_ROWS_COUNT_CAP,
  OPEN_ROWS_DEFAULT_LIMIT,
  OPEN_ROWS_MAX_LIMIT,
  OPEN_ROWS_MAX_OFFSET,
  OPEN_ROWS_RESERVED,
  type OpenFilterOp,
} from '@odp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { badRequest } from '../../platform/http/errors.js';
import { escapeLike } from '../../platform/resource/like.js';
import { columnOf, type Resource, tableOf } from '../datastore/store.js';
import { maskValue } from '../market/mask.js';
import type { ApiField } from './datasets.js';

export type RowsQuery = {
  resourceId: string | null;
  fields: ApiField[];
  where: SQL[];
  order: SQL[];
  limit: number;
  offset: number;
  format: 'json' | 'csv';
  filtered: boolean;
};

const reserved = new Set<string>(OPEN_ROWS_RESERVED);
const ops = new Set<string>(OPEN_FILTER_OPS);
const SQL_OP: Record<Exclude<OpenFilterOp, 'like'>, string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

const NUMBER = /^-?\d{1,20}(\.\d{1,12})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/;

/** The value as the column's type takes it; a value it cannot be is a 400 naming the field. */
function typed(field: ApiField, value: string): SQL {
  const bad = (what: string) => badRequest(`字段“${field.name}”（${field.key}）的筛选值须为${what}`);
  switch (field.source.type) {
    case 'numeric':
      if (!NUMBER.test(value)) throw bad('数值');
      return sql`${value}::numeric`;
    case 'date':
      if (!DATE.test(value) || Number.isNaN(Date.parse(value))) throw bad('日期（如 2026-01-31）');
      return sql`${value}::date`;
    case 'timestamp':
      if (!DATETIME.test(value) || Number.isNaN(Date.parse(value.replace(' ', 'T'))))
        throw bad('日期时间（如 2026-01-31 08:00:00）');
      return sql`${value}::timestamp`;
    case 'boolean':
      if (!/^(true|false)$/.test(value)) throw bad('true 或 false');
      return sql`${value}::boolean`;
    default:
      return sql`${value}`;
  }
}

function usable(field: ApiField, what: string) {
  if (field.masked) throw badRequest(`字段“${field.name}”（${field.key}）已脱敏，不能用于${what}`);
}

function one(value: string | string[] | undefined, name: string): string | undefined {
  if (Array.isArray(value)) {
    if (value.length > 1) throw badRequest(`参数 ${name} 只能出现一次`);
    return value[0];
  }
  return value;
}

function intParam(value: string | undefined, name: string, fallback: number, max: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw badRequest(`${name} 须为整数`);
  const n = Number(value);
  if (n < min) throw badRequest(`${name} 不能小于 ${min}`);
  if (n > max) throw badRequest(`${name} 不能超过 ${max}`);
  return n;
}

/**
 * Reads the rows API's query: `<key>=v` or `<key>.<op>=v` filters (several on one key are ANDed),
 * `q` (a word in any unmasked text), `fields`, `sort` (`key` or `-key`, up to 3), `limit` (≤ 1000),
 * `offset` (≤ 100 000), `format` (json | csv), `resource`. Anything else is a 400, and so is a
 * filter, sort or q on a masked field.
 */
export function parseRowsQuery(query: Record<string, string | string[] | undefined>, fields: ApiField[]): RowsQuery {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const where: SQL[] = [];
  for (const [name, raw] of Object.entries(query)) {
    if (reserved.has(name) || raw === undefined) continue;
    const dot = name.lastIndexOf('.');
    const key = dot > 0 && ops.has(name.slice(dot + 1)) ? name.slice(0, dot) : name;
    const op = (key === name ? 'eq' : name.slice(dot + 1)) as OpenFilterOp;
    const field = byKey.get(key);
    if (!field) throw badRequest(`未知的查询参数：${name.slice(0, 50)}（可用字段见数据集说明）`);
    usable(field, '筛选');
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value.length > 200) throw badRequest(`字段“${field.name}”的筛选值不能超过 200 个字符`);
      const col = columnOf(field.source);
      if (op === 'like') where.push(sql`${col}::text ilike ${`%${escapeLike(value)}%`}`);
      else where.push(sql`${col} ${sql.raw(SQL_OP[op])} ${typed(field, value)}`);
    }
  }

  const q = one(query.q, 'q')?.trim();
  if (q) {
    if (q.length > 100) throw badRequest('q 不能超过 100 个字符');
    const searchable = fields.filter((f) => !f.masked);
    if (!searchable.length) throw badRequest('该数据集没有可检索的字段');
    const pattern = `%${escapeLike(q)}%`;
    where.push(
      sql`(${sql.join(
        searchable.map((f) => sql`${columnOf(f.source)}::text ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }

  let chosen = fields;
  const fieldsParam = one(query.fields, 'fields');
  if (fieldsParam) {
    const keys = fieldsParam
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    chosen = keys.map((k) => {
      const f = byKey.get(k);
      if (!f) throw badRequest(`fields 中的字段不存在：${k.slice(0, 50)}`);
      return f;
    });
    if (!chosen.length) throw badRequest('fields 至少须包含一个字段');
  }

  const order: SQL[] = [];
  let tieDescending = false;
  const sortParam = one(query.sort, 'sort');
  if (sortParam) {
    const keys = sortParam
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    if (keys.length > 3) throw badRequest('sort 最多按 3 个字段排序');
    for (const k of keys) {
      const descending = k.startsWith('-');
      const f = byKey.get(descending ? k.slice(1) : k);
      if (!f) throw badRequest(`sort 中的字段不存在：${k.slice(0, 50)}`);
      usable(f, '排序');
      // PostgreSQL's own null placement for each direction: a plain b-tree index serves either.
      order.push(descending ? sql`${columnOf(f.source)} desc` : sql`${columnOf(f.source)} asc`);
      if (order.length === 1) tieDescending = descending;
    }
  }
  // Ties go by load order in the first key's direction, so the (column, _row) index walks either way.
  order.push(tieDescending ? sql`_row desc` : sql`_row`);

  const format = one(query.format, 'format') ?? 'json';
  if (format !== 'json' && format !== 'csv') throw badRequest('format 只能是 json 或 csv');
  const resourceId = one(query.resource, 'resource') ?? null;
  if (resourceId !== null && !/^[0-9a-f-]{36}$/i.test(resourceId)) throw badRequest('resource 格式不正确');

  return {
    resourceId,
    fields: chosen,
    where,
    order,
    limit: intParam(one(query.limit, 'limit'), 'limit', OPEN_ROWS_DEFAULT_LIMIT, OPEN_ROWS_MAX_LIMIT, 1),
    offset: intParam(one(query.offset, 'offset'), 'offset', 0, OPEN_ROWS_MAX_OFFSET, 0),
    format,
    filtered: where.length > 0,
  };
}

/** A page of rows, values as loaded (NULL as null), masked fields masked. */
export async function readRows(db: Executor, resource: Resource, q: RowsQuery) {
  const cols = q.fields.map((f, i) => sql`${columnOf(f.source)}::text as ${sql.raw(`v${i}`)}`);
  const whereSql = q.where.length ? sql` where ${sql.join(q.where, sql` and `)}` : sql``;
  const rows = await rowsOf<Record<string, string | null>>(
    db,
    sql`select ${sql.join(cols, sql`, `)} from ${tableOf(resource)}${whereSql}
      order by ${sql.join(q.order, sql`, `)} limit ${q.limit} offset ${q.offset}`,
  );
  let total = resource.rowCount;
  let totalCapped = false;
  if (q.filtered && q.offset === 0 && rows.length < q.limit) {
    total = rows.length;
  } else if (q.filtered) {
    const [row] = await rowsOf<{ n: string }>(
      db,
      sql`select count(*) as n from (select 1 from ${tableOf(resource)}${whereSql} limit ${OPEN_ROWS_COUNT_CAP + 1}) t`,
    );
    total = Math.min(Number(row.n), OPEN_ROWS_COUNT_CAP);
    totalCapped = Number(row.n) > OPEN_ROWS_COUNT_CAP;
  }
  const values = rows.map((r) =>
    q.fields.map((f, i) => {
      const v = r[`v${i}`] ?? null;
      return v !== null && f.masked ? maskValue(v) : v;
    }),
  );
  return { values, total, totalCapped };
}
