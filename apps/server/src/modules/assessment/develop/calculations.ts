import { CALCULATIONS, type DrillRecord, UPDATE_STATUS, UPDATE_STEPS } from '@odp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../../db/client.js';
import { catalogues } from '../../../db/schema/index.js';
import { updateStatusSql } from '../../collection/update-status.js';

/** The period a value is computed for; `asOf` is its end, or now while the period is still running. */
export type CalcPeriod = { start: Date; end: Date; asOf: Date };

/**
 * A registered calculation: one aggregate statement over the platform's tables giving every
 * department's value for a period, and the records behind one department's value (drill-down).
 * `empty` is a department's value when the statement has no row for it: 0 for a count, null for a
 * rate with nothing to measure.
 */
export type Calculation = {
  name: string;
  empty: 0 | null;
  values(db: Executor, p: CalcPeriod): Promise<Map<string, number | null>>;
  records(db: Executor, orgCode: string, p: CalcPeriod): Promise<DrillRecord[]>;
};

const DRILL_LIMIT = 200;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

async function grouped(db: Executor, query: SQL): Promise<Map<string, number | null>> {
  const rows = await rowsOf<{ org: string; value: number | string | null }>(db, query);
  return new Map(rows.map((r) => [r.org, r.value === null ? null : Number(r.value)]));
}

/** A rate in percent, null when there is nothing to measure. */
const rate = (part: SQL, whole: SQL) =>
  sql`case when ${whole} = 0 then null else round(100.0 * ${part} / ${whole}, 2) end`;

// — 目录 —
const scheduledCodes = Object.keys(UPDATE_STEPS);
/** On the shelf at the period's end with a fixed update frequency (不定期 cannot be late). */
const scheduledOnShelf = (p: CalcPeriod) =>
  sql`shelf_status = 2 and release_time < ${ts(p.end)} and update_frequency in (${sql.join(
    scheduledCodes.map((c) => sql`${c}`),
    sql`, `,
  )})`;
const statusAt = (p: CalcPeriod) => updateStatusSql(catalogues.updateFrequency, catalogues.dataUpdateTime, p.asOf);

const onTimeUpdateRate: Calculation = {
  name: 'catalogue.onTimeUpdateRate',
  empty: null,
  values: (db, p) =>
    grouped(
      db,
      sql`select org_code as org, ${rate(sql`count(*) filter (where ${statusAt(p)} <> ${UPDATE_STATUS.overdue})`, sql`count(*)`)} as value
          from data_catalog where ${scheduledOnShelf(p)} group by org_code`,
    ),
  async records(db, orgCode, p) {
    const rows = await rowsOf<{ id: string; name: string; code: string; last: string | null }>(
      db,
      sql`select id, catalog_name as name, catalog_code as code, data_update_time as last from data_catalog
          where org_code = ${orgCode} and ${scheduledOnShelf(p)} and ${statusAt(p)} = ${UPDATE_STATUS.overdue}
          order by data_update_time nulls first, catalog_code limit ${DRILL_LIMIT}`,
    );
    return rows.map((r) => ({ id: r.id, title: r.name, detail: `目录编码 ${r.code}，更新已超时`, at: iso(r.last) }));
  },
};

const openShelf = (p: CalcPeriod) => sql`shelf_status = 2 and open_type in ('1', '2') and release_time < ${ts(p.end)}`;
const openCount: Calculation = {
  name: 'catalogue.openCount',
  empty: 0,
  values: (db, p) =>
    grouped(
      db,
      sql`select org_code as org, count(*) as value from data_catalog where ${openShelf(p)} group by org_code`,
    ),
  async records(db, orgCode, p) {
    const rows = await rowsOf<{ id: string; name: string; code: string; released: string }>(
      db,
      sql`select id, catalog_name as name, catalog_code as code, release_time as released from data_catalog
          where org_code = ${orgCode} and ${openShelf(p)} order by release_time desc limit ${DRILL_LIMIT}`,
    );
    return rows.map((r) => ({ id: r.id, title: r.name, detail: `目录编码 ${r.code}`, at: iso(r.released) }));
  },
};

// — 交流互动: a ticket counts for the department that replied, else the one it is routed to —
const ticketOrg = sql`coalesce(reply_org_code, org_code)`;
const submittedIn = (p: CalcPeriod) =>
  sql`status <> 9 and submitted_at >= ${ts(p.start)} and submitted_at < ${ts(p.end)} and ${ticketOrg} is not null`;
