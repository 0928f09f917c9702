import { randomBytes } from 'node:crypto';
import { type DictItemRecord, type DictOption, type DictRecord, type Page, Perm } from '@odp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictItems, dicts, logs } from '../../../db/schema/index.js';
import { describeCrudRoutes } from '../../../test/crud-contract.js';
import { signedIn, signedInWith } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { invalidateDictCache } from './service.js';

let ctx: TestContext;
/** Holds every dictionary permission. */
let adminToken: string;
/** Signed in, without any dictionary permission. */
let plainToken: string;
/** May list dictionaries but not change them. */
let readerToken: string;

const uniq = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await signedInWith(ctx, [Perm.dictList, Perm.dictAdd, Perm.dictEdit, Perm.dictDelete])).token;
  plainToken = (await signedIn(ctx)).token;
  readerToken = (await signedInWith(ctx, [Perm.dictList])).token;
});
afterAll(() => ctx.close());

/** Rows written directly stand for earlier state, so the cache forgets them like after a change through the API. */
async function createDict(dictCode = `t_${uniq()}`) {
  const [dict] = await ctx.db.insert(dicts).values({ dictCode, dictName: '测试字典' }).returning();
  invalidateDictCache(ctx.db);
  return dict;
}

async function createItem(dictId: string, itemValue: string, overrides: Partial<typeof dictItems.$inferInsert> = {}) {
  const [item] = await ctx.db
    .insert(dictItems)
    .values({ dictId, itemValue, itemText: `项${itemValue}`, sortOrder: 1, status: 1, ...overrides })
    .returning();
  invalidateDictCache(ctx.db);
  return item;
}

const logRows = (target: string, operateType: string) =>
  ctx.db
    .select()
    .from(logs)
    .where(and(eq(logs.target, target), eq(logs.operateType, operateType)));

const dictCount = async () => (await ctx.db.select().from(dicts)).length;
const itemCount = async () => (await ctx.db.select().from(dictItems)).length;

/** The labels getDictItems answers for a code (enabled items, in order), or its status when refused. */
const dictItemsOf = async (dictCode: string) => {
  const res = await call<DictOption[]>(ctx, 'GET', `/sys/dict/getDictItems/${dictCode}`);
  return res.status === 200 ? res.body.result : res.status;
};

const codeOf = async (dictId: string) => (await ctx.db.select().from(dicts).where(eq(dicts.id, dictId)))[0].dictCode;

describeCrudRoutes<DictRecord>({
  label: '字典',
  base: '/sys/dict',
  ctx: () => ctx,
  tokens: () => ({ editor: adminToken, reader: readerToken, stranger: plainToken }),
  table: dicts,
  id: dicts.id,
  remove: 'delete',
  create: () => ({ dictName: '新字典', dictCode: `t_${uniq()}`, description: '说明' }),
  find: (dict) => ({ dictCode: dict.dictCode }),
  edit: (dict) => ({ id: dict.id, dictName: '改过的字典', dictCode: `t_${uniq()}` }),
  refused: () => [
    { body: { dictName: '', dictCode: 'abc' }, message: /请输入字典名称/ },
    { body: { dictName: '甲', dictCode: 'Abc' }, message: /字典编码须以小写字母开头/ },
    { body: { dictName: '甲', dictCode: 'a' }, message: /字典编码须以小写字母开头/ },
    { body: { dictName: '甲', dictCode: '1abc' }, message: /字典编码须以小写字母开头/ },
    { body: { dictName: '甲', dictCode: 'sex' }, message: /^字典编码已存在$/ },
  ],
  before: {
    // The cache is warm before each change, so the checks after it see it forgotten.
    add: async () => {
      await dictItemsOf('sex');
    },
    delete: async (dict) => {
      await createItem(dict.id, '1');
      await createItem(dict.id, '2');
      expect(await dictItemsOf(dict.dictCode)).toHaveLength(2);
    },
  },
  after: {
    add: async (dict, _row, sent) => {
      expect(dict).toMatchObject(sent);
      expect(await dictItemsOf(dict.dictCode)).toEqual([]);
    },
    edit: async (_dict, row, sent, added) => {
      expect(row).toMatchObject({ dictName: '改过的字典', dictCode: sent.dictCode });
      expect(await dictItemsOf(String(sent.dictCode))).toEqual([]);
      expect(await dictItemsOf(added.dictCode)).toBe(400);
    },
    delete: async (dict) => {
      expect(await ctx.db.select().from(dictItems).where(eq(dictItems.dictId, dict.id))).toEqual([]);
      expect(await dictItemsOf(dict.dictCode)).toBe(400);
    },
  },
});

