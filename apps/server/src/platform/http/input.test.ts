import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicts, tenants, users } from '../../db/schema/index.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { ok } from './envelope.js';
import { installErrorHandler } from './error-handler.js';
import { MALFORMED_JSON_MESSAGE, NUL_MESSAGE } from './input-guard.js';

let ctx: TestContext;
let admin: string;
const uniq = () => randomBytes(4).toString('hex');
const dictCount = async () => (await ctx.db.select({ n: count() }).from(dicts))[0].n;
const chinese = /[\u4e00-\u9fff]/;

/** A raw request, for bodies the harness would encode as JSON. */
const raw = (method: 'POST' | 'PUT', path: string, payload: string, token?: string) =>
  ctx.app.inject({
    method,
    url: `${ctx.base}${path}`,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    payload,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedIn(ctx, { roles: ['admin'], departs: [await createDepart(ctx.db)] })).token;
});
afterAll(() => ctx.close());

describe('an empty body with a JSON content type', () => {
  it('is no body: logout as curl sends it ends the session', async () => {
    const { token } = await signedIn(ctx);
    const res = await raw('POST', '/sys/logout', '', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('退出登录成功');
    expect((await call(ctx, 'GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
  });

  it('is refused in Chinese where the route needs a body, and writes nothing', async () => {
    const before = await dictCount();
    const res = await raw('POST', '/sys/dict/add', '  ', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(chinese);
    expect(await dictCount()).toBe(before);
  });
});

describe('malformed JSON', () => {
  it.each(['{', '{"dictName":', '{"dictName": "a",}', "{'a':1}"])(
    '%s is a Chinese 400 that writes nothing',
    async (p) => {
      const before = await dictCount();
      const res = await raw('POST', '/sys/dict/add', p, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message: MALFORMED_JSON_MESSAGE });
      expect(await dictCount()).toBe(before);
    },
  );

  it('still refuses prototype poisoning', async () => {
    const res = await raw('POST', '/sys/dict/add', '{"__proto__":{"admin":true}}', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MALFORMED_JSON_MESSAGE);
  });
});

describe('a NUL byte', () => {
  it('in a body string, a nested value or a key is refused before anything is written', async () => {
    const before = await dictCount();
    for (const body of [
      { dictName: `字典\u0000${uniq()}`, dictCode: `d_${uniq()}` },
      { dictName: `字典${uniq()}`, dictCode: `d_${uniq()}`, description: ['\u0000'] },
      { dictName: `字典${uniq()}`, dictCode: `d_${uniq()}`, 'x\u0000': 1 },
    ]) {
      const res = await call(ctx, 'POST', '/sys/dict/add', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NUL_MESSAGE);
    }
    expect(await dictCount()).toBe(before);
  });

  it('in the query or a path parameter is refused', async () => {
    const query = await call(ctx, 'GET', '/sys/dict/list', { token: admin, query: { dictName: 'a\u0000b' } });
    expect(query.status).toBe(400);
    expect(query.body.message).toBe(NUL_MESSAGE);
    const param = await call(ctx, 'GET', '/sys/dict/getDictItems/a%00b', { token: admin });
    expect(param.status).toBe(400);
    expect(param.body.message).toBe(NUL_MESSAGE);
  });

  it('is refused for an anonymous caller too, on a public route', async () => {
    const res = await call(ctx, 'GET', '/api/search/site', { query: { keyword: '\u0000' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NUL_MESSAGE);
  });
});

describe('over-long strings', () => {
  it('are refused by the field helpers at the column length, writing nothing', async () => {
    const before = await dictCount();
    for (const [body, message] of [
      [{ dictName: '长'.repeat(101), dictCode: `d_${uniq()}` }, '字典名称不能超过 100 个字符'],
      [{ dictName: '字典', dictCode: `d_${uniq()}`, description: 'x'.repeat(256) }, '不能超过 255 个字符'],
    ] as const) {
      const res = await call(ctx, 'POST', '/sys/dict/add', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await dictCount()).toBe(before);
  });
});

describe('integers beyond the column', () => {
  it('a tenant number past int4 is refused by the contract', async () => {
    const before = await ctx.db.select({ n: count() }).from(tenants);
    const res = await call(ctx, 'PUT', '/sys/tenant/edit', {
      token: admin,
      body: { id: 2147483648, name: '租户', status: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/租户编号不能超过 2147483647/);
    expect(await ctx.db.select({ n: count() }).from(tenants)).toEqual(before);
  });

  it("a user's tenant list past int4 writes no user", async () => {
    const before = await ctx.db.select({ n: count() }).from(users);
    const res = await call(ctx, 'POST', '/sys/user/add', {
      token: admin,
      body: { username: `u_${uniq()}`, password: 'Test@2026a', realname: '张三', tenantIds: [2 ** 31] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/租户编号不能超过 2147483647/);
    expect(await ctx.db.select({ n: count() }).from(users)).toEqual(before);
  });

  it('a page number past int4 is refused', async () => {
    const res = await call(ctx, 'GET', '/sys/dict/list', { token: admin, query: { pageNo: '2147483648' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/不能超过 2147483647/);
  });
});

describe('database errors that mean bad input', () => {
  /**
   * A route that writes one good row and then runs `bad` in the same transaction, as a service
   * would: the answer must be the client's 400 and the good row must be gone with the transaction.
   */
  const attempt = async (bad: string) => {
    const app = Fastify();
    installErrorHandler(app);
    app.post('/attempt', async () => {
      await ctx.db.transaction(async (tx) => {
        await tx.insert(dicts).values({ dictName: '半途', dictCode: `half_${uniq()}` });
        await tx.execute(sql.raw(bad));
      });
      return ok(null);
    });
    const before = await dictCount();
    const res = await app.inject({ method: 'POST', url: '/attempt' });
    const written = (await dictCount()) - before;
    await app.close();
    return { status: res.statusCode, message: res.json().message as string, written };
  };

  it.each([
    [
      '22001 too long',
      "insert into sys_dict (dict_name, dict_code) values (repeat('长', 101), 'x_long')",
      '内容过长，超出了字段允许的长度',
    ],
    ['22003 out of range', "insert into sys_tenant (id, name) values (2147483648, '租户')", '数值超出了允许的范围'],
    ['22P02 invalid text', "select 'not-a-uuid'::uuid", '参数格式不正确'],
    ['22021 bad character', "select convert_from('\\xc3'::bytea, 'UTF8')", '内容包含不允许的字符'],
    [
      '23505 duplicate',
      "insert into sys_tenant (id, name) values (0, '重复'), (0, '重复')",
      '数据已存在，请勿重复提交',
    ],
    [
      '23503 foreign key',
      'insert into sys_user_role (user_id, role_id) values (gen_random_uuid(), gen_random_uuid())',
      '关联的数据不存在，或仍被其他数据引用',
    ],
    ['other class 22', 'select 1 / 0', '参数不正确'],
  ])('%s is a 400 and the transaction writes nothing', async (_name, bad, message) => {
    expect(await attempt(bad)).toEqual({ status: 400, message, written: 0 });
  });

  it('an error of the server itself stays a 500 that says nothing', async () => {
    expect(await attempt('select * from no_such_table')).toEqual({
      status: 500,
      message: '服务器内部错误，请稍后再试',
      written: 0,
    });
  });
});
