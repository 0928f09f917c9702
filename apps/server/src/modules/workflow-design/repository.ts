import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { departs, dictItems, dicts, roles, scheduledJobs } from '../../db/schema/index.js';

/** Roles a step may be assigned to, by code. */
export const roleOptions = (db: Executor) =>
  db.select({ code: roles.roleCode, name: roles.roleName }).from(roles).orderBy(asc(roles.roleName));

/** Departments a step may be assigned to. */
export const departOptions = (db: Executor) =>
  db
    .select({ orgCode: departs.orgCode, name: departs.departName })
    .from(departs)
    .where(and(isNull(departs.deletedAt), eq(departs.status, 1)))
    .orderBy(asc(departs.sortNo), asc(departs.departName));

export async function existingRoles(db: Executor, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db.select({ code: roles.roleCode }).from(roles).where(inArray(roles.roleCode, codes));
  return new Set(rows.map((r) => r.code));
}

export async function existingDeparts(db: Executor, orgCodes: string[]): Promise<Set<string>> {
  if (!orgCodes.length) return new Set();
  const rows = await db
    .select({ orgCode: departs.orgCode })
    .from(departs)
    .where(and(inArray(departs.orgCode, orgCodes), isNull(departs.deletedAt)));
  return new Set(rows.map((r) => r.orgCode));
}

/** The items of dict `dictCode` that are enabled, value → text. */
export async function enabledDictItems(db: Executor, dictCode: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ value: dictItems.itemValue, text: dictItems.itemText })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(and(eq(dicts.dictCode, dictCode), eq(dictItems.status, 1)));
  return new Map(rows.map((r) => [r.value, r.text]));
}

/** The parameter of the deadline job, as stored. */
export async function deadlineJobParameter(db: Executor, handler: string): Promise<unknown> {
  const [row] = await db
    .select({ parameter: scheduledJobs.parameter })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.handler, handler))
    .limit(1);
  return row?.parameter ?? null;
}
