import type { Machine, MachineTransition, StateValue, SubjectState } from '@odp/contracts';
import type { Executor, Tx } from '../../db/client.js';
import type { Actor } from '../auth/actor.js';

/** What the kernel needs to know of a record, whatever its table. */
export type SubjectRecord = {
  id: string;
  state: SubjectState;
  /** The owning department (数源单位、承办部门), for scope and for tasks owed by it. */
  orgCode: string | null;
  /** The record's name in messages, e.g. 公交线路站点. */
  title: string;
  /** The record as the operation log names it, e.g. 公交线路站点（1-06-001-0001）. */
  describe: string;
  /** Who applied or created it: tasks owed by the applicant, and decisions no task submitter claims. */
  applicantId: string | null;
  /** The department that applied, when a department did (a share application): its members act as the applicant. */
  applicantOrgCode?: string | null;
};

/** What one call carries besides the ids: the comment and whatever the subject's own fields need. */
export type TransitionInput<Extra = unknown> = {
  comment?: string | null;
  extra?: Extra;
  /** The single-record form's clock, when not the wall clock (a service given an injected clock). */
  now?: () => Date;
};

export type TransitionContext<Extra = unknown> = {
  actor: Actor;
  comment: string | null;
  extra: Extra | undefined;
  now: Date;
};

/** The business message that tells submitters of a decision. */
export type DecisionMessage = { messageType: string; title: string; text: string | null; openPage: string | null };

/**
 * How the kernel reads and writes one subject type: the machine, loading a record under a row lock,
 * writing its next state (and what the transition implies for its own columns), and the texts that
 * differ per subject. Everything else (permission, scope, refusals, tasks, history, messages, the
 * operation log and push) is the kernel's.
 */
export type SubjectAdapter<A extends string = string, R extends SubjectRecord = SubjectRecord, Extra = unknown> = {
  machine: Machine<A>;
  /** Loads the record locked for update, so that concurrent transitions of it queue. */
  load(tx: Tx, id: string): Promise<R | null>;
  /**
   * Stores the next state. It may answer the record's new owning department (a ticket 转办 or 退回):
   * the tasks the transition opens are then owed by that department.
   */
  write(
    tx: Tx,
    record: R,
    next: SubjectState,
    t: MachineTransition<A>,
    ctx: TransitionContext<Extra>,
    // biome-ignore lint/suspicious/noConfusingVoidType: most adapters answer nothing
  ): Promise<void | { orgCode: string | null }>;
  /** The state a `to: 'previous'` transition restores on its axis. */
  previous?(record: R, axis: string): StateValue;
  messages: { notFound: string; notOwn: string; notApplicant?: string };
  /** The operation log's type and text; by default `<subject>:<action>` and `<label>：<describe>`. */
  operation?(t: MachineTransition<A>, record: R): { type: string; content: string };
  /** Where the assignee handles the subject's tasks (the link of reminders). */
  inboxPage?: string;
  /** The message telling the submitters of a decided task, or null to say nothing. */
  decisionMessage?(record: R, t: MachineTransition<A>, ctx: TransitionContext<Extra>): DecisionMessage | null;
  /** The payload kept on a task the transition opens. */
  taskPayload?(t: MachineTransition<A>, ctx: TransitionContext<Extra>): unknown;
  /** The history row's comment; the call's comment by default. */
  historyComment?(t: MachineTransition<A>, ctx: TransitionContext<Extra>): string | null;
  /**
   * The record's class among the machine's `classes` (e.g. its data's 共享类型), read only when the
   * configuration skips a review for some classes.
   */
  flowClass?(tx: Tx, record: R): Promise<string | null>;
  /** Titles of records by id, for inboxes and reminders (deleted records may be missing). */
  titles(db: Executor, ids: string[]): Promise<Map<string, string>>;
};

// biome-ignore lint/suspicious/noExplicitAny: the registry holds adapters of every record type
export type AnySubject = SubjectAdapter<string, any, any>;

export function defineSubject<A extends string, R extends SubjectRecord, Extra = unknown>(
  adapter: SubjectAdapter<A, R, Extra>,
): SubjectAdapter<A, R, Extra> {
  return adapter;
}
