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

/** What a column the exchange creates holds (the datastore's field types). */
export type ColumnKind = 'text' | 'numeric' | 'date' | 'timestamp' | 'boolean';

/** A column of a table the exchange creates: a name checked by `checkColumnName`, its kind, key or not. */
export type ColumnDefinition = { name: string; kind: ColumnKind; primaryKey: boolean; comment?: string | null };

/**
 * What a row whose primary key the destination already holds does: replace it (upsert), skip it,
 * or refuse, which fails the write and rolls back everything it wrote.
 */
export type WritePolicy = 'replace' | 'skip' | 'refuse';

/** A value as written: text the database converts to the column's type, or NULL. */
export type WriteValue = string | null;

export type WriteResult = {
  /** Rows inserted or replaced. */
  written: number;
  /** Rows left out because their key was already held (skip). */
  skipped: number;
};

/** Most rows one insert statement carries; a batch is split further by size (WRITE_CHUNK_BYTES). */
export const WRITE_CHUNK_ROWS = 500;
export const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * A writable session on a data source of a department's own (an exchange's destination), with the
 * same connect and statement timeouts as a reading one. Table and column names are checked and
 * quoted; the columns written are only those the table itself lists.
 */
export type TargetConnection = {
  listColumns(table: string): Promise<SourceColumn[]>;
  /** Creates a table of these columns (refused when it exists); the key columns become its primary key. */
  createTable(table: string, columns: ColumnDefinition[]): Promise<void>;
  /**
   * Writes every batch into the named columns in one transaction under the policy: all of it is
   * committed, or (on any failure, a refused conflict included) none of it.
   */
  writeRows(
    table: string,
    columns: string[],
    batches: AsyncIterable<WriteValue[][]>,
    policy: WritePolicy,
  ): Promise<WriteResult>;
  close(): Promise<void>;
};
