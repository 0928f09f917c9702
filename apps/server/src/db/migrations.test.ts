import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRowsOf } from '../modules/catalogue/lifecycle/history.js';
import { workOrdersOf } from '../modules/catalogue/workorder/repository.js';
import { storedRowsOfFile } from '../modules/datastore/testing.js';
import { type Db, rowsOf } from './client.js';
import * as schema from './schema/index.js';

const migrations = new URL('./migrations', import.meta.url).pathname;

/** The migrations of an earlier release: the first `count` entries of the journal. */
async function releaseFolder(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'odp-migrations-'));
  await mkdir(path.join(dir, 'meta'));
  const journal = JSON.parse(await readFile(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    await copyFile(path.join(migrations, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}

let client: PGlite;
let db: Db;
let oldRelease: string;
const entryId = '11111111-1111-4111-8111-111111111111';
const submitter = '22222222-2222-4222-8222-222222222222';
const fileId = '33333333-3333-4333-8333-333333333333';

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client, { schema }) as unknown as Db;
  // A data folder as the release before the workflow kernel left it: work orders and 编目日志 rows.
  oldRelease = await releaseFolder(3);
  await migrate(drizzle(client), { migrationsFolder: oldRelease });
  await db.execute(sql`
    insert into data_catalog (id, catalog_code, catalog_name, org_code, information_summary, key_areas_type,
      share_type, open_type, update_frequency, catalog_status, shelf_status)
    values (${entryId}, '1-06-001-0001', '公交线路站点', 'BJ003', '公交线路与站点的位置信息，供出行服务使用。', '6',
      '10', '1', '3', 2, 3)`);
  await db.execute(sql`
    insert into work_order (catalog_id, order_type, status, launch_org_code, submitter_id, submit_time, handler_id,
      approval_time, decision, comment)
    values (${entryId}, 'catalog', 2, 'BJ003', ${submitter}, '2026-01-05T02:00:00Z', ${submitter},
      '2026-01-06T02:00:00Z', 'approve', '同意')`);
  await db.execute(sql`
    insert into work_order (catalog_id, order_type, status, launch_org_code, submitter_id, submit_time, payload)
    values (${entryId}, 'offShelf', 1, 'BJ003', ${submitter}, '2026-02-01T02:00:00Z',
      '{"reason":"1","reasonLabel":"数据已过时，不再更新","comment":"停更"}')`);
  await db.execute(sql`
    insert into data_catalog_log (catalog_id, action, from_catalog_status, to_catalog_status, from_shelf_status,
      to_shelf_status, comment, username, realname, org_code, depart_name, created_at)
    values
      (${entryId}, 'create', null, 0, null, 0, null, 'jtadmin', '交通管理员', 'BJ003', '滨江市交通运输局', '2026-01-04T02:00:00Z'),
      (${entryId}, 'offShelfApply', 2, 2, 2, 3, '【数据已过时，不再更新】停更', 'jtadmin', '交通管理员', 'BJ003',
        '滨江市交通运输局', '2026-02-01T02:00:00Z')`);
  // A data file with its parsed rows, as data_catalog_row held them (a ragged row and an empty cell).
  await db.execute(sql`
    insert into data_catalog_file (id, catalog_id, kind, file_name, stored_name, mime_type, size, sha256, columns,
      row_count)
    values (${fileId}, ${entryId}, 'data', '站点.csv', 'a.csv', 'text/csv', 10, 'x', '["站点","线路"]', 3)`);
  await db.execute(sql`
    insert into data_catalog_row (file_id, row_no, data) values
      (${fileId}, 1, '["湖滨站","1路"]'), (${fileId}, 2, '["西湖站",""]'), (${fileId}, 3, '["江边站","2路","备注"]')`);
  await migrate(drizzle(client), { migrationsFolder: migrations });
});

afterAll(async () => {
  await client.close();
  await rm(oldRelease, { recursive: true, force: true });
});

describe('upgrading a database of the release before the workflow kernel', () => {
  it('carries every work order over as a task of the catalogue entry', async () => {
    const orders = await workOrdersOf(db, entryId);
    expect(orders).toHaveLength(2);
    expect(orders[0]).toMatchObject({
      orderType: 'catalog',
      status: 2,
      launchOrgCode: 'BJ003',
      submitterId: submitter,
      decision: 'approve',
      comment: '同意',
    });
    expect(orders[0].approvalTime?.toISOString()).toBe('2026-01-06T02:00:00.000Z');
    expect(orders[1]).toMatchObject({
      orderType: 'offShelf',
      status: 1,
      payload: { reasonLabel: '数据已过时，不再更新' },
    });
  });

  it('carries every 编目日志 row over with both axes, and drops the old tables', async () => {
    const rows = await logRowsOf(db, entryId);
    expect(
      rows.map((r) => [r.action, r.fromCatalogStatus, r.toCatalogStatus, r.fromShelfStatus, r.toShelfStatus]),
    ).toEqual([
      ['create', null, 0, null, 0],
      ['offShelfApply', 2, 2, 2, 3],
    ]);
    expect(rows[1]).toMatchObject({ comment: '【数据已过时，不再更新】停更', departName: '滨江市交通运输局' });
    const left = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_name in ('work_order', 'data_catalog_log')`,
    );
    expect(left.rows[0].n).toBe(0);
  });
});

describe('upgrading a database whose data files kept their rows in data_catalog_row', () => {
  it('moves each file into a datastore table of its own and drops the old table', async () => {
    const [resource] = await db.select().from(schema.datastoreResources);
    expect(resource).toMatchObject({ catalogId: entryId, fileId, kind: 'file', rowCount: 3 });
    expect(resource.fields.map((f) => f.name)).toEqual(['站点', '线路', '列3']);
    expect(await storedRowsOfFile(db, fileId)).toEqual([
      ['湖滨站', '1路', ''],
      ['西湖站', '', ''],
      ['江边站', '2路', '备注'],
    ]);
    const [old] = await rowsOf<{ t: string | null }>(db, sql`select to_regclass('data_catalog_row') as t`);
    expect(old.t).toBeNull();
  });
});
