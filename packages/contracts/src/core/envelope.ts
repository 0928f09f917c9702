import { z } from 'zod';
import { positiveInt } from './fields.js';

/** Every JSON answer of the API has this shape; `code` mirrors the HTTP status. */
export type Envelope<T> = {
  success: boolean;
  code: number;
  message: string;
  result: T;
  timestamp: number;
};

export const MAX_PAGE_SIZE = 200;

/** Paging and sorting as every list asks for it; `sort` is checked against a per-resource allowlist. */
export const PageQuery = z.object({
  pageNo: positiveInt(1),
  pageSize: positiveInt(10, MAX_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  _t: z.unknown().optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export type Page<T> = {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
};

export function toPage<T>(records: T[], total: number, query: Pick<PageQuery, 'pageNo' | 'pageSize'>): Page<T> {
  return {
    records,
    total,
    size: query.pageSize,
    current: query.pageNo,
    pages: Math.ceil(total / query.pageSize),
  };
}

/** Ids arrive either as an array or as the comma-separated string the original client sends. */
export const IdList = z
  .union([z.array(z.string().min(1)), z.string().min(1)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',').filter(Boolean)))
  .pipe(z.array(z.string().min(1).max(64)).min(1, '请选择记录').max(500, '一次最多处理 500 条'));
