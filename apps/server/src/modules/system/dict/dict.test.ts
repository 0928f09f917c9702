import { randomBytes } from 'node:crypto';
import type { AllDictItems, DictOption } from '@odp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictItems, dicts } from '../../../db/schema/index.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { loadAllDictItems } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A dictionary of its own for one test: items given as [value, text, sortOrder, status]. */
async function createDict(items: [string, string, number, number][]) {
  const dictCode = `t_${randomBytes(4).toString('hex')}`;
  const [dict] = await ctx.db.insert(dicts).values({ dictCode, dictName: '测试字典' }).returning();
  if (items.length) {
    await ctx.db.insert(dictItems).values(
      items.map(([itemValue, itemText, sortOrder, status]) => ({
        dictId: dict.id,
        itemValue,
        itemText,
        sortOrder,
        status,
      })),
    );
  }
  return dict;
}

describe('GET /sys/dict/queryAllDictItems', () => {
  it('needs a signed-in user', async () => {
    const res = await call(ctx, 'GET', '/sys/dict/queryAllDictItems');
    expect(res.status).toBe(401);
  });

  it('answers every dictionary with its enabled items in order', async () => {
    await ctx.app.inject({ method: 'GET', url: `${ctx.base}/sys/dict/getDictItems/sex` }); // warm the cache first
    const dict = await createDict([
      ['b', '乙', 2, 1],
      ['a', '甲', 1, 1],
      ['x', '停用项', 0, 0],
    ]);
    const { token } = await signedIn(ctx);
    await call(ctx, 'GET', '/sys/dict/refleshCache', { token });
    const res = await call<AllDictItems>(ctx, 'GET', '/sys/dict/queryAllDictItems', { token });
    expect(res.status).toBe(200);
    expect(res.body.result[dict.dictCode]).toEqual([
      { value: 'a', text: '甲', label: '甲', color: null },
      { value: 'b', text: '乙', label: '乙', color: null },
    ]);
    expect(res.body.result.key_areas_type).toHaveLength(21);
    expect(res.body.result.priority.map((o) => [o.value, o.text, o.color])).toEqual([
      ['L', '一般消息', 'blue'],
      ['M', '重要消息', 'orange'],
      ['H', '紧急消息', 'red'],
    ]);
    expect(Object.keys(res.body.result).length).toBeGreaterThanOrEqual(55);
  });
});

describe('GET /sys/dict/getDictItems/:code', () => {
  it('is public and answers the items of one dictionary', async () => {
    const res = await call<DictOption[]>(ctx, 'GET', '/sys/dict/getDictItems/open_type');
    expect(res.status).toBe(200);
    expect(res.body.result.map((o) => [o.value, o.label])).toEqual([
      ['1', '无条件开放'],
      ['2', '有条件开放'],
      ['3', '不予开放'],
    ]);
  });

  it('answers an empty list for a dictionary without enabled items', async () => {
    const dict = await createDict([['x', '停用项', 1, 0]]);
    const { token } = await signedIn(ctx);
    await call(ctx, 'GET', '/sys/dict/refleshCache', { token });
    const res = await call<DictOption[]>(ctx, 'GET', `/sys/dict/getDictItems/${dict.dictCode}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([]);
  });

  it('refuses an unknown code with 400', async () => {
    for (const code of ['no_such_dict', '__proto__', 'constructor', 'x'.repeat(100)]) {
      const res = await call(ctx, 'GET', `/sys/dict/getDictItems/${code}`);
      expect(res.status, code).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, code).toMatch(/字典编码/);
    }
    expect((await call(ctx, 'GET', '/sys/dict/getDictItems/no_such_dict')).body.message).toBe('字典编码不存在');
    // Fastify itself refuses path parameters past 100 characters.
    expect((await call(ctx, 'GET', `/sys/dict/getDictItems/${'x'.repeat(101)}`)).status).toBe(414);
  });
});

describe('GET /sys/dict/refleshCache', () => {
  it('needs a signed-in user', async () => {
    expect((await call(ctx, 'GET', '/sys/dict/refleshCache')).status).toBe(401);
  });

  it('reloads the cache so that a new dictionary shows at once', async () => {
    const { token } = await signedIn(ctx);
    await loadAllDictItems(ctx.db); // cached
    const dict = await createDict([['1', '新项', 1, 1]]);
    expect((await loadAllDictItems(ctx.db))[dict.dictCode]).toBeUndefined();
    const res = await call(ctx, 'GET', '/sys/dict/refleshCache', { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('刷新缓存完成！');
    expect((await loadAllDictItems(ctx.db))[dict.dictCode]).toEqual([
      { value: '1', text: '新项', label: '新项', color: null },
    ]);
  });

  it('hands out copies, so callers cannot change the cache', async () => {
    const first = await loadAllDictItems(ctx.db);
    first.sex[0].text = '改过';
    first.sex.length = 0;
    const again = await loadAllDictItems(ctx.db);
    expect(again.sex[0].text).toBe('男');
  });
});
