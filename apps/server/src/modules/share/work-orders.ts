import { SharePerm, WorkOrderKind } from '@odp/contracts';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shareApplies as sa, workflowTasks as t } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { MenuBadge, WorkOrderSource } from '../../platform/module.js';
import { openTasksOwed } from './repository.js';

const ofTask = (column: typeof sa.catalogId | typeof sa.applyOrgCode | typeof sa.processCode) =>
  sql`(select ${column} from ${sa} where ${sa.id} = ${t.subjectId})`;

/** Which share reviews an actor deals with: its department's 数源部门 reviews, and the bureau's if it reviews. */
function owed(actor: Actor) {
  return {
    sourceOrgCode: actor.perms.has(SharePerm.sourceReview) ? actor.orgCode : null,
    bureau: actor.perms.has(SharePerm.bureauReview),
  };
}

/**
 * The share reviews in the 工单 inbox: about the entry applied for, launched by the applying
 * department, with the application's 流程编码; workStatus '2' opens the share view.
 */
export const shareWorkOrders: WorkOrderSource = {
  subjectType: 'share',
  workStatus: WorkOrderKind.share,
  catalogId: ofTask(sa.catalogId),
  launchOrgCode: ofTask(sa.applyOrgCode),
  processCode: ofTask(sa.processCode),
  visibleTo(actor): SQL {
    const { sourceOrgCode, bureau } = owed(actor);
    const mine = [
      sourceOrgCode ? and(eq(t.taskType, 'source'), eq(t.assigneeOrgCode, sourceOrgCode)) : undefined,
      bureau ? eq(t.taskType, 'bureau') : undefined,
    ].filter((c) => c !== undefined);
    return mine.length ? (or(...mine) as SQL) : sql`false`;
  },
};

/** 审批中's badge: the share reviews the signed-in user owes. */
export const owedReviewCount: MenuBadge = (db: Db, actor?: Actor) =>
  actor ? openTasksOwed(db, owed(actor)) : Promise.resolve(0);
