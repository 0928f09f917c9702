import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { toTsvectorLiteral, type Weight } from './bigram.js';

export type { Weight as SearchWeight } from './bigram.js';

type Text = string | null | undefined;

/**
 * The texts a record is found by, by weight: A its name or title, B what it belongs to, C its
 * summary, D the rest. ts_rank counts A 1.0, B 0.4, C 0.2, D 0.1, so a name hit outranks a body hit.
 * Several texts of one weight are separate fields: a phrase never runs from one into the next.
 */
export type WeightedTexts = Partial<Record<Weight, Text | readonly Text[]>>;

/**
 * A kind of record the platform can index (a catalogue entry, a news item, …), declared by the
 * module that owns it. The platform never knows the module's tables but through this declaration.
 */
export type SearchSubject = {
  /** Stable name of the kind, e.g. catalogue: what a site-wide search and its tabs key on. */
  type: string;
  /**
   * Where the vector lives: a tsvector column on the subject's own table, keyed by `id`. Beside the
   * row, the vector is queried together with the row's own state (public or not, facets, order).
   */
  store: { table: PgTable; id: AnyPgColumn; vector: AnyPgColumn };
  /**
   * The weighted texts of the given records, read in one query on the caller's executor (which may
   * be the transaction of the change). Every record that still exists must be answered; records
   * that do not are left out.
   */
  read(db: Executor, ids: readonly string[]): Promise<{ id: string; texts: WeightedTexts }[]>;
};

const TYPE = /^[a-z][a-z0-9_-]{0,39}$/;
const WEIGHTS: readonly Weight[] = ['A', 'B', 'C', 'D'];

/**
 * Checks a declaration when the module loads, so that a column from the wrong table or a vector
 * column of another type fails at start-up rather than at the first edit.
 */
export function defineSearchSubject(subject: SearchSubject): SearchSubject {
  const { table, id, vector } = subject.store;
  if (!TYPE.test(subject.type)) throw new Error(`search subject type "${subject.type}" must be a lower-case name`);
  if (id.table !== table || vector.table !== table) {
    throw new Error(`search subject ${subject.type}: id and vector must be columns of its table`);
  }
  if (vector.getSQLType() !== 'tsvector') {
    throw new Error(`search subject ${subject.type}: ${vector.name} is ${vector.getSQLType()}, not tsvector`);
  }
  return subject;
}

/**
 * The tsvector literal of a record's weighted texts, A before B before C before D. A null text is
 * still a field (positions after it move on by the field gap); a weight left out has no field.
 */
export function vectorLiteral(texts: WeightedTexts): string {
  return toTsvectorLiteral(
    WEIGHTS.flatMap((weight) => {
      const value = texts[weight];
      const list: readonly Text[] = Array.isArray(value) ? value : value === undefined ? [] : [value as Text];
      return list.map((text) => ({ text, weight }));
    }),
  );
}
