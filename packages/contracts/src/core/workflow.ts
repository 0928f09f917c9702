/**
 * The workflow kernel's vocabulary. A record that moves through reviews (a catalogue entry, an
 * announcement, later share and open applications, tickets, results) declares one machine: its state
 * axes with Chinese labels and a table of transitions. The server applies a transition only if the
 * table has it and its conditions hold; the web derives the buttons a row shows from the same table.
 * This file is free of zod so that portal pages can import labels without the validation library.
 */

/** A state of one axis: the stored code (a number or a dictionary string). */
export type StateValue = number | string;

/** One state axis of a record, e.g. 编目状态 of a catalogue entry; `states` maps codes to labels. */
export type Axis = { label: string; states: Readonly<Record<string, string>> };

/** The whole state of a record, one value per axis. */
export type SubjectState = Readonly<Record<string, StateValue>>;

/** Who owes the work a task stands for. */
export type TaskAssignee =
  /**
   * The department that owns the record (its 数源单位 / the routed department); with `orRole`, a record
   * owned by no department is owed by that role instead (the bureau's desk of an unrouted ticket).
   */
  | { kind: 'ownerDepartment'; orRole?: string }
  /** Every holder of a role, e.g. the bureau's reviewers. */
  | { kind: 'role'; role: string }
  /** One department, whatever the record's (an administrator's choice in the workflow designer). */
  | { kind: 'department'; orgCode: string }
  /** The user who applied or submitted the record. */
  | { kind: 'applicant' };

export type TaskDecision = 'approve' | 'reject' | 'recall';

export const TASK_DECISION_LABEL: Readonly<Record<TaskDecision, string>> = {
  approve: '通过',
  reject: '驳回',
  recall: '已撤回',
};

/**
 * Dictionary of review deadlines an administrator may set: item value `<subject>.<taskType>` (e.g.
 * `share.source`), item text the number of working days. It overrides a machine's `dueInWorkingDays`.
 */
export const WORKFLOW_DUE_DICT = 'workflow_due_days';

/** 1 待处理, 2 已处理 */
export const TaskStatus = { open: 1, done: 2 } as const;

/** A transition that opens a task of a type, owed by the assignee, optionally due in working days. */
export type TaskOpening = { opens: string; assignee: TaskAssignee; dueInWorkingDays?: number };
/** A transition that decides the open tasks of a type. */
export type TaskClosing = { closes: string; decision: TaskDecision };

/** States of an axis, and what to say when a record is (blockedWhen) or is not (requires) in one of them. */
export type StateCondition = { axis: string; in: readonly StateValue[]; refusal: string };

export type MachineTransition<A extends string = string> = {
  action: A;
  label: string;
  /** The axis this transition moves. */
  axis: string;
  from: readonly StateValue[];
  /** The next state of the axis; 'same' leaves it (an edit gated by state), 'previous' restores one the adapter kept. */
  to: StateValue | 'same' | 'previous';
  /** The permission code the actor must hold; the route serving the action declares the same code. */
  permission: string;
  commentRequired?: boolean;
  /** What to say when the comment is missing; default `请填写<label>意见`. */
  commentMissing?: string;
  /** What to say when the state is not in `from`; default `当前状态为“<state>”，不能<label>`. */
  refusal?: string;
  task?: TaskOpening | TaskClosing;
  /**
   * With a closing `task`: the next review this decision hands the record to (数源部门 → 大数据局). The
   * next task keeps the submitter of the one decided, so the applicant hears of every step.
   */
  opensNext?: TaskOpening;
  /**
   * Only the record's applicant may take it: the user who applied, or anyone of the applying
   * department when a department applied (a share application). Reviewers get no exception.
   */
  applicantOnly?: boolean;
  /** Only the owning department may take it, unless the actor holds the machine's all-departments permission. */
  ownDepartment?: boolean;
  /** Checked before `from`: e.g. nothing but 恢复 may touch a deleted entry. */
  blockedWhen?: StateCondition;
  /** Checked after `from`: e.g. 上架 needs an approved catalogue. */
  requires?: StateCondition;
  /** The web asks for confirmation in red. */
  danger?: boolean;
  /**
   * With `opensNext`: the action taken instead when the configuration in force skips the next review
   * for the record's class (数源部门审核通过 → 通过并开通 without the bureau). Same permission and axis.
   */
  withoutNext?: A;
};

export type Machine<A extends string = string> = {
  /** The subject type this machine drives, e.g. `catalogue`; also the key of its tasks and history rows. */
  subject: string;
  /** What the record is called in messages, e.g. 目录. */
  label: string;
  axes: Readonly<Record<string, Axis>>;
  transitions: readonly MachineTransition<A>[];
  /** Task types with their labels, e.g. catalog → 编目审核. */
  tasks?: Readonly<Record<string, string>>;
  /** Holders act on every department's records (reviewers); everyone else on their current department's. */
  allDepartmentsPermission?: string;
  /**
   * The classes of records the configuration may skip a `withoutNext` review for (e.g. 共享类型), with
   * labels; the subject adapter's `flowClass` says which class a record is.
   */
  classes?: { label: string; values: Readonly<Record<string, string>> };
};

