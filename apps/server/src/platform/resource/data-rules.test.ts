import { sql } from 'drizzle-orm';
import { boolean, integer, PgDialect, pgTable, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { createScratchDatabase } from '../../db/scratch.js';
import {
  type DataRuleLike,
  type DataRuleVariables,
  resolveValue,
  ruleCondition,
  ruleProblem,
  rulesCondition,
  variablesOf,
} from './data-rules.js';

const things = pgTable('dr_thing', {
  id: uuid('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  orgCode: varchar('org_code', { length: 20 }),
  level: smallint('level').notNull(),
  size: integer('size').notNull(),
  open: boolean('open').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const columns = {
  id: things.id,
  name: things.name,
  orgCode: things.orgCode,
  level: things.level,
  size: things.size,
  open: things.open,
  createTime: things.createdAt,
};

const vars: DataRuleVariables = {
  sys_user_code: 'zhangsan',
  sys_user_id: '11111111-1111-4111-8111-111111111111',
  sys_org_code: 'A01',
  sys_date: '2026-11-21',
  sys_time: '2026-11-21 10:00:00',
};

const dialect = new PgDialect();
const render = (rule: DataRuleLike, v: DataRuleVariables = vars) => {
  const q = dialect.sqlToQuery(ruleCondition(rule, columns, v));
  return { sql: q.sql, params: q.params };
};
const rule = (ruleColumn: string, ruleConditions: string, ruleValue: string): DataRuleLike => ({
  ruleColumn,
  ruleConditions,
  ruleValue,
});

describe('ruleCondition renders each operator with bound values', () => {
  it.each([
    ['=', '"dr_thing"."name" = $1'],
    ['!=', '"dr_thing"."name" <> $1'],
    ['>', '"dr_thing"."name" > $1'],
    ['>=', '"dr_thing"."name" >= $1'],
    ['<', '"dr_thing"."name" < $1'],
    ['<=', '"dr_thing"."name" <= $1'],
  ])('%s', (op, expected) => {
    expect(render(rule('name', op, "x' or 1=1 --"))).toEqual({ sql: expected, params: ["x' or 1=1 --"] });
  });

  it('LIKE, LEFT_LIKE and RIGHT_LIKE: contains, ends with, starts with; wildcards are literal', () => {
    expect(render(rule('name', 'LIKE', '张'))).toEqual({ sql: '"dr_thing"."name" like $1', params: ['%张%'] });
    expect(render(rule('name', 'LEFT_LIKE', '局'))).toEqual({ sql: '"dr_thing"."name" like $1', params: ['%局'] });
    expect(render(rule('name', 'RIGHT_LIKE', '市'))).toEqual({ sql: '"dr_thing"."name" like $1', params: ['市%'] });
    expect(render(rule('name', 'LIKE', '50%_'))).toMatchObject({ params: ['%50\\%\\_%'] });
  });

  it('IN and NOT_IN split on commas (also full-width) and bind each item', () => {
    expect(render(rule('orgCode', 'IN', 'A01, A02，A03'))).toEqual({
      sql: '"dr_thing"."org_code" in ($1, $2, $3)',
      params: ['A01', 'A02', 'A03'],
    });
    expect(render(rule('level', 'NOT_IN', '1,2'))).toEqual({
      sql: '"dr_thing"."level" not in ($1, $2)',
      params: [1, 2],
    });
  });

  it('numbers bind as numbers; LIKE on a non-text column compares its text', () => {
    expect(render(rule('size', '>=', '10'))).toEqual({ sql: '"dr_thing"."size" >= $1', params: [10] });
    expect(render(rule('level', 'LIKE', '1'))).toEqual({ sql: '"dr_thing"."level"::text like $1', params: ['%1%'] });
  });

  it('a date-only value compares the city calendar day of a timestamp', () => {
    expect(render(rule('createTime', '=', '#{sys_date}'))).toEqual({
      sql: '("dr_thing"."created_at" at time zone $1)::date = $2::date',
      params: ['Asia/Shanghai', '2026-11-21'],
    });
  });
});

describe('system variables', () => {
  it('resolve from the caller, also inside a value and in lists', () => {
    expect(render(rule('orgCode', '=', '#{sys_org_code}')).params).toEqual(['A01']);
    expect(render(rule('name', 'RIGHT_LIKE', '#{sys_user_code}_')).params).toEqual(['zhangsan\\_%']);
    expect(render(rule('orgCode', 'IN', '#{sys_org_code},B02')).params).toEqual(['A01', 'B02']);
    expect(render(rule('id', '=', '#{sys_user_id}')).params).toEqual([vars.sys_user_id]);
  });

  it('an unknown variable or one without a value for the caller denies', () => {
    expect(resolveValue('#{sys_password}', vars)).toBeNull();
    expect(render(rule('orgCode', '=', '#{sys_password}')).sql).toBe('false');
    expect(render(rule('orgCode', '=', '#{sys_org_code}'), { ...vars, sys_org_code: null }).sql).toBe('false');
    expect(render(rule('orgCode', 'IN', 'B02,#{sys_org_code}'), { ...vars, sys_org_code: null }).sql).toBe('false');
  });

  it('variablesOf takes the actor and the city clock', () => {
    const v = variablesOf(
      { userId: 'u1', username: 'lisi', orgCode: 'B01' },
      new Date('2026-11-21T17:30:05Z'), // 01:30 the next day in the city
    );
    expect(v).toEqual({
      sys_user_code: 'lisi',
      sys_user_id: 'u1',
      sys_org_code: 'B01',
      sys_date: '2026-11-22',
      sys_time: '2026-11-22 01:30:05',
    });
    // Midnight is 00, not 24.
    expect(
      variablesOf({ userId: 'u1', username: 'lisi', orgCode: null }, new Date('2026-11-21T16:00:05Z')),
    ).toMatchObject({ sys_date: '2026-11-22', sys_time: '2026-11-22 00:00:05', sys_org_code: null });
  });
});

describe('what cannot be expressed safely denies', () => {
  it.each([
    ['an unknown column', rule('password_hash', '=', 'x')],
    ['a prototype key as column', rule('constructor', '=', 'x')],
    ['a raw SQL condition', rule('name', 'SQL_RULES', '1=1')],
    ['text against a number column', rule('level', '=', 'abc')],
    ['a malformed uuid', rule('id', '=', 'abc')],
    ['a malformed date', rule('createTime', '>', 'yesterday')],
    ['an empty list', rule('orgCode', 'IN', ' , ')],
  ])('%s', (_, r) => {
    expect(render(r)).toEqual({ sql: 'false', params: [] });
  });
});

describe('rulesCondition', () => {
  it('no rules: no restriction', () => {
    expect(rulesCondition([], columns, vars)).toBeUndefined();
  });

  it('several rules: their AND; one denying rule denies all', () => {
    const both = dialect.sqlToQuery(
      rulesCondition([rule('orgCode', '=', '#{sys_org_code}'), rule('level', '>', '1')], columns, vars) ?? sql``,
    );
    expect(both).toMatchObject({ sql: '("dr_thing"."org_code" = $1 and "dr_thing"."level" > $2)', params: ['A01', 1] });
    const denied = dialect.sqlToQuery(
      rulesCondition([rule('level', '>', '1'), rule('nope', '=', 'x')], columns, vars) ?? sql``,
    );
    expect(denied.sql).toBe('("dr_thing"."level" > $1 and false)');
  });
});

describe('ruleProblem (save-time check)', () => {
  it('accepts known columns with fitting literals and variables', () => {
    expect(ruleProblem(rule('orgCode', '=', '#{sys_org_code}'), columns)).toBeNull();
    expect(ruleProblem(rule('level', 'IN', '1,2'), columns)).toBeNull();
    expect(ruleProblem(rule('createTime', '>=', '#{sys_date}'), columns)).toBeNull();
    expect(ruleProblem(rule('level', 'LIKE', 'x'), columns)).toBeNull();
  });

  it('refuses unknown columns, unknown variables and literals the column cannot hold', () => {
    expect(ruleProblem(rule('secret', '=', 'x'), columns)).toMatch(/^规则字段 secret 不在/);
    expect(ruleProblem(rule('orgCode', '=', '#{sys_dept}'), columns)).toMatch(/#\{sys_dept\} 不存在/);
    expect(ruleProblem(rule('level', 'IN', '1,x'), columns)).toMatch(/「x」与字段 level 的类型不符/);
    expect(ruleProblem(rule('open', '=', 'maybe'), columns)).toMatch(/类型不符/);
  });
});

/** PGlite, or a throw-away PostgreSQL database when TEST_DATABASE_URL is set: both must agree. */
describe('the predicates on a real database', () => {
  let database: Database;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  const ids = ['a', 'b', 'c'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);
  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    scratch = serverUrl ? await createScratchDatabase(serverUrl, 'odp_rules') : null;
    database = await openDatabase({ url: scratch?.url, dataDir: null });
    await database.db.execute(sql`create table dr_thing (id uuid primary key, name varchar(50) not null,
      org_code varchar(20), level smallint not null, size integer not null, open boolean not null,
      created_at timestamptz not null)`);
    await database.db.insert(things).values([
      // 23:30 UTC on the 20th is the 21st in the city.
      {
        id: ids[0],
        name: '张三',
        orgCode: 'A01',
        level: 1,
        size: 5,
        open: true,
        createdAt: new Date('2026-11-20T23:30:00Z'),
      },
      {
        id: ids[1],
        name: '李四',
        orgCode: 'A02',
        level: 2,
        size: 50,
        open: false,
        createdAt: new Date('2026-11-20T10:00:00Z'),
      },
      {
        id: ids[2],
        name: '张五局',
        orgCode: null,
        level: 3,
        size: 500,
        open: true,
        createdAt: new Date('2026-11-21T01:00:00Z'),
      },
    ]);
  });
  afterAll(async () => {
    await database.close();
    await scratch?.drop();
  });

  const names = async (rules: DataRuleLike[], v: DataRuleVariables = vars) => {
    const rows = await database.db
      .select({ name: things.name })
      .from(things)
      .where(rulesCondition(rules, columns, v))
      .orderBy(things.level);
    return rows.map((r) => r.name);
  };

  it('filters as the rules say', async () => {
    expect(await names([])).toEqual(['张三', '李四', '张五局']);
    expect(await names([rule('orgCode', '=', '#{sys_org_code}')])).toEqual(['张三']);
    expect(await names([rule('name', 'LIKE', '张')])).toEqual(['张三', '张五局']);
    expect(await names([rule('name', 'LEFT_LIKE', '局')])).toEqual(['张五局']);
    expect(await names([rule('level', 'IN', '1,3')])).toEqual(['张三', '张五局']);
    expect(await names([rule('level', 'NOT_IN', '1,3')])).toEqual(['李四']);
    expect(await names([rule('size', '>', '5'), rule('size', '<=', '50')])).toEqual(['李四']);
    expect(await names([rule('open', '=', 'true')])).toEqual(['张三', '张五局']);
    expect(await names([rule('id', '=', ids[1])])).toEqual(['李四']);
    expect(await names([rule('createTime', '=', '#{sys_date}')])).toEqual(['张三', '张五局']);
    expect(await names([rule('createTime', '<', '2026-11-21 08:00')])).toEqual(['张三', '李四']);
    expect(await names([rule('secret', '=', 'x')])).toEqual([]);
  });
});
