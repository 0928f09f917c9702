import { asc, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type SearchSubject, vectorLiteral } from './subject.js';

/** Records per statement: bounds the JSON parameter (item lists make vectors of several kB). */
const BATCH = 500;

/** Reads the texts of one batch and writes all its vectors in one statement. */
async function writeBatch(db: Executor, subject: SearchSubject, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const docs = await subject.read(db, ids);
  if (!docs.length) return 0;
  const { table, id, vector } = subject.store;
  // One JSON parameter rather than two per record: PGlite binds many separate parameters slowly.
  const rows = JSON.stringify(docs.map((d) => ({ id: d.id, v: vectorLiteral(d.texts) })));
  await db.execute(sql`update ${table} set ${sql.identifier(vector.name)} = x.v
    from jsonb_to_recordset(${rows}::jsonb) as x(id ${sql.raw(id.getSQLType())}, v tsvector)
    where ${id} = x.id`);
  return docs.length;
}

/**
 * Rebuilds the vectors of the given records from their texts as they are now. Call it in the
 * transaction of the change, after the change, so that the index commits (or rolls back) with it.
 * Returns the number of records indexed; ids of records that no longer exist are skipped.
 */
export async function refreshSearchIndex(
  db: Executor,
  subject: SearchSubject,
  ids: readonly string[],
): Promise<number> {
  const unique = [...new Set(ids)];
  let written = 0;
  for (let at = 0; at < unique.length; at += BATCH)
    written += await writeBatch(db, subject, unique.slice(at, at + BATCH));
  return written;
}

/**
 * Rebuilds every vector of a subject, in id order, a batch per transaction (a savepoint when the
 * caller is in one already): after the texts it draws on change wholesale (an upgrade of the
 * tokeniser, a renamed department, a seed that inserts directly). Each batch locks its rows first,
 * so that an edit committed meanwhile is either waited for or read, never overwritten with old text.
 */
export async function reindexSearchSubject(
  db: Executor,
  subject: SearchSubject,
  opts: { batchSize?: number } = {},
): Promise<number> {
  const size = opts.batchSize ?? BATCH;
  const { table, id } = subject.store;
  let after: string | undefined;
  let written = 0;
  for (;;) {
    const { ids, n } = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id })
        .from(table)
        .where(after === undefined ? undefined : gt(id, after))
        .orderBy(asc(id))
        .limit(size)
        .for('update');
      const batch = rows.map((r) => String(r.id));
      return { ids: batch, n: await writeBatch(tx, subject, batch) };
    });
    written += n;
    if (ids.length < size) return written;
    after = ids[ids.length - 1];
  }
}

/** Rebuilds every subject given, e.g. all registered ones after the tokeniser changed; counts by type. */
export async function reindexSearchSubjects(
  db: Executor,
  subjects: readonly SearchSubject[],
): Promise<Record<string, number>> {
  const types = subjects.map((s) => s.type);
  const twice = types.find((t, i) => types.indexOf(t) !== i);
  if (twice) throw new Error(`search subject ${twice} is registered twice`);
  const counts: Record<string, number> = {};
  for (const subject of subjects) counts[subject.type] = await reindexSearchSubject(db, subject);
  return counts;
}

/**
 * Fills the vectors nobody wrote yet: a vector column added by a migration to records that existed
 * before it. Run at start-up; a database whose vectors are all written reads one empty page per subject.
 */
export async function indexUnindexed(db: Executor, subjects: readonly SearchSubject[]): Promise<number> {
  let written = 0;
  for (const subject of subjects) {
    const { table, id, vector } = subject.store;
    for (;;) {
      const rows = await db.select({ id }).from(table).where(isNull(vector)).limit(BATCH);
      if (!rows.length) break;
      const n = await db.transaction((tx) =>
        writeBatch(
          tx,
          subject,
          rows.map((r) => String(r.id)),
        ),
      );
      written += n;
      // A batch whose records all vanished meanwhile writes nothing; stop rather than spin.
      if (n === 0) break;
    }
  }
  return written;
}
