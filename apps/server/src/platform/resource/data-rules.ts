/**
 * 数据规则 enforcement.
 *
 * Semantics: when a user asks for a list attached to a menu (identified by the menu's path, e.g.
 * '/system/User'), the server collects the ENABLED rules of that menu that ANY of the user's roles
 * selected. None: no restriction. Otherwise the list is restricted by the AND of those rules (the
 * classic semantics). Administrators are no exception: the only way out is selecting no rule.
 *
 * A rule is `column condition value`:
 * - the column is looked up in the list's allowlist `{ rule column name → drizzle column }`, never
 *   put into SQL as text; an unknown name (saved before the list declared its columns, say)
 *   denies: the list returns nothing, the safe side of a mistake;
 * - the condition is one of DATA_RULE_CONDITIONS, each mapped to a fixed predicate; there is no
 *   raw SQL condition;
 * - the value is a literal, or contains system variables (`#{sys_user_code}`, `#{sys_user_id}`,
 *   `#{sys_org_code}`, `#{sys_date}`, `#{sys_time}`) resolved from the caller on each request.
 *   A variable that is unknown or has no value for this caller (no current department), or a
 *   value the column cannot hold (text against a number column), denies as well.
 * Every value reaches the database as a bound parameter.
 */
import {
  DATA_RULE_CONDITIONS,
  DATA_RULE_VARIABLES,
  type DataRuleCondition,
  type DataRuleVariable,
  LIST_CONDITIONS,
  VARIABLE_PATTERN,
} from '@odp/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { permissionDataRules, permissions, roleDataRules, userRoles } from '../../db/schema/index.js';
import type { Actor } from '../auth/actor.js';
import { escapeLike } from './like.js';

/** The fields a list accepts in rules: rule column name → the real column. */
export type DataRuleColumns = Readonly<Record<string, AnyPgColumn>>;

/** Where a list sits in the menu tree and which of its columns rules may name. */
export type DataRuleTarget = { menuPath: string; columns: DataRuleColumns };

export type DataRuleLike = { ruleColumn: string; ruleConditions: string; ruleValue: string };

export type DataRuleVariables = Record<DataRuleVariable, string | null>;

/** Dates and times are the city's (the platform serves one Chinese city). */
const CITY_ZONE = 'Asia/Shanghai';
const DENY = sql`false`;

/** The variables' values for this caller at this moment. */
export function variablesOf(
  actor: Pick<Actor, 'userId' | 'username' | 'orgCode'>,
  now = new Date(),
): DataRuleVariables {
  const local = now.toLocaleString('sv-SE', { timeZone: CITY_ZONE, hourCycle: 'h23' });
  return {
    sys_user_code: actor.username,
    sys_user_id: actor.userId,
    sys_org_code: actor.orgCode,
    sys_date: local.slice(0, 10),
    sys_time: local.slice(0, 19),
  };
}

const KNOWN_VARIABLES = new Set<string>(DATA_RULE_VARIABLES.map((v) => v.name));

/** Replaces every `#{…}` in the value; null when one is unknown or has no value for the caller. */
export function resolveValue(value: string, vars: DataRuleVariables): string | null {
  let missing = false;
  const resolved = value.replace(VARIABLE_PATTERN, (_, name: string) => {
    const v = KNOWN_VARIABLES.has(name) ? vars[name as DataRuleVariable] : null;
    if (v === null || v === undefined) missing = true;
    return v ?? '';
  });
  return missing ? null : resolved;
}

type Kind = 'text' | 'number' | 'date' | 'uuid' | 'boolean';

