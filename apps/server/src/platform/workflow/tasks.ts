import { type TaskAssignee, type TaskDecision, TaskStatus } from '@odp/contracts';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { workflowHistory, workflowTasks } from '../../db/schema/index.js';
import type { Actor } from '../auth/actor.js';
import type { Recipients } from '../messaging/business-message.js';

export type TaskRow = typeof workflowTasks.$inferSelect;

export async function openTask(
  db: Executor,
  task: {
    subjectType: string;
    subjectId: string;
    taskType: string;
    assignee: TaskAssignee;
    ownerOrgCode: string | null;
    applicantId: string | null;
    submitterId: string;
    dueAt: Date | null;
    /** When to remind, if the configuration set the step's lead time; else the deadline job's lead time. */
    remindAt?: Date | null;
    /** The designer's configuration version the record's run pinned (null: code defaults). */
    configVersion?: number | null;
    payload: unknown;
    now: Date;
  },
): Promise<TaskRow> {
  const { assignee } = task;
  const [row] = await db
    .insert(workflowTasks)
    .values({
      subjectType: task.subjectType,
      subjectId: task.subjectId,
      taskType: task.taskType,
      status: TaskStatus.open,
      ownerOrgCode: task.ownerOrgCode,
      assigneeOrgCode:
        assignee.kind === 'ownerDepartment'
          ? task.ownerOrgCode
          : assignee.kind === 'department'
            ? assignee.orgCode
            : null,
      assigneeRole:
        assignee.kind === 'role'
          ? assignee.role
          : assignee.kind === 'ownerDepartment' && !task.ownerOrgCode
            ? (assignee.orRole ?? null)
            : null,
      assigneeUserId: assignee.kind === 'applicant' ? task.applicantId : null,
      submitterId: task.submitterId,
      submitTime: task.now,
      dueAt: task.dueAt,
      remindAt: task.remindAt ?? null,
      configVersion: task.configVersion ?? null,
      payload: task.payload ?? null,
    })
    .returning();
  return row;
}

/** Decides the open tasks of a type on a record; answers who submitted them. */
export async function closeTasks(
  db: Executor,
  subjectType: string,
  subjectId: string,
  taskType: string,
  decision: { handlerId: string; decision: TaskDecision; comment: string | null; now: Date },
): Promise<(string | null)[]> {
  const rows = await db
    .update(workflowTasks)
    .set({
      status: TaskStatus.done,
      handlerId: decision.handlerId,
      decision: decision.decision,
      comment: decision.comment?.slice(0, 500) ?? null,
      approvalTime: decision.now,
    })
    .where(
      and(
        eq(workflowTasks.subjectType, subjectType),
        eq(workflowTasks.subjectId, subjectId),
        eq(workflowTasks.taskType, taskType),
        eq(workflowTasks.status, TaskStatus.open),
      ),
    )
    .returning({ submitterId: workflowTasks.submitterId });
  return rows.map((r) => r.submitterId);
}

/** Removes the tasks and history of records that are gone for good (a draft deleted outright). */
export async function forgetSubjects(db: Executor, subjectType: string, subjectIds: string[]): Promise<void> {
  if (!subjectIds.length) return;
  await db
    .delete(workflowTasks)
    .where(and(eq(workflowTasks.subjectType, subjectType), inArray(workflowTasks.subjectId, subjectIds)));
  await db
    .delete(workflowHistory)
    .where(and(eq(workflowHistory.subjectType, subjectType), inArray(workflowHistory.subjectId, subjectIds)));
}

/** Tasks the actor owes: addressed to them, to their current department or to one of their roles. */
export function assignedTo(actor: Pick<Actor, 'userId' | 'orgCode' | 'roleCodes'>): SQL {
  const conditions: SQL[] = [eq(workflowTasks.assigneeUserId, actor.userId)];
  if (actor.orgCode) conditions.push(eq(workflowTasks.assigneeOrgCode, actor.orgCode));
  if (actor.roleCodes.length) conditions.push(inArray(workflowTasks.assigneeRole, [...actor.roleCodes]));
  return sql`(${sql.join(conditions, sql` or `)})`;
}

export async function countOpenTasks(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workflowTasks)
    .where(and(eq(workflowTasks.status, TaskStatus.open), where));
  return Number(row.n);
}

/** Who owes a task, as recipients of its reminders. */
export const recipientsOf = (
  task: Pick<TaskRow, 'assigneeOrgCode' | 'assigneeRole' | 'assigneeUserId'>,
): Recipients => ({
  orgCodes: task.assigneeOrgCode ? [task.assigneeOrgCode] : [],
  roles: task.assigneeRole ? [task.assigneeRole] : [],
  userIds: task.assigneeUserId ? [task.assigneeUserId] : [],
});

export const openTasksOfType = (subjectType: string, taskType?: string) =>
  and(
    eq(workflowTasks.subjectType, subjectType),
    eq(workflowTasks.status, TaskStatus.open),
    taskType ? eq(workflowTasks.taskType, taskType) : undefined,
  );

export const notYetFlagged = isNull(workflowTasks.overdueAt);