describeCrudRoutes<DictItemRecord>({
  label: '字典项',
  base: '/sys/dictItem',
  ctx: () => ctx,
  tokens: () => ({ editor: adminToken, reader: readerToken, stranger: plainToken }),
  table: dictItems,
  id: dictItems.id,
  remove: 'delete',
  create: async () => ({
    dictId: (await createDict()).id,
    itemText: '甲',
    itemValue: '1',
    itemColor: 'blue',
    sortOrder: 1,
    status: 1,
  }),
  find: (item) => ({ dictId: item.dictId, itemText: item.itemText }),
  edit: (item) => ({ id: item.id, itemText: '停用的项', itemValue: item.itemValue, sortOrder: 1, status: 0 }),
  refused: async () => {
    const dict = await createDict();
    await createItem(dict.id, 'x');
    const ok = { dictId: dict.id, itemText: '甲', itemValue: 'y', sortOrder: 1, status: 1 };
    return [
      { body: { ...ok, itemText: '' }, message: /请输入名称/ },
      { body: { ...ok, itemValue: ' ' }, message: /请输入数据值/ },
      { body: { ...ok, status: 2 }, message: /状态只能是/ },
      { body: { ...ok, sortOrder: -1 }, message: /排序不能小于 0/ },
      { body: { ...ok, itemColor: 'red;x' }, message: /颜色/ },
      { body: { ...ok, itemValue: 'x' }, message: /^数据值已存在$/ },
      { body: { ...ok, dictId: '00000000-0000-4000-8000-000000000000' }, message: /^字典不存在或已删除$/ },
    ];
  },
  before: {
    // Another item of the dictionary, and the cache warm, before the add.
    add: async (sent) => {
      const dict = (
        await ctx.db
          .select()
          .from(dicts)
          .where(eq(dicts.id, String(sent.dictId)))
      )[0];
      await createItem(dict.id, '2', { sortOrder: 5 });
      expect(await dictItemsOf(dict.dictCode)).toHaveLength(1);
    },
  },
  after: {
    add: async (item) => {
      expect(item).toMatchObject({ itemText: '甲', itemValue: '1', itemColor: 'blue' });
      const items = await dictItemsOf(await codeOf(item.dictId));
      expect(Array.isArray(items) && items.map((i) => [i.value, i.color])).toEqual([
        ['1', 'blue'],
        ['2', null],
      ]);
    },
    // A disabled item leaves getDictItems right after the edit.
    edit: async (item) => {
      expect(item).toMatchObject({ itemText: '停用的项', status: 0 });
      const items = await dictItemsOf(await codeOf(item.dictId));
      expect(Array.isArray(items) && items.map((i) => i.value)).toEqual(['2']);
    },
  },
});

