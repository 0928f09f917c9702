import { randomUUID } from 'node:crypto';
import type { PageQuery } from '@odp/contracts';
import { asc, sql } from 'drizzle-orm';
import { pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import type { Actor } from '../auth/actor.js';
import { resourceService } from './resource.js';

/** A department-owned list that exists only in this test. */
const notes = pgTable('rs_note', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: varchar('title', { length: 50 }).notNull(),
  orgCode: varchar('org_code', { length: 20 }).notNull(),
});
type Note = typeof notes.$inferSelect;
type Input = { title: string; orgCode: string };

const service = resourceService<Note, Note, Input, Input & { id: string }, PageQuery>({
  label: '便签',
  table: notes,
  id: notes.id,
  filters: () => [],
  sortable: {},
  defaultOrder: asc(notes.title),
  present: async (_db, rows) => rows,
  toInsert: (input) => input,
  toUpdate: (input) => ({ title: input.title }),
  describe: (row) => row.title,
  scope: { column: notes.orgCode, allDepartmentsPermission: 'note:all' },
});

const actor = (orgCode: string | null, perms: string[] = []): Actor => ({
  userId: randomUUID(),
  username: 'tester',
  realname: '测试',
  orgCode,
  sessionId: randomUUID(),
  tenantId: 0,
  perms: new Set(perms),
  roleCodes: [],
  ip: '127.0.0.1',
});

let database: Database;
const a = actor('A01');
const b = actor('B02');
const bureau = actor('B02', ['note:all']);
const nobody = actor(null);
let noteA: Note;
let noteB: Note;

beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
  await database.migrate();
  await database.db.execute(
    sql`create table rs_note (id uuid primary key default gen_random_uuid(), title varchar(50) not null, org_code varchar(20) not null)`,
  );
  noteA = await service.create(database.db, a, { title: '甲的便签', orgCode: 'A01' });
  noteB = await service.create(database.db, b, { title: '乙的便签', orgCode: 'B02' });
});
afterAll(() => database.close());

const titles = async (who: Actor) =>
  (await service.list(database.db, who, { pageNo: 1, pageSize: 10 })).records.map((r) => r.title);

describe('a generic resource declared with a department scope', () => {
  it('lists only the caller’s department, everything for the all-departments permission, nothing without a department', async () => {
    expect(await titles(a)).toEqual(['甲的便签']);
    expect(await titles(b)).toEqual(['乙的便签']);
    expect((await titles(bureau)).sort()).toEqual(['乙的便签', '甲的便签'].sort());
    expect(await titles(nobody)).toEqual([]);
  });

  it('answers another department’s record as missing and refuses to change or delete it', async () => {
    expect((await service.get(database.db, a, noteA.id)).title).toBe('甲的便签');
    await expect(service.get(database.db, a, noteB.id)).rejects.toMatchObject({ status: 404 });
    await expect(service.update(database.db, a, { id: noteB.id, title: '改', orgCode: 'B02' })).rejects.toMatchObject({
      status: 403,
      message: '只能操作本部门的便签',
    });
    await expect(service.remove(database.db, a, [noteA.id, noteB.id])).rejects.toMatchObject({ status: 403 });
    expect(await titles(bureau)).toHaveLength(2);
    expect(await service.remove(database.db, bureau, [noteB.id])).toBe(1);
    expect(await titles(b)).toEqual([]);
  });
});
