import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { departs, dicts, roles, users } from '../../../db/schema/index.js';

type UniqueField = {
  table: typeof users | typeof roles | typeof departs | typeof dicts;
  id: PgColumn;
  column: PgColumn;
  ignoreCase?: boolean;
};

const userField = (column: PgColumn, ignoreCase = false): UniqueField => ({
  table: users,
  id: users.id,
  column,
  ignoreCase,
});

/**
 * The only fields a client may ask about, by `table.field` as the client names them (snake_case,
 * or the camelCase the forms use). Anything else is refused before any SQL is built.
 */
const UNIQUE_FIELDS: ReadonlyMap<string, UniqueField> = new Map([
  ['sys_user.username', userField(users.username)],
  ['sys_user.phone', userField(users.phone)],
  ['sys_user.email', userField(users.email, true)],
  ['sys_role.role_code', { table: roles, id: roles.id, column: roles.roleCode }],
  ['sys_role.roleCode', { table: roles, id: roles.id, column: roles.roleCode }],
  ['sys_depart.org_code', { table: departs, id: departs.id, column: departs.orgCode }],
  ['sys_depart.orgCode', { table: departs, id: departs.id, column: departs.orgCode }],
  ['sys_dict.dict_code', { table: dicts, id: dicts.id, column: dicts.dictCode }],
  ['sys_dict.dictCode', { table: dicts, id: dicts.id, column: dicts.dictCode }],
]);

export function uniqueFieldOf(tableName: string, fieldName: string): UniqueField | null {
  return UNIQUE_FIELDS.get(`${tableName}.${fieldName}`) ?? null;
}

/**
 * Whether another row holds the value. Soft-deleted rows count: they can be restored, and the
 * unique indexes cover them too.
 */
export async function valueTaken(db: Executor, field: UniqueField, value: string, exceptId?: string): Promise<boolean> {
  const same: SQL = field.ignoreCase ? sql`lower(${field.column}) = lower(${value})` : eq(field.column, value);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(field.table)
    .where(exceptId ? and(same, ne(field.id, exceptId)) : same)
    .limit(1);
  return Boolean(row);
}
