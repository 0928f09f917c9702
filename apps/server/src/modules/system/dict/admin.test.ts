import { randomBytes } from 'node:crypto';
import { type DictItemRecord, type DictOption, type DictRecord, type Page, Perm } from '@odp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictItems, dicts, logs } from '../../../db/schema/index.js';
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

describe('GET /sys/dict/list', () => {
  it('needs a token and system:dict:list', async () => {
    expect((await call(ctx, 'GET', '/sys/dict/list')).status).toBe(401);
    expect((await call(ctx, 'GET', '/sys/dict/list', { token: plainToken })).status).toBe(403);
  });

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

  it('refuses a sort field outside the allowlist', async () => {
    const res = await call(ctx, 'GET', '/sys/dict/list', { token: readerToken, query: { sort: 'id' } });
    expect(res.status).toBe(400);
  });
});

describe('POST /sys/dict/add', () => {
  it('needs system:dict:add', async () => {
    const body = { dictName: '甲', dictCode: `t_${uniq()}` };
    expect((await call(ctx, 'POST', '/sys/dict/add', { body })).status).toBe(401);
    expect((await call(ctx, 'POST', '/sys/dict/add', { token: readerToken, body })).status).toBe(403);
    expect((await ctx.db.select().from(dicts).where(eq(dicts.dictCode, body.dictCode))).length).toBe(0);
  });

  it('creates a dictionary, known to getDictItems at once, with a log row', async () => {
    await call(ctx, 'GET', '/sys/dict/getDictItems/sex'); // the cache is warm before the change
    const dictCode = `t_${uniq()}`;
    const res = await call<DictRecord>(ctx, 'POST', '/sys/dict/add', {
      token: adminToken,
      body: { dictName: '新字典', dictCode, description: '说明' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ dictName: '新字典', dictCode, description: '说明' });
    expect((await logRows(res.body.result.id, 'add')).length).toBe(1);
    const items = await call<DictOption[]>(ctx, 'GET', `/sys/dict/getDictItems/${dictCode}`);
    expect(items.status).toBe(200);
    expect(items.body.result).toEqual([]);
  });

  it('answers 400 in Chinese and writes nothing for bad input or a taken code', async () => {
    const before = await dictCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ dictName: '', dictCode: 'abc' }, /请输入字典名称/],
      [{ dictName: '甲', dictCode: 'Abc' }, /字典编码须以小写字母开头/],
      [{ dictName: '甲', dictCode: 'a' }, /字典编码须以小写字母开头/],
      [{ dictName: '甲', dictCode: '1abc' }, /字典编码须以小写字母开头/],
      [{ dictName: '甲', dictCode: 'sex' }, /^字典编码已存在$/],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx, 'POST', '/sys/dict/add', { token: adminToken, body });
      expect(res.status, String(message)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await dictCount()).toBe(before);
  });
});

describe('PUT /sys/dict/edit', () => {
  it('needs system:dict:edit', async () => {
    const dict = await createDict();
    const body = { id: dict.id, dictName: '改', dictCode: dict.dictCode };
    expect((await call(ctx, 'PUT', '/sys/dict/edit', { body })).status).toBe(401);
    expect((await call(ctx, 'PUT', '/sys/dict/edit', { token: readerToken, body })).status).toBe(403);
  });

  it('renames a dictionary and changes its code, with a log row', async () => {
    const dict = await createDict();
    const dictCode = `t_${uniq()}`;
    const res = await call<DictRecord>(ctx, 'PUT', '/sys/dict/edit', {
      token: adminToken,
      body: { id: dict.id, dictName: '改过的字典', dictCode },
    });
    expect(res.status).toBe(200);
    const [row] = await ctx.db.select().from(dicts).where(eq(dicts.id, dict.id));
    expect(row).toMatchObject({ dictName: '改过的字典', dictCode });
    expect((await logRows(dict.id, 'edit')).length).toBe(1);
    expect((await call(ctx, 'GET', `/sys/dict/getDictItems/${dictCode}`)).status).toBe(200);
    expect((await call(ctx, 'GET', `/sys/dict/getDictItems/${dict.dictCode}`)).status).toBe(400);
  });

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
  it('needs system:dict:delete', async () => {
    const dict = await createDict();
    const query = { id: dict.id };
    expect((await call(ctx, 'DELETE', '/sys/dict/delete', { query })).status).toBe(401);
    expect((await call(ctx, 'DELETE', '/sys/dict/delete', { token: readerToken, query })).status).toBe(403);
    expect((await ctx.db.select().from(dicts).where(eq(dicts.id, dict.id))).length).toBe(1);
  });

  it('deletes a dictionary with its items, gone from getDictItems at once, with a log row', async () => {
    const dict = await createDict();
    await createItem(dict.id, '1');
    await createItem(dict.id, '2');
    expect((await call(ctx, 'GET', `/sys/dict/getDictItems/${dict.dictCode}`)).status).toBe(200);
    const res = await call(ctx, 'DELETE', '/sys/dict/delete', { token: adminToken, query: { id: dict.id } });
    expect(res.status).toBe(200);
    expect((await ctx.db.select().from(dicts).where(eq(dicts.id, dict.id))).length).toBe(0);
    expect((await ctx.db.select().from(dictItems).where(eq(dictItems.dictId, dict.id))).length).toBe(0);
    expect((await logRows(dict.id, 'delete')).length).toBe(1);
    expect((await call(ctx, 'GET', `/sys/dict/getDictItems/${dict.dictCode}`)).status).toBe(400);
  });

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

  it('answers 400 for a malformed id', async () => {
    const res = await call(ctx, 'DELETE', '/sys/dict/delete', { token: adminToken, query: { id: 'x' } });
    expect(res.status).toBe(400);
  });
});

