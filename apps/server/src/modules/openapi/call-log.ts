import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { openCallLogs } from '../../db/schema/index.js';

export type CallKind = 'list' | 'meta' | 'rows' | 'openapi' | 'service';
export type CallRecord = {
  at: Date;
  appId: string | null;
  catalogId: string | null;
  kind: CallKind;
  status: number;
  latencyMs: number;
  rows: number;
  ip: string | null;
};

const UTC8_MS = 8 * 60 * 60 * 1000;
const dayOf = (at: Date) => new Date(at.getTime() + UTC8_MS).toISOString().slice(0, 10);

/**
 * The call log, written in batches: a call only appends to memory, and every second (or every 500
 * calls) one transaction writes the rows and adds the successful data calls (rows and services) to
 * each dataset's day in `open_call_daily` and to its `call_num`, which the counters and rankings read. A crash loses at most that second's log,
 * never a quota count (those are written before the call is answered).
 */
export function callLog(db: Db, log?: FastifyBaseLogger, opts: { flushMs?: number; maxBatch?: number } = {}) {
  const flushMs = opts.flushMs ?? 1000;
  const maxBatch = opts.maxBatch ?? 500;
  let buffer: CallRecord[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: CallRecord[]) {
    const daily = new Map<string, { catalogId: string; day: string; calls: number; rows: number }>();
    for (const r of batch) {
      // Reading metadata or the description is not using the data.
      if (!r.catalogId || r.status >= 400 || (r.kind !== 'rows' && r.kind !== 'service')) continue;
      const day = dayOf(r.at);
      const key = `${r.catalogId}|${day}`;
      const d = daily.get(key) ?? { catalogId: r.catalogId, day, calls: 0, rows: 0 };
      d.calls += 1;
      d.rows += r.rows;
      daily.set(key, d);
    }
    const days = JSON.stringify(
      [...daily.values()].map((d) => ({ catalog_id: d.catalogId, day: d.day, calls: d.calls, rows: d.rows })),
    );
    const perDay = sql`jsonb_to_recordset(${days}::jsonb) as d(catalog_id uuid, day date, calls bigint, rows bigint)`;
    await db.transaction(async (tx) => {
      await tx.insert(openCallLogs).values(batch);
      if (daily.size === 0) return;
      // A dataset deleted since the call has no day row to add to.
      await tx.execute(sql`insert into open_call_daily (catalog_id, day, calls, rows)
        select d.catalog_id, d.day, d.calls, d.rows from ${perDay}
        where exists (select 1 from data_catalog c where c.id = d.catalog_id)
        on conflict (catalog_id, day) do update
          set calls = open_call_daily.calls + excluded.calls, rows = open_call_daily.rows + excluded.rows`);
      await tx.execute(sql`update data_catalog c set call_num = c.call_num + t.calls
        from (select d.catalog_id, sum(d.calls) as calls from ${perDay} group by d.catalog_id) t
        where c.id = t.catalog_id`);
    });
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = buffer;
    buffer = [];
    if (batch.length) {
      writing = writing.then(() =>
        write(batch).catch((err) => log?.error({ err }, `开放接口调用日志写入失败（${batch.length} 条）`)),
      );
    }
    return writing;
  }

  const handle = {
    record(r: CallRecord) {
      buffer.push(r);
      if (buffer.length >= maxBatch) void flush();
      else if (!timer) timer = setTimeout(() => void flush(), flushMs).unref();
    },
    /** Writes what is buffered (at shutdown, and in tests before reading the counts). */
    flush,
    close() {
      live.delete(handle);
      return flush();
    },
  };
  live.add(handle);
  return handle;
}

const live = new Set<{ flush(): Promise<void> }>();

/** Writes every open call log's buffer now (tests read the counts right after calling). */
export async function flushCallLogs(): Promise<void> {
  await Promise.all([...live].map((l) => l.flush()));
}
export type CallLog = ReturnType<typeof callLog>;
