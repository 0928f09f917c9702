import type { Page, PageQuery } from '@odp/contracts';
import { and, count, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from '../../db/client.js';
import { logOperation } from '../audit/log.js';
import type { Actor } from '../auth/actor.js';
import { type DepartmentScope, departmentFilter, scopeMessages } from '../auth/scope.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { type DataRuleTarget, dataRuleCondition } from './data-rules.js';
import { orderBy, paginate } from './paging.js';

type Row = Record<string, unknown>;

/**
 * The declaration of a plain admin list (ARCHITECTURE §5): what the table is, which filters and
 * sorts are allowed, how a row is presented and what a create or an update writes. Behaviour that
 * differs from plain CRUD (workflows, trees, imports) does not belong here.
 */
export type ResourceSpec<TRow extends Row, Item, Create, Update extends { id: string }, Query extends PageQuery> = {
  /** Chinese name used in messages and the operation log, e.g. 用户. */
  label: string;
  table: PgTable;
  /** The table's `id` column (the property is `id` by convention, see db/schema/columns.ts). */
  id: AnyPgColumn;
  /** The table's `deletedAt` column for soft-deleted resources: rows with a value are hidden and deletes set it. */
  deletedAt?: AnyPgColumn;
  /** Whitelisted filters built from the parsed query; undefined entries are ignored. */
  filters(query: Query, actor: Actor): (SQL | undefined)[];
  sortable: Record<string, AnyPgColumn>;
  defaultOrder: SQL | AnyPgColumn;
  /** Presents a page of rows at once, so that related data is read in one query, not per row. */
  present(db: Executor, rows: TRow[]): Promise<Item[]>;
  /** Columns that must stay unique among live rows, with the message naming the field. */
  unique?: {
    column: AnyPgColumn;
    /** The input field the web highlights when the value is taken. */
    field: string;
    value: (input: Create | Update) => unknown;
    message: string;
    includeDeleted?: boolean;
  }[];
  toInsert(input: Create, actor: Actor): Promise<Row> | Row;
  toUpdate(input: Update, actor: Actor): Promise<Row> | Row;
  /**
   * Checks before a write, inside its transaction, that need more than one column (a name unique
   * within its department); `existing` is the row an update changes.
   */
  beforeWrite?(tx: Tx, input: Create | Update, actor: Actor, existing?: TRow): Promise<void>;
  /** Writes belonging to the same change (relations), inside its transaction. */
  afterWrite?(tx: Tx, id: string, input: Create | Update, actor: Actor): Promise<void>;
  /** Refuses a delete (by throwing) for reasons beyond scope, such as rows still in use; inside its transaction. */
  beforeRemove?(tx: Tx, rows: TRow[], actor: Actor): Promise<void>;
  /** What the operation log names as the target. */
  describe(row: TRow): string;
  /** The menu whose 数据规则 narrow the list, and the columns rules may name (see data-rules.ts). */
  dataRules?: DataRuleTarget;
  /** Rows belong to a department: others' rows are not listed, shown, changed or deleted. */
  scope?: DepartmentScope;
  /**
   * Rows belong to one user (this column holds the user's id): others' rows do not exist for the
   * caller (404 on read and change), whatever the caller's roles.
   */
  owner?: AnyPgColumn;
};

export function resourceService<TRow extends Row, Item, Create, Update extends { id: string }, Query extends PageQuery>(
  spec: ResourceSpec<TRow, Item, Create, Update, Query>,
) {
  const live = (extra: (SQL | undefined)[] = []) => and(spec.deletedAt ? isNull(spec.deletedAt) : undefined, ...extra);
  const inScope = (actor: Actor) => (spec.scope ? departmentFilter(actor, spec.scope) : undefined);
  const owned = (actor: Actor) => (spec.owner ? eq(spec.owner, actor.userId) : undefined);
  const notOwn = () => forbidden(scopeMessages(spec.label).notOwn);

  async function findRow(db: Executor, id: string, scope?: SQL): Promise<TRow | null> {
    const [row] = await db
      .select()
      .from(spec.table)
      .where(live([eq(spec.id, id), scope]))
      .limit(1);
    return (row as TRow | undefined) ?? null;
  }

  async function assertUnique(db: Executor, input: Create | Update, exceptId?: string) {
    for (const u of spec.unique ?? []) {
      const value = u.value(input);
      if (value === null || value === undefined || value === '') continue;
      const [hit] = await db
        .select({ n: count() })
        .from(spec.table)
        .where(
          and(u.includeDeleted ? undefined : live(), eq(u.column, value), exceptId ? ne(spec.id, exceptId) : undefined),
        );
      if (hit.n > 0) throw badRequest(u.message, { field: u.field });
    }
  }

  return {
    async list(db: Db, actor: Actor, query: Query): Promise<Page<Item>> {
      const rules = spec.dataRules
        ? await dataRuleCondition(db, actor, spec.dataRules.menuPath, spec.dataRules.columns)
        : undefined;
      const where = live([...spec.filters(query, actor), rules, inScope(actor), owned(actor)]);
      const page = await paginate(
        query,
        (limit, offset) =>
          db
            .select()
            .from(spec.table)
            .where(where)
            .orderBy(orderBy(query, spec.sortable, spec.defaultOrder))
            .limit(limit)
            .offset(offset) as Promise<TRow[]>,
        async () => (await db.select({ n: count() }).from(spec.table).where(where))[0].n,
      );
      return { ...page, records: await spec.present(db, page.records) };
    },

    /** A row outside the caller's scope is answered as missing: its existence is not disclosed. */
    async get(db: Db, actor: Actor, id: string): Promise<Item> {
      const row = await findRow(db, id, and(inScope(actor), owned(actor)));
      if (!row) throw notFound(`${spec.label}不存在或已删除`);
      const [item] = await spec.present(db, [row]);
      return item;
    },

    async create(db: Db, actor: Actor, input: Create): Promise<Item> {
      const row = await db.transaction(async (tx) => {
        await assertUnique(tx, input);
        await spec.beforeWrite?.(tx, input, actor);
        const [created] = (await tx
          .insert(spec.table)
          .values(await spec.toInsert(input, actor))
          .returning()) as TRow[];
        const id = String(created.id);
        await spec.afterWrite?.(tx, id, input, actor);
        await logOperation(tx, actor, {
          content: `新增${spec.label}：${spec.describe(created)}`,
          operateType: 'add',
          target: id,
        });
        return created;
      });
      const [item] = await spec.present(db, [row]);
      return item;
    },

    async update(db: Db, actor: Actor, input: Update): Promise<Item> {
      const row = await db.transaction(async (tx) => {
        const existing = await findRow(tx, input.id, owned(actor));
        if (!existing) throw notFound(`${spec.label}不存在或已删除`);
        if (spec.scope && !(await findRow(tx, input.id, inScope(actor)))) throw notOwn();
        await assertUnique(tx, input, input.id);
        await spec.beforeWrite?.(tx, input, actor, existing);
        const [updated] = (await tx
          .update(spec.table)
          .set(await spec.toUpdate(input, actor))
          .where(eq(spec.id, input.id))
          .returning()) as TRow[];
        await spec.afterWrite?.(tx, input.id, input, actor);
        await logOperation(tx, actor, {
          content: `编辑${spec.label}：${spec.describe(updated)}`,
          operateType: 'edit',
          target: input.id,
        });
        return updated;
      });
      const [item] = await spec.present(db, [row]);
      return item;
    },

    /** Soft-deletes when the resource has `deletedAt`, otherwise deletes; all ids or none. */
    async remove(db: Db, actor: Actor, ids: string[]): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = (await tx
          .select()
          .from(spec.table)
          .where(live([inArray(spec.id, ids), owned(actor)]))) as TRow[];
        if (rows.length !== ids.length) throw notFound(`部分${spec.label}不存在或已删除`);
        const scope = inScope(actor);
        if (scope) {
          const [{ n }] = await tx
            .select({ n: count() })
            .from(spec.table)
            .where(and(inArray(spec.id, ids), scope));
          if (n !== ids.length) throw notOwn();
        }
        await spec.beforeRemove?.(tx, rows, actor);
        if (spec.deletedAt) {
          await tx.update(spec.table).set({ deletedAt: new Date() }).where(inArray(spec.id, ids));
        } else {
          await tx.delete(spec.table).where(inArray(spec.id, ids));
        }
        await logOperation(tx, actor, {
          content: `删除${spec.label}：${rows.map(spec.describe).join('、')}`.slice(0, 1000),
          operateType: 'delete',
          target: ids.join(',').slice(0, 200),
        });
        return rows.length;
      });
    },
  };
}

export type ResourceService = ReturnType<typeof resourceService>;
