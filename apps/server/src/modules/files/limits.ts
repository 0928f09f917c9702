import { z } from 'zod';

/**
 * Limits on parsing an uploaded data file. A file beyond any of them is refused with a 400 naming the
 * limit, so that one spreadsheet cannot take the server's memory or time. Read from the environment
 * (documented in README's configuration table) so a deployment with larger files can raise them.
 */
export type FileLimits = {
  /** Heap of the parsing worker, in MB; a file that needs more ends the worker, not the server. */
  heapMb: number;
  /** Time the parsing worker may spend on one file, in ms (time spent waiting for the database excluded). */
  timeoutMs: number;
  /** Total uncompressed size of an XLSX package's entries, in bytes. */
  uncompressedBytes: number;
  /** Characters in one cell (Excel's own limit is 32 767). */
  cellChars: number;
  columns: number;
  rows: number;
};

const Env = z.object({
  FILE_PARSE_HEAP_MB: z.coerce.number().int().min(32).default(512),
  FILE_PARSE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
  FILE_MAX_UNCOMPRESSED_MB: z.coerce.number().int().min(1).default(1024),
  FILE_MAX_CELL_CHARS: z.coerce.number().int().min(1).default(32_767),
  FILE_MAX_COLUMNS: z.coerce.number().int().min(1).default(1000),
  FILE_MAX_ROWS: z.coerce.number().int().min(1).default(2_000_000),
});

export function fileLimitsFrom(env: NodeJS.ProcessEnv = process.env): FileLimits {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`配置错误: ${problems}`);
  }
  const e = parsed.data;
  return {
    heapMb: e.FILE_PARSE_HEAP_MB,
    timeoutMs: e.FILE_PARSE_TIMEOUT_SECONDS * 1000,
    uncompressedBytes: e.FILE_MAX_UNCOMPRESSED_MB * 1024 * 1024,
    cellChars: e.FILE_MAX_CELL_CHARS,
    columns: e.FILE_MAX_COLUMNS,
    rows: e.FILE_MAX_ROWS,
  };
}

let cached: FileLimits | null = null;
/** The limits of this process, read once. */
export const fileLimits = () => {
  cached ??= fileLimitsFrom();
  return cached;
};

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The Chinese reasons, each naming the limit that was passed. */
export const LimitMessages = {
  uncompressed: (l: FileLimits) => `文件解压后的大小超过 ${mb(l.uncompressedBytes)} MB 的限制`,
  zipMismatch: '压缩包中的条目大小与声明不符，文件可能已损坏或被篡改',
  cell: (l: FileLimits) => `单元格内容不能超过 ${l.cellChars} 个字符`,
  columns: (l: FileLimits) => `数据文件的列数不能超过 ${l.columns}`,
  rows: (l: FileLimits) => `数据文件的行数不能超过 ${l.rows}`,
  memory: (l: FileLimits) => `解析文件所需内存超过 ${l.heapMb} MB 的限制`,
  timeout: (l: FileLimits) => `解析文件超过 ${Math.round(l.timeoutMs / 1000)} 秒的时间限制`,
} as const;