describe('GET /sys/dictItem/list', () => {
  it('needs a token and system:dict:list', async () => {
    const dict = await createDict();
    expect((await call(ctx, 'GET', '/sys/dictItem/list', { query: { dictId: dict.id } })).status).toBe(401);
    expect(
      (await call(ctx, 'GET', '/sys/dictItem/list', { token: plainToken, query: { dictId: dict.id } })).status,
    ).toBe(403);
  });

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
  it('needs system:dict:add', async () => {
    const dict = await createDict();
    const body = { dictId: dict.id, itemText: '甲', itemValue: '1', sortOrder: 1, status: 1 };
    expect((await call(ctx, 'POST', '/sys/dictItem/add', { body })).status).toBe(401);
    expect((await call(ctx, 'POST', '/sys/dictItem/add', { token: readerToken, body })).status).toBe(403);
    expect((await ctx.db.select().from(dictItems).where(eq(dictItems.dictId, dict.id))).length).toBe(0);
  });

  it('adds an item that getDictItems shows at once, with a log row', async () => {
    const dict = await createDict();
    await createItem(dict.id, '2', { sortOrder: 5 });
    expect((await call<DictOption[]>(ctx, 'GET', `/sys/dict/getDictItems/${dict.dictCode}`)).body.result).toHaveLength(
      1,
    );
    const res = await call<DictItemRecord>(ctx, 'POST', '/sys/dictItem/add', {
      token: adminToken,
      body: { dictId: dict.id, itemText: '甲', itemValue: '1', itemColor: 'blue', sortOrder: 1, status: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ dictId: dict.id, itemText: '甲', itemValue: '1', itemColor: 'blue' });
    expect((await logRows(res.body.result.id, 'add')).length).toBe(1);
    const items = await call<DictOption[]>(ctx, 'GET', `/sys/dict/getDictItems/${dict.dictCode}`);
    expect(items.body.result.map((i) => [i.value, i.color])).toEqual([
      ['1', 'blue'],
      ['2', null],
    ]);
  });

  it('answers 400 and writes nothing for bad input, a taken value or an unknown dictionary', async () => {
    const dict = await createDict();
    await createItem(dict.id, 'x');
    const before = await itemCount();
    const ok = { dictId: dict.id, itemText: '甲', itemValue: 'y', sortOrder: 1, status: 1 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...ok, itemText: '' }, /请输入名称/],
      [{ ...ok, itemValue: ' ' }, /请输入数据值/],
      [{ ...ok, status: 2 }, /状态只能是/],
      [{ ...ok, sortOrder: -1 }, /排序不能小于 0/],
      [{ ...ok, itemColor: 'red;x' }, /颜色/],
      [{ ...ok, itemValue: 'x' }, /^数据值已存在$/],
      [{ ...ok, dictId: '00000000-0000-4000-8000-000000000000' }, /^字典不存在或已删除$/],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx, 'POST', '/sys/dictItem/add', { token: adminToken, body });
      expect(res.status, String(message)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await itemCount()).toBe(before);
  });

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
  it('needs system:dict:edit', async () => {
    const dict = await createDict();
    const item = await createItem(dict.id, '1');
    const body = { id: item.id, itemText: '改', itemValue: '1', sortOrder: 1, status: 0 };
    expect((await call(ctx, 'PUT', '/sys/dictItem/edit', { body })).status).toBe(401);
    expect((await call(ctx, 'PUT', '/sys/dictItem/edit', { token: readerToken, body })).status).toBe(403);
    expect((await ctx.db.select().from(dictItems).where(eq(dictItems.id, item.id)))[0].status).toBe(1);
  });

  it('disables an item, which leaves getDictItems right after the edit, with a log row', async () => {
    const dict = await createDict();
    const item = await createItem(dict.id, '1', { sortOrder: 1 });
    await createItem(dict.id, '2', { sortOrder: 2 });
    const values = async () =>
      (await call<DictOption[]>(ctx, 'GET', `/sys/dict/getDictItems/${dict.dictCode}`)).body.result.map((i) => i.value);
    expect(await values()).toEqual(['1', '2']);
    const res = await call<DictItemRecord>(ctx, 'PUT', '/sys/dictItem/edit', {
      token: adminToken,
      body: { id: item.id, itemText: '停用的项', itemValue: '1', sortOrder: 1, status: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ itemText: '停用的项', status: 0 });
    expect(await values()).toEqual(['2']);
    expect((await logRows(item.id, 'edit')).length).toBe(1);
  });

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
  it('needs system:dict:delete', async () => {
    const dict = await createDict();
    const item = await createItem(dict.id, '1');
    const query = { id: item.id };
    expect((await call(ctx, 'DELETE', '/sys/dictItem/delete', { query })).status).toBe(401);
    expect((await call(ctx, 'DELETE', '/sys/dictItem/delete', { token: readerToken, query })).status).toBe(403);
    expect((await ctx.db.select().from(dictItems).where(eq(dictItems.id, item.id))).length).toBe(1);
  });

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

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call(ctx, 'DELETE', '/sys/dictItem/delete', { token: adminToken, query: { id: '1' } })).status).toBe(
      400,
    );
    const missing = await call(ctx, 'DELETE', '/sys/dictItem/delete', {
      token: adminToken,
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
  });
});