const ticketRecords = (db: Executor, orgCode: string, p: CalcPeriod, which: SQL, detail: string) =>
  rowsOf<{ id: string; title: string; submitted: string }>(
    db,
    sql`select id, title, submitted_at as submitted from interaction_ticket
        where ${ticketOrg} = ${orgCode} and ${submittedIn(p)} and ${which}
        order by submitted_at limit ${DRILL_LIMIT}`,
  ).then((rows) => rows.map((r) => ({ id: r.id, title: r.title, detail, at: iso(r.submitted) })));

const replyRate: Calculation = {
  name: 'interaction.replyRate',
  empty: null,
  values: (db, p) =>
    grouped(
      db,
      sql`select ${ticketOrg} as org, ${rate(sql`count(first_replied_at)`, sql`count(*)`)} as value
          from interaction_ticket where ${submittedIn(p)} group by 1`,
    ),
  records: (db, orgCode, p) => ticketRecords(db, orgCode, p, sql`first_replied_at is null`, '尚未答复'),
};

const onTimeReplyRate: Calculation = {
  name: 'interaction.onTimeReplyRate',
  empty: null,
  values: (db, p) =>
    grouped(
      db,
      sql`select ${ticketOrg} as org, ${rate(sql`count(*) filter (where reply_on_time)`, sql`count(*)`)} as value
          from interaction_ticket where ${submittedIn(p)} and first_replied_at is not null group by 1`,
    ),
  records: (db, orgCode, p) =>
    ticketRecords(
      db,
      orgCode,
      p,
      sql`first_replied_at is not null and reply_on_time is not true`,
      '超过答复期限才答复',
    ),
};

// — 开放接口 and downloads, by the department of the entry —
const callsIn = (p: CalcPeriod) => sql`l.at >= ${ts(p.start)} and l.at < ${ts(p.end)}`;
const successRate: Calculation = {
  name: 'openapi.successRate',
  empty: null,
  values: (db, p) =>
    grouped(
      db,
      sql`select c.org_code as org, ${rate(sql`count(*) filter (where l.status < 400)`, sql`count(*)`)} as value
          from open_call_log l join data_catalog c on c.id = l.catalog_id where ${callsIn(p)} group by c.org_code`,
    ),
  async records(db, orgCode, p) {
    const rows = await rowsOf<{ id: string; name: string; status: number; kind: string; at: string }>(
      db,
      sql`select l.id::text as id, c.catalog_name as name, l.status, l.kind, l.at from open_call_log l
          join data_catalog c on c.id = l.catalog_id
          where c.org_code = ${orgCode} and ${callsIn(p)} and l.status >= 400 order by l.at desc limit ${DRILL_LIMIT}`,
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.name,
      detail: `${r.kind} 调用失败，状态 ${r.status}`,
      at: iso(r.at),
    }));
  },
};

const downloadsIn = (p: CalcPeriod) => sql`d.created_at >= ${ts(p.start)} and d.created_at < ${ts(p.end)}`;
const downloadCount: Calculation = {
  name: 'download.count',
  empty: 0,
  values: (db, p) =>
    grouped(
      db,
      sql`select c.org_code as org, count(*) as value from data_catalog_download d
          join data_catalog c on c.id = d.catalog_id where ${downloadsIn(p)} group by c.org_code`,
    ),
  async records(db, orgCode, p) {
    const rows = await rowsOf<{ id: string; name: string; format: string; at: string }>(
      db,
      sql`select d.id, c.catalog_name as name, d.format, d.created_at as at from data_catalog_download d
          join data_catalog c on c.id = d.catalog_id
          where c.org_code = ${orgCode} and ${downloadsIn(p)} order by d.created_at desc limit ${DRILL_LIMIT}`,
    );
    return rows.map((r) => ({ id: r.id, title: r.name, detail: `下载 ${r.format} 文件`, at: iso(r.at) }));
  },
};

const REGISTRY: ReadonlyMap<string, Calculation> = new Map(
  [onTimeUpdateRate, openCount, replyRate, onTimeReplyRate, successRate, downloadCount].map((c) => [c.name, c]),
);

// The contract's list is what the page offers; both must name the same calculations.
for (const c of CALCULATIONS) if (!REGISTRY.has(c.name)) throw new Error(`calculation ${c.name} is not registered`);

export const calculationOf = (name: string) => REGISTRY.get(name) ?? null;
export const calculationNames = () => [...REGISTRY.keys()];