describe('GET /sys/dict/list', () => {
  it('pages and searches by name and code', async () => {
    const dict = await createDict();
    const res = await call<Page<DictRecord>>(ctx, 'GET', '/sys/dict/list', {
      token: readerToken,
      query: { dictCode: dict.dictCode, pageNo: '1', pageSize: '10' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(res.body.result.records[0]).toMatchObject({ id: dict.id, dictCode: dict.dictCode, dictName: '测试字典' });
    const byName = await call<Page<DictRecord>>(ctx, 'GET', '/sys/dict/list', {
      token: readerToken,
      query: { dictName: '性别' },
    });
    expect(byName.body.result.records.map((d) => d.dictCode)).toContain('sex');
  });
});

describe('PUT /sys/dict/edit', () => {
  it('refuses a taken code and a new code for a system dictionary, changing nothing', async () => {
    const dict = await createDict();
    const taken = await call(ctx, 'PUT', '/sys/dict/edit', {
      token: adminToken,
      body: { id: dict.id, dictName: '甲', dictCode: 'sex' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('字典编码已存在');
    const [sex] = await ctx.db.select().from(dicts).where(eq(dicts.dictCode, 'sex'));
    const renamed = await call(ctx, 'PUT', '/sys/dict/edit', {
      token: adminToken,
      body: { id: sex.id, dictName: '性别', dictCode: 'gender' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe('系统字典的编码不能修改');
    expect((await ctx.db.select().from(dicts).where(eq(dicts.id, dict.id)))[0].dictName).toBe('测试字典');
    expect((await ctx.db.select().from(dicts).where(eq(dicts.id, sex.id)))[0].dictCode).toBe('sex');
    expect((await logRows(dict.id, 'edit')).length).toBe(0);
  });
});

describe('DELETE /sys/dict/delete', () => {
  it('refuses every seeded dictionary, deleting nothing', async () => {
    const seeded = await ctx.db
      .select()
      .from(dicts)
      .where(inArray(dicts.dictCode, ['sex', 'user_status', 'open_type', 'priority']));
    expect(seeded).toHaveLength(4);
    const before = [await dictCount(), await itemCount()];
    for (const dict of seeded) {
      const res = await call(ctx, 'DELETE', '/sys/dict/delete', { token: adminToken, query: { id: dict.id } });
      expect(res.status, dict.dictCode).toBe(400);
      expect(res.body.message).toBe('系统字典不能删除');
    }
    expect([await dictCount(), await itemCount()]).toEqual(before);
  });
});

describe('GET /sys/dictItem/list', () => {
  it('answers the items of one dictionary in sort order, disabled ones included', async () => {
    const dict = await createDict();
    await createItem(dict.id, 'b', { sortOrder: 2 });
    await createItem(dict.id, 'a', { sortOrder: 1 });
    await createItem(dict.id, 'c', { sortOrder: 3, status: 0 });
    await createItem((await createDict()).id, 'other');
    const res = await call<Page<DictItemRecord>>(ctx, 'GET', '/sys/dictItem/list', {
      token: readerToken,
      query: { dictId: dict.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.total).toBe(3);
    expect(res.body.result.records.map((i) => [i.itemValue, i.status])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 0],
    ]);
  });

  it('needs the dictionary id', async () => {
    expect((await call(ctx, 'GET', '/sys/dictItem/list', { token: readerToken })).status).toBe(400);
  });
});

describe('POST /sys/dictItem/add', () => {
  it('allows the same value in another dictionary', async () => {
    const other = await createDict();
    await createItem((await createDict()).id, 'same');
    const res = await call(ctx, 'POST', '/sys/dictItem/add', {
      token: adminToken,
      body: { dictId: other.id, itemText: '同值', itemValue: 'same', sortOrder: 1, status: 1 },
    });
    expect(res.status).toBe(200);
  });
});

describe('PUT /sys/dictItem/edit', () => {
  it('refuses a value another item of the dictionary has, changing nothing', async () => {
    const dict = await createDict();
    const item = await createItem(dict.id, '1');
    await createItem(dict.id, '2');
    const res = await call(ctx, 'PUT', '/sys/dictItem/edit', {
      token: adminToken,
      body: { id: item.id, itemText: '改', itemValue: '2', sortOrder: 1, status: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('数据值已存在');
    expect((await ctx.db.select().from(dictItems).where(eq(dictItems.id, item.id)))[0]).toMatchObject({
      itemText: item.itemText,
      itemValue: '1',
    });
    expect((await logRows(item.id, 'edit')).length).toBe(0);
  });
});

describe('DELETE /sys/dictItem/delete', () => {
  it('deletes an item, gone from getDictItems at once, with a log row', async () => {
    const dict = await createDict();
    const item = await createItem(dict.id, '1');
    expect((await call<DictOption[]>(ctx, 'GET', `/sys/dict/getDictItems/${dict.dictCode}`)).body.result).toHaveLength(
      1,
    );
    const res = await call(ctx, 'DELETE', '/sys/dictItem/delete', { token: adminToken, query: { id: item.id } });
    expect(res.status).toBe(200);
    expect((await ctx.db.select().from(dictItems).where(eq(dictItems.id, item.id))).length).toBe(0);
    expect((await logRows(item.id, 'delete')).length).toBe(1);
    expect((await call<DictOption[]>(ctx, 'GET', `/sys/dict/getDictItems/${dict.dictCode}`)).body.result).toEqual([]);
  });
});
