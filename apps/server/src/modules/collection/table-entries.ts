import { and, eq, type SQL, sql } from 'drizzle-orm';
import { catalogues } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { containing } from '../../platform/resource/like.js';
import { scopeFilter } from '../catalogue/scope.js';
import { updateStatusSql } from './update-status.js';

/**
 * The caller's department's live 库表 entries, by name, 更新周期 and 更新状态: the rows of 库表更新 and
 * of 数据上报. Answers the condition and the status expression the list also shows.
 */
export function tableEntryFilter(
  actor: Actor,
  q: { catalogName?: string; updateFrequency?: string; updateStatus?: string },
  now: Date,
): { where: SQL | undefined; status: SQL<string> } {
  const status = updateStatusSql(catalogues.updateFrequency, catalogues.dataUpdateTime, now);
  const where = and(
    scopeFilter(actor),
    eq(catalogues.dataFormat, 'table'),
    sql`${catalogues.shelfStatus} <> 9`,
    q.catalogName ? sql`${catalogues.catalogName} ilike ${containing(q.catalogName)}` : undefined,
    q.updateFrequency ? eq(catalogues.updateFrequency, q.updateFrequency) : undefined,
    q.updateStatus ? sql`${status} = ${q.updateStatus}` : undefined,
  );
  return { where, status };
}