function kindOf(column: AnyPgColumn): Kind {
  if (column.columnType === 'PgUUID') return 'uuid';
  if (column.dataType === 'number' || column.dataType === 'bigint') return 'number';
  if (column.columnType === 'PgNumeric') return 'number';
  if (column.dataType === 'date' || column.columnType.startsWith('PgTimestamp') || column.columnType === 'PgDate')
    return 'date';
  if (column.dataType === 'boolean') return 'boolean';
  return 'text';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** A value as the column's kind binds it, or null when the column cannot hold it. */
function coerce(kind: Kind, value: string): string | number | boolean | null {
  switch (kind) {
    case 'number': {
      const n = Number(value);
      return value.trim() !== '' && Number.isFinite(n) ? n : null;
    }
    case 'uuid':
      return UUID.test(value) ? value : null;
    case 'date':
      return DATE_ONLY.test(value) || DATE_TIME.test(value) ? value : null;
    case 'boolean':
      return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : null;
    default:
      return value;
  }
}

/** Splits an IN / NOT_IN value on commas (also the full-width one) before variables are resolved. */
const listItems = (value: string) =>
  value
    .split(/[,，]/)
    .map((v) => v.trim())
    .filter(Boolean);

const isCondition = (c: string): c is DataRuleCondition => (DATA_RULE_CONDITIONS as readonly string[]).includes(c);

const COMPARE: Record<'=' | '!=' | '>' | '>=' | '<' | '<=', SQL> = {
  '=': sql.raw('='),
  '!=': sql.raw('<>'),
  '>': sql.raw('>'),
  '>=': sql.raw('>='),
  '<': sql.raw('<'),
  '<=': sql.raw('<='),
};

/**
 * The left side and a bound right side of a comparison for the column's kind. A date-only value
 * against a timestamp compares the city's calendar day, so that `createdAt = #{sys_date}` means
 * "created today"; a date-time without a zone is the city's time.
 */
function comparison(column: AnyPgColumn, kind: Kind, op: SQL, value: string | number | boolean): SQL {
  if (kind === 'date' && typeof value === 'string') {
    if (DATE_ONLY.test(value)) return sql`(${column} at time zone ${CITY_ZONE})::date ${op} ${value}::date`;
    return sql`${column} ${op} (${value}::timestamp at time zone ${CITY_ZONE})`;
  }
  return sql`${column} ${op} ${value}`;
}

/** The first `#{…}` in the value that is not a system variable. */
export function unknownVariable(value: string): string | undefined {
  return [...value.matchAll(VARIABLE_PATTERN)].map((m) => m[1]).find((n) => !KNOWN_VARIABLES.has(n));
}

/** Why a rule cannot be saved for a list with these columns, or null when it can. */
export function ruleProblem(rule: DataRuleLike, columns: DataRuleColumns): string | null {
  const column = Object.hasOwn(columns, rule.ruleColumn) ? columns[rule.ruleColumn] : undefined;
  if (!column)
    return `规则字段 ${rule.ruleColumn} 不在该菜单列表支持的字段中（可用：${Object.keys(columns).join('、')}）`;
  if (!isCondition(rule.ruleConditions)) return '不支持的规则条件';
  const unknown = unknownVariable(rule.ruleValue);
  if (unknown !== undefined) return `规则值中的系统变量 #{${unknown}} 不存在`;
  const kind = kindOf(column);
  const items = LIST_CONDITIONS.includes(rule.ruleConditions) ? listItems(rule.ruleValue) : [rule.ruleValue];
  if (items.length === 0) return '请填写至少一个规则值（多个值以逗号分隔）';
  const isLike = ['LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'].includes(rule.ruleConditions);
  // Literals are checked now; variables only have a value per caller, so they are checked per request.
  const badLiteral = items.find((v) => !v.includes('#{') && !isLike && coerce(kind, v) === null);
  if (badLiteral !== undefined) return `规则值「${badLiteral}」与字段 ${rule.ruleColumn} 的类型不符`;
  return null;
}

/** One rule as a predicate; anything it cannot express safely denies. */
export function ruleCondition(rule: DataRuleLike, columns: DataRuleColumns, vars: DataRuleVariables): SQL {
  const column = Object.hasOwn(columns, rule.ruleColumn) ? columns[rule.ruleColumn] : undefined;
  if (!column || !isCondition(rule.ruleConditions)) return DENY;
  const kind = kindOf(column);
  const condition = rule.ruleConditions;

  if (condition === 'IN' || condition === 'NOT_IN') {
    const values: (string | number | boolean)[] = [];
    for (const item of listItems(rule.ruleValue)) {
      const resolved = resolveValue(item, vars);
      const value = resolved === null ? null : coerce(kind, resolved);
      if (value === null) return DENY;
      values.push(value);
    }
    if (values.length === 0) return DENY;
    const list = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return condition === 'IN' ? sql`${column} in (${list})` : sql`${column} not in (${list})`;
  }

  const resolved = resolveValue(rule.ruleValue, vars);
  if (resolved === null || resolved === '') return DENY;

  if (condition === 'LIKE' || condition === 'LEFT_LIKE' || condition === 'RIGHT_LIKE') {
    const p = escapeLike(resolved);
    const pattern = condition === 'LIKE' ? `%${p}%` : condition === 'LEFT_LIKE' ? `%${p}` : `${p}%`;
    const text = kind === 'text' ? sql`${column}` : sql`${column}::text`;
    return sql`${text} like ${pattern}`;
  }

  const value = coerce(kind, resolved);
  if (value === null) return DENY;
  return comparison(column, kind, COMPARE[condition], value);
}

/** The AND of the rules; undefined (no restriction) when there are none. */
export function rulesCondition(
  rules: readonly DataRuleLike[],
  columns: DataRuleColumns,
  vars: DataRuleVariables,
): SQL | undefined {
  if (rules.length === 0) return undefined;
  return and(...rules.map((r) => ruleCondition(r, columns, vars)));
}

/** The enabled rules of the menu at `menuPath` that any of the caller's roles selected. */
export async function rulesOfActor(db: Executor, actor: Pick<Actor, 'userId'>, menuPath: string) {
  return db
    .selectDistinct({
      id: permissionDataRules.id,
      ruleColumn: permissionDataRules.ruleColumn,
      ruleConditions: permissionDataRules.ruleConditions,
      ruleValue: permissionDataRules.ruleValue,
    })
    .from(permissionDataRules)
    .innerJoin(permissions, eq(permissions.id, permissionDataRules.permissionId))
    .innerJoin(roleDataRules, eq(roleDataRules.ruleId, permissionDataRules.id))
    .where(
      and(
        eq(permissions.path, menuPath),
        eq(permissions.menuType, 1),
        eq(permissionDataRules.status, '1'),
        inArray(
          roleDataRules.roleId,
          db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, actor.userId)),
        ),
      ),
    );
}

/** The restriction the caller's data rules put on the list under `menuPath`; undefined for none. */
export async function dataRuleCondition(
  db: Executor,
  actor: Actor,
  menuPath: string,
  columns: DataRuleColumns,
): Promise<SQL | undefined> {
  const rules = await rulesOfActor(db, actor, menuPath);
  return rulesCondition(rules, columns, variablesOf(actor));
}