/** The answer of a batch: which ids moved, and why each other one did not. */
export type BatchResult = { succeeded: string[]; refused: { id: string; reason: string }[] };

/**
 * Checks a machine's table once, where it is declared: unknown axes, states outside an axis, repeated
 * actions and task types without a label are mistakes that would otherwise surface as odd refusals.
 */
export function defineMachine<const A extends string>(machine: Machine<A>): Machine<A> {
  const seen = new Set<string>();
  const known = (axis: string, value: StateValue) => Object.hasOwn(machine.axes[axis]?.states ?? {}, String(value));
  for (const t of machine.transitions) {
    if (seen.has(t.action)) throw new Error(`${machine.subject}: action ${t.action} declared twice`);
    seen.add(t.action);
    if (!machine.axes[t.axis]) throw new Error(`${machine.subject}.${t.action}: unknown axis ${t.axis}`);
    for (const s of t.from)
      if (!known(t.axis, s)) throw new Error(`${machine.subject}.${t.action}: unknown state ${s}`);
    if (t.to !== 'same' && t.to !== 'previous' && !known(t.axis, t.to)) {
      throw new Error(`${machine.subject}.${t.action}: unknown target ${t.to}`);
    }
    for (const c of [t.blockedWhen, t.requires]) {
      if (c && !machine.axes[c.axis]) throw new Error(`${machine.subject}.${t.action}: unknown axis ${c.axis}`);
    }
    const taskType = t.task && ('opens' in t.task ? t.task.opens : t.task.closes);
    if (taskType && !machine.tasks?.[taskType]) throw new Error(`${machine.subject}: task ${taskType} has no label`);
    if (t.opensNext) {
      if (!t.task || !('closes' in t.task))
        throw new Error(`${machine.subject}.${t.action}: opensNext needs a closing task`);
      if (!machine.tasks?.[t.opensNext.opens]) {
        throw new Error(`${machine.subject}: task ${t.opensNext.opens} has no label`);
      }
    }
    if (t.withoutNext) {
      const alt = machine.transitions.find((x) => x.action === t.withoutNext);
      if (!t.opensNext || !alt || alt.axis !== t.axis || alt.permission !== t.permission || !machine.classes)
        throw new Error(`${machine.subject}.${t.action}: withoutNext needs opensNext, classes and a twin action`);
    }
  }
  return machine;
}

export function transitionIn<A extends string>(machine: Machine<A>, action: string): MachineTransition<A> {
  const t = machine.transitions.find((x) => x.action === action);
  if (!t) throw new Error(`${machine.subject}: unknown action ${action}`);
  return t;
}

export function findTransition<A extends string>(machine: Machine<A>, action: string): MachineTransition<A> | null {
  return machine.transitions.find((x) => x.action === action) ?? null;
}

export function stateLabel(machine: Machine, axis: string, value: StateValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  return machine.axes[axis]?.states[String(value)] ?? String(value);
}

const isIn = (c: StateCondition, state: SubjectState) => c.in.includes(state[c.axis]);

/** Why the transition may not be taken from this state, or null when it may. Permission and scope are separate. */
export function refusalOf(machine: Machine, t: MachineTransition, state: SubjectState): string | null {
  if (t.blockedWhen && isIn(t.blockedWhen, state)) return t.blockedWhen.refusal;
  const current = state[t.axis];
  if (!t.from.includes(current)) {
    return t.refusal ?? `当前状态为“${stateLabel(machine, t.axis, current)}”，不能${t.label}`;
  }
  if (t.requires && !isIn(t.requires, state)) return t.requires.refusal;
  return null;
}

/** The comment refusal of a transition that needs one and did not get it, else null. */
export function commentRefusal(t: MachineTransition, comment: string | null | undefined): string | null {
  if (!t.commentRequired || comment?.trim()) return null;
  return t.commentMissing ?? `请填写${t.label}意见`;
}

/** Actions a holder of `perms` may take on a record in this state now, in table order: the row's buttons. */
export function allowedActions<A extends string>(
  machine: Machine<A>,
  state: SubjectState,
  perms: ReadonlySet<string>,
): A[] {
  return machine.transitions
    .filter((t) => perms.has(t.permission) && refusalOf(machine, t, state) === null)
    .map((t) => t.action);
}

/** The task type a transition opens or closes, if any. */
export const taskTypeOf = (t: MachineTransition): string | null =>
  t.task ? ('opens' in t.task ? t.task.opens : t.task.closes) : null;

/** The open task types of a record in this state: the reviews it waits for. */
export function pendingTaskTypes(machine: Machine, state: SubjectState): string[] {
  const types = new Set<string>();
  for (const t of machine.transitions) {
    if (t.task && 'closes' in t.task && refusalOf(machine, t, state) === null) types.add(t.task.closes);
  }
  return [...types];
}

/** The action deciding a pending task of a type with this decision, if the machine has one for the state. */
export function decisionAction<A extends string>(
  machine: Machine<A>,
  state: SubjectState,
  decision: TaskDecision,
): A | null {
  const t = machine.transitions.find(
    (x) => x.task && 'closes' in x.task && x.task.decision === decision && refusalOf(machine, x, state) === null,
  );
  return t?.action ?? null;
}
