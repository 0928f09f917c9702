import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRules, dicts, roles, users } from '../../../db/schema/index.js';
import { createDepart, createUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signedIn(ctx)).token;
});
afterAll(() => ctx.close());

const uniq = () => randomBytes(4).toString('hex');
const check = (query: Record<string, string>) => call(ctx, 'GET', '/sys/duplicate/check', { token, query });

describe('GET /sys/duplicate/check', () => {
  it('needs a signed-in user', async () => {
    const res = await call(ctx, 'GET', '/sys/duplicate/check', {
      query: { tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' },
    });
    expect(res.status).toBe(401);
  });

  it('answers 该值可用 for a free value and 400 for a taken one, across every allowed field', async () => {
    const user = await createUser(ctx.db, { username: `dup_${uniq()}` });
    const [fresh] = await ctx.db
      .update(users)
      .set({ phone: `139${String(Date.now()).slice(-8)}`, email: `Dup.${uniq()}@Example.cn` })
      .where(eq(users.id, user.id))
      .returning();
    const depart = await createDepart(ctx.db);
    const [role] = await ctx.db
      .insert(roles)
      .values({ roleCode: `r_${uniq()}`, roleName: '测试角色' })
      .returning();
    const [dict] = await ctx.db
      .insert(dicts)
      .values({ dictCode: `d_${uniq()}`, dictName: '测试字典' })
      .returning();
    const taken: [string, string, string][] = [
      ['sys_user', 'username', fresh.username],
      ['sys_user', 'phone', fresh.phone as string],
      ['sys_user', 'email', (fresh.email as string).toLowerCase()],
      ['sys_role', 'role_code', role.roleCode],
      ['sys_role', 'roleCode', role.roleCode],
      ['sys_depart', 'org_code', depart.orgCode],
      ['sys_depart', 'orgCode', depart.orgCode],
      ['sys_dict', 'dict_code', dict.dictCode],
      ['sys_dict', 'dictCode', dict.dictCode],
    ];
    for (const [tableName, fieldName, fieldVal] of taken) {
      const busy = await check({ tableName, fieldName, fieldVal });
      expect(busy.status, `${tableName}.${fieldName}`).toBe(400);
      expect(busy.body.message).toBe('该值不可用，系统中已存在！');
      const free = await check({ tableName, fieldName, fieldVal: `${fieldVal}_free` });
      expect(free.status, `${tableName}.${fieldName}`).toBe(200);
      expect(free.body).toMatchObject({ success: true, message: '该值可用' });
    }
  });

  it("does not count the edited record's own value", async () => {
    const depart = await createDepart(ctx.db);
    const own = await check({
      tableName: 'sys_depart',
      fieldName: 'org_code',
      fieldVal: depart.orgCode,
      dataId: depart.id,
    });
    expect(own.status).toBe(200);
    const other = await createDepart(ctx.db);
    const clash = await check({
      tableName: 'sys_depart',
      fieldName: 'org_code',
      fieldVal: depart.orgCode,
      dataId: other.id,
    });
    expect(clash.status).toBe(400);
  });

  it('counts soft-deleted records, which can be restored', async () => {
    const depart = await createDepart(ctx.db, { deletedAt: new Date() });
    expect((await check({ tableName: 'sys_depart', fieldName: 'org_code', fieldVal: depart.orgCode })).status).toBe(
      400,
    );
  });

  it('refuses tables and fields outside the allowlist', async () => {
    const cases: Record<string, string>[] = [
      { tableName: 'sys_user', fieldName: 'password_hash', fieldVal: 'x' },
      { tableName: 'sys_session', fieldName: 'token_hash', fieldVal: 'x' },
      { tableName: 'pg_user', fieldName: 'usename', fieldVal: 'postgres' },
      { tableName: 'sys_user', fieldName: 'username;drop table sys_user', fieldVal: 'x' },
      { tableName: 'sys_user.username', fieldName: '', fieldVal: 'x' },
      { tableName: '__proto__', fieldName: 'toString', fieldVal: 'x' },
    ];
    for (const query of cases) {
      const res = await check(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toMatch(/不支持校验该字段|请指定字段名/);
    }
    expect(
      (await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'x', dataId: 'nope' })).body.message,
    ).toMatch(/数据编号格式不正确/);
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: ' ' })).body.message).toMatch(
      /请输入校验值/,
    );
  });
});

describe('GET /sys/checkRule/checkByCode', () => {
  const byCode = (query: Record<string, string>, auth: string | null = token) =>
    call(ctx, 'GET', '/sys/checkRule/checkByCode', { token: auth ?? undefined, query });

  it('needs a signed-in user', async () => {
    expect((await byCode({ ruleCode: 'org_code', value: 'BJ001' }, null)).status).toBe(401);
  });

  it('passes a value that fits the seeded rules', async () => {
    for (const [ruleCode, value] of [
      ['org_code', 'BJ001'],
      ['org_code', 'BJQ01'],
      ['catalog_code', '3-06-001-0001'],
    ]) {
      const res = await byCode({ ruleCode, value });
      expect(res.status, value).toBe(200);
      expect(res.body.message).toBe('校验通过');
    }
  });

  it('answers 400 naming the failing segment', async () => {
    const res = await byCode({ ruleCode: 'catalog_code', value: '3-6-001-0001' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('校验未通过：第 3 段（2 位数字）不符合要求');
    const long = await byCode({ ruleCode: 'org_code', value: 'BJ00123' });
    expect(long.body.message).toBe('校验未通过：第 3 段（2 至 3 位数字）之后有多余字符');
  });

  it('checks Chinese segments of a stored rule', async () => {
    const ruleCode = `r_${uniq()}`;
    await ctx.db.insert(checkRules).values({
      ruleCode,
      ruleName: '测试规则',
      ruleJson: [
        { kind: 'chinese', minLength: 2, maxLength: 4 },
        { kind: 'literal', value: '局' },
      ],
    });
    expect((await byCode({ ruleCode, value: '交通运输局' })).status).toBe(200);
    const bad = await byCode({ ruleCode, value: '交通局A' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/第 2 段/);
  });

  it('refuses an unknown rule and a misconfigured one', async () => {
    const unknown = await byCode({ ruleCode: 'no_such_rule', value: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('校验规则不存在');
    const ruleCode = `r_${uniq()}`;
    await ctx.db
      .insert(checkRules)
      .values({ ruleCode, ruleName: '坏规则', ruleJson: [{ kind: 'regex', value: '(a+)+$' }] });
    const broken = await byCode({ ruleCode, value: 'aaaa' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('校验规则配置不正确，请联系管理员');
  });
});
