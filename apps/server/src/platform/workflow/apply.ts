import {
  addWorkingDays,
  type BatchResult,
  commentRefusal,
  type MachineTransition,
  refusalOf,
  type SubjectState,
  type TaskOpening,
  transitionIn,
  WORKFLOW_DUE_DICT,
} from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import { departs, dictItems, dicts } from '../../db/schema/index.js';
import { logOperation } from '../audit/log.js';
import type { Actor } from '../auth/actor.js';
import { ownsDepartment } from '../auth/scope.js';
import { AppError, badRequest } from '../http/errors.js';
import { sendBusinessMessage } from '../messaging/business-message.js';
import { transitionObservers } from '../module-registry.js';
import { loadWorkCalendar } from './calendar.js';
import { configFor, type PinnedConfig, withSkips } from './config.js';
import { recordHistory } from './history.js';
import type { SubjectAdapter, SubjectRecord, TransitionContext, TransitionInput } from './subject.js';
import { closeTasks, openTask } from './tasks.js';

/** Which action to apply: a fixed one, or one chosen from the record inside its transaction. */
export type ActionPick<A extends string, R> = A | ((record: R) => A | { refused: string });

/** The refusal when the actor lacks the transition's permission. */
export const noPermission = (t: MachineTransition) => `没有${t.label}的权限`;

/** Facts about the caller read once per batch rather than once per record. */
type BatchFacts = { departName: string | null; now: () => Date };

async function departNameOf(db: Executor, orgCode: string | null): Promise<string | null> {
  if (!orgCode) return null;
  const [row] = await db
    .select({ name: departs.departName })
    .from(departs)
    .where(eq(departs.orgCode, orgCode))
    .limit(1);
  return row?.name ?? null;
}

function nextState<R extends SubjectRecord>(
  adapter: SubjectAdapter<string, R>,
  record: R,
  t: MachineTransition,
): SubjectState {
  if (t.to === 'same') return record.state;
  const value = t.to === 'previous' ? adapter.previous?.(record, t.axis) : t.to;
  if (value === undefined) throw new Error(`${adapter.machine.subject}.${t.action}: no previous state`);
  return { ...record.state, [t.axis]: value };
}

/** The user who applied, or a member of the department that applied. */
function isApplicant(actor: Actor, record: SubjectRecord): boolean {
  if (record.applicantId !== null && record.applicantId === actor.userId) return true;
  return Boolean(record.applicantOrgCode) && record.applicantOrgCode === actor.orgCode;
}

/** A refusal with the HTTP status a single-record call answers it with. */
type Refused = { refused: string; status: 400 | 403 | 404 };
type Applied<T> = { value: T };

/**
 * Applies one transition to one record in its own transaction: lock, permission, department scope,
 * the machine's refusals, then the new state through the adapter, the caller's own writes, the
 * history row, the tasks it opens or decides, the submitters' message, the operation log and the
 * push. A refusal writes nothing.
 */
