import { CATALOGUE_MACHINE, type CatalogueLogAction } from '@odp/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { catalogues, workflowHistory } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { recordHistory } from '../../../platform/workflow/history.js';

const CATALOGUE_SUBJECT = CATALOGUE_MACHINE.subject;

/** What the caller and their department look like in a 编目日志 row. */
export type LogAuthor = { actor: Actor; departName: string | null };

type EntryStates = { catalogStatus: number; shelfStatus: number };

const asState = (s: EntryStates) => ({ catalog: s.catalogStatus, shelf: s.shelfStatus });

/** A 编目日志 row for an edit that is not a transition (create, update, copy, import). */
export async function writeLog(
  tx: Executor,
  author: LogAuthor,
  row: { id: string } & EntryStates,
  action: CatalogueLogAction,
  comment: string | null = null,
  from?: EntryStates,
) {
  await recordHistory(tx, {
    subjectType: CATALOGUE_SUBJECT,
    subjectId: row.id,
    action,
    from: from ? asState(from) : null,
    to: asState(row),
    comment,
    actor: author.actor,
    departName: author.departName,
  });
}

const h = workflowHistory;
const axis = (column: typeof h.fromState | typeof h.toState, name: 'catalog' | 'shelf') =>
  sql<number | null>`(${column}->>${name})::smallint`;

/** The 编目日志 columns, read from the workflow history of catalogue entries. */
export const logColumns = {
  id: h.id,
  catalogId: h.subjectId,
  action: h.action,
  fromCatalogStatus: axis(h.fromState, 'catalog'),
  toCatalogStatus: axis(h.toState, 'catalog'),
  fromShelfStatus: axis(h.fromState, 'shelf'),
  toShelfStatus: axis(h.toState, 'shelf'),
  comment: h.comment,
  userId: h.userId,
  username: h.username,
  realname: h.realname,
  orgCode: h.orgCode,
  departName: h.departName,
  createdAt: h.createdAt,
};

const ofCatalogues = eq(h.subjectType, CATALOGUE_SUBJECT);

/** The 编目日志 rows of one entry, oldest first (as written). */
export function logRowsOf(db: Executor, catalogId: string) {
  return db
    .select(logColumns)
    .from(h)
    .where(and(ofCatalogues, eq(h.subjectId, catalogId)))
    .orderBy(h.createdAt, h.id);
}

export function selectLogs(db: Executor, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({ ...logColumns, catalogName: catalogues.catalogName, catalogCode: catalogues.catalogCode })
    .from(h)
    .innerJoin(catalogues, eq(catalogues.id, h.subjectId))
    .where(and(ofCatalogues, where))
    .orderBy(desc(h.createdAt), desc(h.id))
    .limit(limit)
    .offset(offset);
}

export async function countLogs(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(h)
    .innerJoin(catalogues, eq(catalogues.id, h.subjectId))
    .where(and(ofCatalogues, where));
  return Number(row.n);
}
