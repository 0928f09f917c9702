import type { OpsOutcome, OpsTaskStatus, OpsTrigger } from '@odp/contracts';
import type { SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../auth/actor.js';

/**
 * The columns every source's task statement selects, in this order and with these names, so that
 * 任务运维 lists, filters and pages all kinds in one `union all`:
 * `id, name, depart_name, schedule, status, last_started_at, last_finished_at, last_outcome, last_message,
 * next_run_at` (null where SQL cannot tell; `nextRun` may then compute it for the listed rows).
 */
export type OpsTaskRow = {
  id: string;
  name: string;
  departName: string | null;
  schedule: string | null;
  status: OpsTaskStatus;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastOutcome: OpsOutcome | null;
  lastMessage: string | null;
  nextRunAt: Date | null;
};

/**
 * The columns every source's run statement selects:
 * `id, task_id, task_name, trigger, started_at, finished_at, outcome, message`.
 */
export type OpsRunRow = {
  id: string;
  taskId: string;
  taskName: string;
  trigger: OpsTrigger;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: OpsOutcome;
  message: string | null;
};

/** What an operation is given: the installation (for services that reach data sources) and who asked. */
export type OpsContext = { db: Db; actor: Actor; config: Config };

/**
 * One kind of background task, declared by the module that owns it (manifest `operations`). The
 * statements read the module's own tables; the actions call the module's own services, which log
 * and authorise as they always do. An action a kind does not offer is absent.
 */
export type OpsSource = {
  kind: string;
  label: string;
  /** A function when the statement depends on what is known only once the modules are installed. */
  tasks: SQL | (() => SQL);
  runs: SQL | (() => SQL);
  /** When the task will run next, for a row whose statement could not tell (a cron expression). */
  nextRun?(task: OpsTaskRow, now: Date): Date | null;
  /** 立即执行; resolves to the run's message once it finished (a failure rejects with its reason). */
  run?(ctx: OpsContext, taskId: string): Promise<string>;
  pause?(ctx: OpsContext, taskId: string): Promise<void>;
  resume?(ctx: OpsContext, taskId: string): Promise<void>;
  /** 重试 of a failed run: runs its task again as that run did (same mode or parameter). */
  retry?(ctx: OpsContext, run: OpsRunRow): Promise<string>;
  /** Whether an action applies to a task in its present state (e.g. no 暂停 of a paused job). */
  allows?(task: OpsTaskRow, action: 'run' | 'pause' | 'resume'): boolean;
};

export const defineOpsSource = (source: OpsSource): OpsSource => source;