async function applyOne<A extends string, R extends SubjectRecord, Extra, T>(
  db: Db,
  actor: Actor,
  adapter: SubjectAdapter<A, R, Extra>,
  id: string,
  pick: ActionPick<A, R>,
  input: TransitionInput<Extra>,
  facts: BatchFacts,
  after?: (tx: Tx, record: R, next: SubjectState) => Promise<T>,
): Promise<Refused | Applied<T | undefined>> {
  const { machine } = adapter;
  return db.transaction(async (tx): Promise<Refused | Applied<T | undefined>> => {
    const record = await adapter.load(tx, id);
    if (!record) return { refused: adapter.messages.notFound, status: 404 };
    const action = typeof pick === 'function' ? pick(record) : pick;
    if (typeof action === 'object') return { refused: action.refused, status: 400 };
    const picked = transitionIn(machine, action);
    const config = await configFor(tx, machine, id, picked);
    const t = await withSkips(machine, picked, config, async () => (await adapter.flowClass?.(tx, record)) ?? null);
    if (!actor.perms.has(t.permission)) return { refused: noPermission(t), status: 403 };
    if (t.ownDepartment && !ownsDepartment(actor, record.orgCode, machine.allDepartmentsPermission)) {
      return { refused: adapter.messages.notOwn, status: 403 };
    }
    if (t.applicantOnly && !isApplicant(actor, record)) {
      return { refused: adapter.messages.notApplicant ?? adapter.messages.notOwn, status: 403 };
    }
    const refused = refusalOf(machine, t, record.state) ?? commentRefusal(t, input.comment);
    if (refused) return { refused, status: 400 };

    const ctx: TransitionContext<Extra> = {
      actor,
      comment: input.comment?.trim() || null,
      extra: input.extra,
      now: facts.now(),
    };
    const next = nextState(adapter, record, t);
    const moved = await adapter.write(tx, record, next, t, ctx);
    const value = await after?.(tx, record, next);
    await settleTasks(tx, adapter, moved ? { ...record, orgCode: moved.orgCode } : record, t, ctx, config);
    await recordHistory(tx, {
      subjectType: machine.subject,
      subjectId: id,
      action: t.action,
      from: record.state,
      to: next,
      comment: adapter.historyComment ? adapter.historyComment(t, ctx) : ctx.comment,
      actor,
      departName: facts.departName,
      at: ctx.now,
    });
    for (const observe of transitionObservers()) {
      await observe(tx, {
        subjectType: machine.subject,
        action: t.action,
        id,
        from: record.state,
        to: next,
        orgCode: record.orgCode,
        applicantOrgCode: record.applicantOrgCode ?? null,
        now: ctx.now,
      });
    }
    const operation = adapter.operation?.(t, record) ?? {
      type: `${machine.subject}:${t.action}`,
      content: `${t.label}：${record.describe}`,
    };
    await logOperation(tx, actor, { content: operation.content, operateType: operation.type, target: id });
    return { value };
  });
}

/** Opens the task a transition opens, or decides the open ones and tells their submitters. */
async function settleTasks<A extends string, R extends SubjectRecord, Extra>(
  tx: Tx,
  adapter: SubjectAdapter<A, R, Extra>,
  record: R,
  t: MachineTransition<A>,
  ctx: TransitionContext<Extra>,
  config: PinnedConfig,
) {
  const subjectType = adapter.machine.subject;
  const open = async (opening: TaskOpening, submitterId: string) => {
    // The run's configuration first, then the dictionary's deadline, then the machine's.
    const step = config.steps[opening.opens];
    const days = step?.dueDays ?? (await dueDaysSetting(tx, subjectType, opening.opens)) ?? opening.dueInWorkingDays;
    const dueAt = days === undefined ? null : addWorkingDays(ctx.now, days, await loadWorkCalendar(tx));
    const lead = step?.remindBeforeHours;
    await openTask(tx, {
      subjectType,
      subjectId: record.id,
      taskType: opening.opens,
      assignee: opening.assignee.kind !== 'applicant' && step?.assignee ? step.assignee : opening.assignee,
      ownerOrgCode: record.orgCode,
      applicantId: record.applicantId,
      submitterId,
      dueAt,
      remindAt: dueAt && lead ? new Date(dueAt.getTime() - lead * 3_600_000) : null,
      configVersion: config.version,
      payload: adapter.taskPayload?.(t, ctx) ?? null,
      now: ctx.now,
    });
  };
  if (t.task && 'opens' in t.task) await open(t.task, ctx.actor.userId);
  if (t.task && 'closes' in t.task) {
    const submitters = await closeTasks(tx, subjectType, record.id, t.task.closes, {
      handlerId: ctx.actor.userId,
      decision: t.task.decision,
      comment: ctx.comment,
      now: ctx.now,
    });
    const message = t.task.decision === 'recall' ? null : adapter.decisionMessage?.(record, t, ctx);
    if (message) {
      // Records made before tasks existed (imports, demo data) tell their applicant instead.
      const recipients = (submitters.length ? submitters : [record.applicantId]).filter((u) => u !== null);
      await sendBusinessMessage(tx, { ...message, userIds: recipients, busId: record.id, sender: ctx.actor.realname });
    }
    // The request moves on to the next review as the applicant's, not the reviewer's.
    if (t.opensNext)
      await open(t.opensNext, submitters.find((u) => u !== null) ?? record.applicantId ?? ctx.actor.userId);
  }
}

