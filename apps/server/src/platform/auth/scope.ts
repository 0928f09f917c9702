import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from './actor.js';

/**
 * Department scope (DOMAIN.md §1): a department's users see and act on their current department's
 * records; holders of the scope's all-departments permission (the bureau's reviewers and the
 * administrators) act on every department's. A scope without that permission is department-only.
 */
export type DepartmentScope = {
  /** The record's owning department code (数源单位、承办部门). */
  column: AnyPgColumn;
  allDepartmentsPermission?: string;
};

export const seesAllDepartments = (actor: Actor, allDepartmentsPermission?: string) =>
  allDepartmentsPermission !== undefined && actor.perms.has(allDepartmentsPermission);

export const ownsDepartment = (actor: Actor, orgCode: string | null, allDepartmentsPermission?: string) =>
  seesAllDepartments(actor, allDepartmentsPermission) || (actor.orgCode !== null && actor.orgCode === orgCode);

/** The list filter for the caller's scope; no current department means no records. */
export function departmentFilter(actor: Actor, scope: DepartmentScope): SQL | undefined {
  if (seesAllDepartments(actor, scope.allDepartmentsPermission)) return undefined;
  return actor.orgCode ? eq(scope.column, actor.orgCode) : sql`false`;
}

export const scopeMessages = (label: string) => ({
  notOwn: `只能操作本部门的${label}`,
  notOwnView: `只能查看本部门的${label}`,
});

export const NO_DEPART_MESSAGE = '您尚未归属部门,请确认账号信息';
