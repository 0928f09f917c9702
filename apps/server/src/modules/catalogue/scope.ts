import { CataloguePerm } from '@odp/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { catalogues } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';

/**
 * Data scope of the catalogue (DOMAIN.md §1): reviewers and administrators (holders of
 * catalog:review) see and act on every department; everyone else on their current department only.
 */
export const seesAllDepartments = (actor: Actor) => actor.perms.has(CataloguePerm.review);

export const ownsEntry = (actor: Actor, orgCode: string) =>
  seesAllDepartments(actor) || (actor.orgCode !== null && actor.orgCode === orgCode);

/** The list filter for the caller's scope; no department means no entries. */
export function scopeFilter(actor: Actor): SQL | undefined {
  if (seesAllDepartments(actor)) return undefined;
  return actor.orgCode ? eq(catalogues.orgCode, actor.orgCode) : sql`false`;
}

export const ScopeMessages = {
  notOwn: '只能操作本部门的目录',
  notOwnView: '只能查看本部门的目录',
  noDepart: '您尚未归属部门,请确认账号信息',
  notFound: '目录不存在或已被删除',
} as const;