/** An administrator's deadline for a task type (dict `workflow_due_days`), if set to a whole number of days. */
async function dueDaysSetting(tx: Tx, subjectType: string, taskType: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ text: dictItems.itemText })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(
      and(
        eq(dicts.dictCode, WORKFLOW_DUE_DICT),
        eq(dictItems.itemValue, `${subjectType}.${taskType}`),
        eq(dictItems.status, 1),
      ),
    )
    .limit(1);
  const days = row ? Number(row.text.trim()) : Number.NaN;
  return Number.isInteger(days) && days > 0 && days <= 365 ? days : undefined;
}

/**
 * Applies a transition to each id, each in its own transaction, and answers per id: one refusal
 * never undoes another record's change. Ids are taken once each, in the order given.
 */
export async function applyTransitions<A extends string, R extends SubjectRecord, Extra>(
  db: Db,
  actor: Actor,
  adapter: SubjectAdapter<A, R, Extra>,
  ids: readonly string[],
  pick: ActionPick<A, R>,
  input: TransitionInput<Extra> = {},
  clock: () => Date = () => new Date(),
): Promise<BatchResult> {
  const facts: BatchFacts = { departName: await departNameOf(db, actor.orgCode), now: clock };
  const result: BatchResult = { succeeded: [], refused: [] };
  for (const id of new Set(ids)) {
    const outcome = await applyOne(db, actor, adapter, id, pick, input, facts);
    if ('refused' in outcome) result.refused.push({ id, reason: outcome.refused });
    else result.succeeded.push(id);
  }
  return result;
}

/**
 * Applies one transition to one record for calls that answer the record (发布公告): a refusal is
 * thrown with its status (404 missing, 403 not allowed, 400 otherwise). `after` runs in the same
 * transaction once the state is written, for the record's own changes, and its value is answered.
 */
export async function applyTransition<A extends string, R extends SubjectRecord, Extra>(
  db: Db,
  actor: Actor,
  adapter: SubjectAdapter<A, R, Extra>,
  id: string,
  action: A,
  input?: TransitionInput<Extra>,
): Promise<void>;
export async function applyTransition<A extends string, R extends SubjectRecord, Extra, T>(
  db: Db,
  actor: Actor,
  adapter: SubjectAdapter<A, R, Extra>,
  id: string,
  action: A,
  input: TransitionInput<Extra>,
  after: (tx: Tx, record: R, next: SubjectState) => Promise<T>,
): Promise<T>;
export async function applyTransition<A extends string, R extends SubjectRecord, Extra, T>(
  db: Db,
  actor: Actor,
  adapter: SubjectAdapter<A, R, Extra>,
  id: string,
  action: A,
  input: TransitionInput<Extra> = {},
  after?: (tx: Tx, record: R, next: SubjectState) => Promise<T>,
): Promise<T | undefined> {
  const facts: BatchFacts = { departName: await departNameOf(db, actor.orgCode), now: input.now ?? (() => new Date()) };
  const outcome = await applyOne(db, actor, adapter, id, action, input, facts, after);
  if ('refused' in outcome) throw new AppError(outcome.status, outcome.refused);
  return outcome.value;
}

export { departNameOf };

/** When every id was refused the call failed: a 400 with the first reason, the per-id answer as result. */
export function settle(result: BatchResult, doneMessage: string): { result: BatchResult; message: string } {
  if (result.succeeded.length === 0 && result.refused.length > 0) throw badRequest(result.refused[0].reason, result);
  const message = result.refused.length
    ? `成功 ${result.succeeded.length} 条，${result.refused.length} 条未处理：${result.refused[0].reason}`
    : doneMessage;
  return { result, message };
}
