import type { DataSourceProtocol, SourceColumn, SourceTable } from '@odp/contracts';

/** Fixed limits of every outbound database session (not settings: they protect the server). */
export const CONNECT_TIMEOUT_MS = 5_000;
export const STATEMENT_TIMEOUT_MS = 30_000;
/** Most rows one `readRows` hands out, whatever the caller asks for. */
export const MAX_READ_ROWS = 100_000;
/** Most bytes (as JSON) one `readRows` hands out before it stops with a refusal. */
export const MAX_READ_BYTES = 32 * 1024 * 1024;
export const DEFAULT_BATCH_ROWS = 500;
/** Tables listed at most: a catalogue's picker, not an inventory of a warehouse. */
export const MAX_TABLES = 5_000;

/** Where and as whom to connect: `address` is the checked IP (platform/outbound), `host` only names it in messages. */
export type ConnectionTarget = {
  protocol: DataSourceProtocol;
  host: string;
  address: string;
  port: number;
  database: string;
  user: string;
  password: string;
};

export type ReadOptions = {
  /** Columns to read; all of the table's when omitted. Unknown names are refused. */
  columns?: string[];
  /** Continue after this primary-key value (keyset paging); needs a one-column primary key. */
  afterKey?: string | number;
  /** Rows to read in all (capped at MAX_READ_ROWS). */
  limit?: number;
  batchSize?: number;
};

export type RowBatch = {
  rows: Record<string, unknown>[];
  /** The primary-key value of the batch's last row, to continue from; null without a one-column key. */
  lastKey: string | number | null;
};

/**
 * An open, read-only session on a data source. Table and column names are only ever taken from
 * what the source itself lists, and quoted, so a caller's name never becomes SQL of its own.
 */
export type SourceConnection = {
  version(): Promise<string>;
  /** Whether the session refuses writes, as read back from the server. */
  readOnly(): Promise<boolean>;
  listTables(): Promise<SourceTable[]>;
  listColumns(table: string): Promise<SourceColumn[]>;
  readRows(table: string, options?: ReadOptions): AsyncIterable<RowBatch>;
  close(): Promise<void>;
};
