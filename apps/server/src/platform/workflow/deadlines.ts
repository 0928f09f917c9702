import { TaskStatus } from '@odp/contracts';
import { and, asc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { workflowTasks } from '../../db/schema/index.js';
import { resolveRecipients, sendBusinessMessage } from '../messaging/business-message.js';
import { subjectOf } from './registry.js';
import { recipientsOf, type TaskRow } from './tasks.js';

export const DEADLINE_MESSAGE_TYPES = { due: 'workflow_due', overdue: 'workflow_overdue' } as const;

/** At most this many tasks per run, so that one run stays short; the next run takes the rest. */
const BATCH = 500;

const localTime = (t: Date) => new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * One pass over the open tasks with a due time: tasks due within `remindBeforeHours` (or past the
 * reminder time their step's configuration set) get one
 * reminder (催办) to whoever owes them, tasks past due are flagged overdue (逾期) once and their
 * assignees told. Rows are claimed with SKIP LOCKED, so two instances never remind twice.
 */
export async function runDeadlines(
  db: Db,
  now: Date,
  opts: { remindBeforeHours: number },
): Promise<{ reminded: number; overdue: number }> {
  const soon = new Date(now.getTime() + opts.remindBeforeHours * 3_600_000);
  return db.transaction(async (tx) => {
    const tasks = await tx
      .select()
      .from(workflowTasks)
      .where(
        and(
          eq(workflowTasks.status, TaskStatus.open),
          isNotNull(workflowTasks.dueAt),
          or(
            and(isNull(workflowTasks.overdueAt), lte(workflowTasks.dueAt, now)),
            // A step's configured lead time (remind_at) wins over the job's own.
            and(
              isNull(workflowTasks.remindedAt),
              gt(workflowTasks.dueAt, now),
              or(lte(workflowTasks.remindAt, now), and(isNull(workflowTasks.remindAt), lte(workflowTasks.dueAt, soon))),
            ),
          ),
        ),
      )
      .orderBy(asc(workflowTasks.dueAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });

    const titles = new Map<string, string>();
    for (const type of new Set(tasks.map((t) => t.subjectType))) {
      const subject = subjectOf(type);
      const ids = tasks.filter((t) => t.subjectType === type).map((t) => t.subjectId);
      for (const [id, title] of (await subject?.titles(tx, ids)) ?? []) titles.set(`${type}:${id}`, title);
    }

    let reminded = 0;
    let overdue = 0;
    for (const task of tasks) {
      const isOverdue = task.dueAt !== null && task.dueAt <= now;
      await tx
        .update(workflowTasks)
        .set(isOverdue ? { overdueAt: now } : { remindedAt: now })
        .where(eq(workflowTasks.id, task.id));
      const subject = subjectOf(task.subjectType);
      const title = titles.get(`${task.subjectType}:${task.subjectId}`);
      // A task whose subject is no longer served or whose record is gone is flagged but told to no one.
      if (!subject || title === undefined) continue;
      const userIds = await resolveRecipients(tx, recipientsOf(task));
      await sendBusinessMessage(tx, {
        userIds,
        ...deadlineMessage(task, subject.machine.tasks?.[task.taskType] ?? task.taskType, title, isOverdue),
        busId: task.subjectId,
        openPage: subject.inboxPage ?? null,
        sender: '系统',
        at: now,
      });
      if (isOverdue) overdue += 1;
      else reminded += 1;
    }
    return { reminded, overdue };
  });
}

function deadlineMessage(task: TaskRow, taskLabel: string, title: string, isOverdue: boolean) {
  const due = localTime(task.dueAt as Date);
  return isOverdue
    ? {
        messageType: DEADLINE_MESSAGE_TYPES.overdue,
        title: `${taskLabel}已逾期：${title}`,
        text: `办理时限为 ${due}，已逾期，请尽快处理。`,
      }
    : {
        messageType: DEADLINE_MESSAGE_TYPES.due,
        title: `${taskLabel}即将到期：${title}`,
        text: `请于 ${due} 前办理。`,
      };
}
