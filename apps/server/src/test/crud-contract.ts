import type { Page } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { logs } from '../db/schema/index.js';
import { call, type TestContext } from './harness.js';

type Body = Record<string, unknown>;
type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An add the list must refuse: the status (400 unless said), the message (a string it contains) and the result. */
export type RefusedInput = { body: Body; message: RegExp | string; status?: number; result?: unknown };

export type CrudContract<Item extends { id: string | number }> = {
  /** What one record is called, e.g. 角色: it names the tests. */
  label: string;
  /** Path prefix, e.g. `/sys/role`: the routes are `list`, `add`, `edit` and `delete` under it. */
  base: string;
  ctx: () => TestContext;
  /**
   * `editor` holds every permission of the list; `stranger` is signed in without any of them;
   * `reader`, when the list has one, may list but not change.
   */
  tokens: () => { editor: string; stranger: string; reader?: string };
  /** Where the records are stored, to count them and read one back. */
  table: PgTable;
  id: AnyPgColumn;
  /** `delete` removes the row, `soft` sets its deletedAt; false where the list has no delete route. */
  remove: 'delete' | 'soft' | false;
  /** A valid add, different each time it is asked for (codes and names that must be unique). */
  create: () => Body | Promise<Body>;
  /** The list query that finds the added record and nothing else. */
  find: (added: Item) => Record<string, string>;
  /** What the list shows of the added record: by default all that the add answered. */
  listed?: (added: Item) => Partial<Item>;
  /** A valid edit of the added record. */
  edit: (added: Item) => Body | Promise<Body>;
  /** Adds the list refuses, writing nothing; asked for before counting, so it may create what it refers to. */
  refused: () => RefusedInput[] | Promise<RefusedInput[]>;
  /** What a change means beyond the list's own table (the answer, caches, other lists), checked after it. */
  after?: {
    add?: (added: Item, row: Row, sent: Body) => Promise<void> | void;
    edit?: (edited: Item, row: Row, sent: Body, added: Item) => Promise<void> | void;
    /** Given the record as the edit left it. */
    delete?: (removed: Item) => Promise<void> | void;
  };
  /** State the checks after a change compare with, made before it (a warm cache, related rows). */
  before?: { add?: (sent: Body) => Promise<void>; delete?: (edited: Item) => Promise<void> };
};

/**
 * The routes every plain admin list shares (platform/resource/routes.ts): each needs a token and its
 * permission and writes nothing without them; bad input is a 400 in Chinese that writes nothing; a
 * record goes through add, list, edit and delete with the shared messages and one log row per change;
 * unknown sort fields and malformed or unknown ids are refused. What a list does beyond that stays
 * in the module's own tests, or in `after`.
 */
