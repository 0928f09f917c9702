import { CataloguePerm } from '@odp/contracts';
import { catalogues } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import {
  type DepartmentScope,
  departmentFilter,
  NO_DEPART_MESSAGE,
  ownsDepartment,
  scopeMessages,
  seesAllDepartments as seesAll,
} from '../../platform/auth/scope.js';

/** Reviewers and administrators (holders of catalog:review) see and act on every department's entries. */
export const CATALOGUE_SCOPE: DepartmentScope = {
  column: catalogues.orgCode,
  allDepartmentsPermission: CataloguePerm.review,
};

export const seesAllDepartments = (actor: Actor) => seesAll(actor, CataloguePerm.review);

export const ownsEntry = (actor: Actor, orgCode: string) => ownsDepartment(actor, orgCode, CataloguePerm.review);

export const scopeFilter = (actor: Actor) => departmentFilter(actor, CATALOGUE_SCOPE);

export const ScopeMessages = {
  ...scopeMessages('目录'),
  noDepart: NO_DEPART_MESSAGE,
  notFound: '目录不存在或已被删除',
} as const;
