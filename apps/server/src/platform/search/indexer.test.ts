import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { customType, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { createScratchDatabase } from '../../db/scratch.js';
import { indexUnindexed, refreshSearchIndex, reindexSearchSubject, reindexSearchSubjects } from './indexer.js';
import { findInSubject } from './query.js';
import { defineSearchSubject, vectorLiteral } from './subject.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A subject no module has: the platform must index it from its declaration alone. */
const notes = pgTable('st_note', {
  id: uuid('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  searchVector: tsvector('search_vector'),
});

const noteSearch = defineSearchSubject({
  type: 'note',
  store: { table: notes, id: notes.id, vector: notes.searchVector },
  async read(db, ids) {
    const rows = await db
      .select({ id: notes.id, title: notes.title, body: notes.body })
      .from(notes)
      .where(inArray(notes.id, [...ids]));
    return rows.map((r) => ({ id: r.id, texts: { A: r.title, D: r.body } }));
  },
});

// Ids sort against the expected order where it matters, so that a tie broken by id cannot pass for ranking.
const TITLE_HIT = 'bbbbbbbb-0000-4000-8000-000000000000';
const BODY_HIT = 'aaaaaaaa-0000-4000-8000-000000000000';
const OTHER = 'cccccccc-0000-4000-8000-000000000000';

describe('vectorLiteral', () => {
  it('writes A before B, C, D whatever the key order, and keeps the place of an empty field', () => {
    expect(vectorLiteral({ D: '路', A: '桥' })).toBe("'桥':1A '路':11D");
    expect(vectorLiteral({ A: '桥', B: null, D: '路' })).toBe("'桥':1A '路':19D");
    expect(vectorLiteral({ B: ['交通', '出行'] })).toBe("'交通':1B '通':2B '出行':12B '行':13B");
  });
});

describe('defineSearchSubject', () => {
  const other = pgTable('st_other', { id: uuid('id').primaryKey(), v: tsvector('v') });
  it('refuses columns of another table, a vector that is not a tsvector and an odd type name', () => {
    const read = async () => [];
    expect(() =>
      defineSearchSubject({ type: 'note', store: { table: notes, id: notes.id, vector: other.v }, read }),
    ).toThrow(/columns of its table/);
    expect(() =>
      defineSearchSubject({ type: 'note', store: { table: notes, id: notes.id, vector: notes.title }, read }),
    ).toThrow(/not tsvector/);
    expect(() => defineSearchSubject({ ...noteSearch, type: 'Notes 2' })).toThrow(/lower-case/);
  });
});

/** PGlite, or a throw-away PostgreSQL database when TEST_DATABASE_URL is set: both must agree. */
describe('indexing a registered subject on a real database', () => {
  let database: Database;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  const find = (q: string, opts?: Parameters<typeof findInSubject>[3]) =>
    findInSubject(database.db, noteSearch, q, opts);
  const ids = async (q: string) => (await find(q)).map((h) => h.id);

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    scratch = serverUrl ? await createScratchDatabase(serverUrl, 'odp_search') : null;
    database = await openDatabase({ url: scratch?.url, dataDir: null });
    await database.db.execute(
      sql`create table st_note (id uuid primary key, title text not null, body text not null, search_vector tsvector)`,
    );
    await database.db.execute(sql`create index st_note_search_idx on st_note using gin (search_vector)`);
    await database.db.insert(notes).values([
      { id: TITLE_HIT, title: '新能源充电桩布点', body: '全市公共停车场的建设计划' },
      { id: BODY_HIT, title: '公共停车场名录', body: '含停车场地址、泊位数与充电桩数量' },
      { id: OTHER, title: '公交线路', body: '线路走向与站点' },
    ]);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('finds nothing before the records are indexed, and indexes exactly the ids given', async () => {
    expect(await ids('充电')).toEqual([]);
    expect(await refreshSearchIndex(database.db, noteSearch, [TITLE_HIT, BODY_HIT, TITLE_HIT])).toBe(2);
    const [other] = await database.db.select().from(notes).where(eq(notes.id, OTHER));
    expect(other.searchVector).toBeNull();
  });

  it('fills only the vectors nobody wrote yet (records from before the column)', async () => {
    const before = await database.db.select().from(notes).where(eq(notes.id, TITLE_HIT));
    expect(await indexUnindexed(database.db, [noteSearch])).toBe(1);
    expect(await ids('公交')).toEqual([OTHER]);
    const [title] = await database.db.select().from(notes).where(eq(notes.id, TITLE_HIT));
    expect(title.searchVector).toBe(before[0].searchVector);
    expect(await indexUnindexed(database.db, [noteSearch])).toBe(0);
    // Back to the state the following cases start from.
    await database.db.update(notes).set({ searchVector: null }).where(eq(notes.id, OTHER));
  });

  it('finds a record by one character and by two, anywhere in its texts', async () => {
    expect(await ids('桩')).toEqual([TITLE_HIT, BODY_HIT]);
    expect(await ids('充电')).toEqual([TITLE_HIT, BODY_HIT]);
    expect(await ids('公交')).toEqual([]);
  });

  it('ranks a title hit above a body hit by the weights', async () => {
    const [title, body] = await find('充电');
    expect(title.id).toBe(TITLE_HIT);
    expect(title.rank).toBeGreaterThan(body.rank);
  });

  it('narrows to what the caller may show, and pages', async () => {
    expect(await ids('充电 计划')).toEqual([TITLE_HIT]);
    expect((await find('充电', { where: sql`${notes.title} like '公共%'` })).map((h) => h.id)).toEqual([BODY_HIT]);
    expect((await find('充电', { limit: 1, offset: 1 })).map((h) => h.id)).toEqual([BODY_HIT]);
    expect(await find(' ，。')).toEqual([]);
  });

  it('follows a change once refreshed in the same transaction, and not on rollback', async () => {
    await database.db.transaction(async (tx) => {
      await tx.update(notes).set({ title: '公交充电站点' }).where(eq(notes.id, OTHER));
      await refreshSearchIndex(tx, noteSearch, [OTHER]);
    });
    // Two title hits rank alike and go by id.
    expect(await ids('充电')).toEqual([TITLE_HIT, OTHER, BODY_HIT]);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(notes).set({ title: '公交线路' }).where(eq(notes.id, OTHER));
        await refreshSearchIndex(tx, noteSearch, [OTHER]);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await ids('公交充电')).toEqual([OTHER]);
  });

  it('reindexes a whole subject in batches', async () => {
    await database.db.update(notes).set({ searchVector: null });
    expect(await ids('桩')).toEqual([]);
    expect(await reindexSearchSubject(database.db, noteSearch, { batchSize: 2 })).toBe(3);
    expect(await database.db.select().from(notes).where(isNull(notes.searchVector))).toEqual([]);
    expect(await ids('桩')).toEqual([TITLE_HIT, BODY_HIT]);
    expect(await reindexSearchSubjects(database.db, [noteSearch])).toEqual({ note: 3 });
    await expect(reindexSearchSubjects(database.db, [noteSearch, noteSearch])).rejects.toThrow(/twice/);
  });
});
