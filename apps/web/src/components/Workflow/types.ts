import type { Machine, Page, SubjectState, TaskDecision, TaskStatus } from '@odp/contracts';
import type { ReactNode } from 'react';
import type { ListParams, ResourceColumn, ResourceQueryKeys } from '../ResourcePage';

/** What a transition sends besides the ids: the comment, and the values of the fields a page adds. */
export type TransitionInput = { comment?: string } & Record<string, unknown>;

/** How one transition is confirmed, where a record needs more than the machine says. */
export type TransitionDialog<Item> = {
  /** The question, in place of 确定对<记录>「名称」<动作>吗？ */
  question?: (items: Item[]) => string;
  /** What the transition leads to, under the question. */
  hint?: string;
  /** Form items before the comment (e.g. a reason from a dictionary); their values go with the call. */
  fields?: ReactNode;
  /** The comment box's label and missing message, or false when the transition takes no comment. */
  comment?: false | { label: string; missing: string };
};

/**
 * The web side of one machine: how to read its records and how to call its transitions. Row buttons,
 * batch buttons and the transition dialog are all drawn from it.
 */
export type Workflow<Item, A extends string = string> = {
  machine: Machine<A>;
  idOf: (item: Item) => string;
  nameOf: (item: Item) => string;
  /** The actions the server allows the caller on the record, when its rows carry them. */
  actionsOf?: (item: Item) => readonly string[] | undefined;
  /** The record's state, from which the user's permissions give its actions when the server sends none. */
  stateOf?: (item: Item) => SubjectState;
  /** The actions the web takes through `run`; others are taken elsewhere (decisions in an inbox). Default all. */
  offers?: readonly A[];
  /**
   * Calls the server. An answer that is a `BatchResult` is shown per id, any other answer means every
   * id went through; a rejection carrying a `BatchResult` in `result` (all refused) is shown the same way.
   */
  run: (action: A, ids: string[], input: TransitionInput) => Promise<unknown>;
  /** The calls are silent, so the dialog reports their failures; otherwise the request client already has. */
  silent?: boolean;
  /** Query keys a transition makes stale: lists, details, to-do counts, menu badges. */
  invalidates: ReadonlyArray<readonly unknown[]>;
  /** `popconfirm` asks in place; a transition needing a comment or fields still opens the dialog. */
  confirm?: 'dialog' | 'popconfirm';
  dialogs?: Partial<Record<A, TransitionDialog<Item>>>;
  /** Actions drawn as primary buttons where the buttons stand alone (a detail page's header). */
  primary?: readonly A[];
  /** A further permission that lets a user try an action in batch; the server decides per record. */
  batchPermissions?: Partial<Record<A, string>>;
};

/** Declares a workflow; an identity function so that TypeScript checks it against the record type. */
export function defineWorkflow<Item, const A extends string>(workflow: Workflow<Item, A>): Workflow<Item, A> {
  return workflow;
}

/** A transition as a button. */
export type TransitionButton<A extends string = string> = {
  action: A;
  label: string;
  danger: boolean;
  primary: boolean;
};

/** The decisions an inbox takes on its tasks. */
export type InboxDecision = Extract<TaskDecision, 'approve' | 'reject'>;

/** A task's status code: 1 待处理, 2 已处理. */
export type TaskStatusCode = (typeof TaskStatus)[keyof typeof TaskStatus];

/** What the inbox reads of every task row; a record's list adds its own fields. */
export type TaskRow = {
  id: string;
  /** `TaskStatus`: 1 待处理, 2 已处理 */
  status: number;
  typeLabel: string;
  launchDepartName: string | null;
  submitter: string | null;
  submitTime: string;
  approvalTime: string | null;
  handler: string | null;
  decision: TaskDecision | null;
  decisionLabel: string | null;
  comment: string | null;
};

/** One review inbox: the tasks of a machine, listed by status, decided one by one or in batch. */
export type TaskInbox<Item extends TaskRow> = {
  /** The page title, e.g. 目录审核. */
  title: string;
  /** What a task is called, e.g. 工单. */
  noun: string;
  machine: Machine;
  queryKeys: ResourceQueryKeys;
  /** The tasks of one status (`TaskStatus`), filtered by the search form's fields. */
  list: (params: ListParams, status: TaskStatusCode) => Promise<Page<Item>>;
  /** Decides the pending tasks of these records; answers like `Workflow.run`. */
  decide: (decision: InboxDecision, subjectIds: string[], comment: string | undefined) => Promise<unknown>;
  /** The reviewed record's id, which decisions name. */
  subjectIdOf: (item: Item) => string;
  nameOf: (item: Item) => string;
  /** The searchable column of the record's name; clicking a name opens the task. */
  nameColumn: { title: string; dataIndex: keyof Item & string };
  /** The record's further columns, after its name; `pending` tells which tab shows them. */
  columns?: (pending: boolean) => ResourceColumn<Item>[];
  /** The field holding the task type (a key of `machine.tasks`); the type filter sends it too. */
  typeField: keyof Item & string;
  typeColors?: Readonly<Record<string, string>>;
  /** What the submitter said with the request. */
  requestOf: (item: Item) => string;
  /** The record under review, in the task's drawer. */
  detail: (item: Item) => ReactNode;
  invalidates: ReadonlyArray<readonly unknown[]>;
  silent?: boolean;
};

/** Declares an inbox; an identity function so that TypeScript checks it against the task row. */
export function defineTaskInbox<Item extends TaskRow>(inbox: TaskInbox<Item>): TaskInbox<Item> {
  return inbox;
}