export function describeCrudRoutes<Item extends { id: string | number }>(contract: CrudContract<Item>): void {
  const { label, base, table, id: idColumn } = contract;
  const { ctx } = contract;
  const count = () => ctx().db.$count(table);
  const stored = async (id: Item['id']) => ((await ctx().db.select().from(table).where(eq(idColumn, id))) as Row[])[0];
  const logged = (id: Item['id'], operateType: string) =>
    ctx()
      .db.select()
      .from(logs)
      .where(and(eq(logs.target, String(id)), eq(logs.operateType, operateType)));
  const add = async () => {
    const res = await call<Item>(ctx(), 'POST', `${base}/add`, {
      token: contract.tokens().editor,
      body: await contract.create(),
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body.result;
  };

  describe(`${label}: the shared list, add, edit and delete routes`, () => {
    it('need a token and the permission, and write nothing without them', async () => {
      const { stranger, reader } = contract.tokens();
      const added = await add();
      const before = { count: await count(), row: await stored(added.id) };
      const requests: [Method, string, { query?: Record<string, string>; body?: unknown }][] = [
        ['GET', 'list', { query: contract.find(added) }],
        ['POST', 'add', { body: await contract.create() }],
        ['PUT', 'edit', { body: await contract.edit(added) }],
      ];
      if (contract.remove) requests.push(['DELETE', 'delete', { query: { id: String(added.id) } }]);
      for (const [method, route, opts] of requests) {
        const path = `${base}/${route}`;
        expect((await call(ctx(), method, path, opts)).status, `${path} without a token`).toBe(401);
        expect((await call(ctx(), method, path, { ...opts, token: stranger })).status, `${path} by a stranger`).toBe(
          403,
        );
        if (reader) {
          const status = (await call(ctx(), method, path, { ...opts, token: reader })).status;
          expect(status, `${path} by a reader`).toBe(route === 'list' ? 200 : 403);
        }
      }
      expect(await count()).toBe(before.count);
      expect(await stored(added.id)).toEqual(before.row);
    });

    it('refuse bad input with a Chinese message, writing nothing', async () => {
      const cases = await contract.refused();
      expect(cases.length).toBeGreaterThan(0);
      const before = await count();
      for (const { body, message, status = 400, result } of cases) {
        const res = await call(ctx(), 'POST', `${base}/add`, { token: contract.tokens().editor, body });
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
        if (typeof message === 'string') expect(res.body.message).toContain(message);
        else expect(res.body.message).toMatch(message);
        if (result !== undefined) expect(res.body.result).toEqual(result);
      }
      expect(await count()).toBe(before);
    });

    it('add, list, edit and delete a record, logging each change', async () => {
      const { editor, reader } = contract.tokens();
      const sent = await contract.create();
      await contract.before?.add?.(sent);
      const added = await call<Item>(ctx(), 'POST', `${base}/add`, { token: editor, body: sent });
      expect(added.status, added.body.message).toBe(200);
      expect(added.body.message).toBe('添加成功');
      const item = added.body.result;
      const row = await stored(item.id);
      expect(row).toBeDefined();
      expect(await logged(item.id, 'add')).toHaveLength(1);
      await contract.after?.add?.(item, row, sent);

      const query = contract.find(item);
      const list = await call<Page<Item>>(ctx(), 'GET', `${base}/list`, { token: reader ?? editor, query });
      expect(list.status).toBe(200);
      expect(list.body.result.records.map((r) => r.id)).toEqual([item.id]);
      expect(list.body.result.records[0]).toMatchObject(contract.listed?.(item) ?? item);
      const badSort = await call(ctx(), 'GET', `${base}/list`, {
        token: editor,
        query: { ...query, sort: 'password' },
      });
      expect(badSort.status).toBe(400);
      expect(badSort.body.message).toContain('不支持按 password 排序');

      const edit = await contract.edit(item);
      const edited = await call<Item>(ctx(), 'PUT', `${base}/edit`, { token: editor, body: edit });
      expect(edited.status, edited.body.message).toBe(200);
      expect(edited.body.message).toBe('修改成功');
      expect(await logged(item.id, 'edit')).toHaveLength(1);
      const current = edited.body.result;
      await contract.after?.edit?.(current, await stored(item.id), edit, item);

      if (!contract.remove) return;
      await contract.before?.delete?.(current);
      const byId = { id: String(item.id) };
      const removed = await call(ctx(), 'DELETE', `${base}/delete`, { token: editor, query: byId });
      expect(removed.status, removed.body.message).toBe(200);
      expect(removed.body.message).toBe('删除成功');
      if (contract.remove === 'soft') expect((await stored(item.id))?.deletedAt).toBeInstanceOf(Date);
      else expect(await stored(item.id)).toBeUndefined();
      expect(await logged(item.id, 'delete')).toHaveLength(1);
      await contract.after?.delete?.(current);
      expect((await call(ctx(), 'DELETE', `${base}/delete`, { token: editor, query: byId })).status).toBe(404);
    });

    if (contract.remove) {
      it('refuse to delete by a malformed id', async () => {
        const res = await call(ctx(), 'DELETE', `${base}/delete`, {
          token: contract.tokens().editor,
          query: { id: 'x' },
        });
        expect(res.status).toBe(400);
      });
    }
  });
}
