import { type FlowSettings, type Machine, type MachineTransition, type StepSetting, TaskStatus } from '@odp/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { workflowConfigs, workflowTasks } from '../../db/schema/index.js';
import type { Actor } from '../auth/actor.js';

/**
 * The designer's configuration of a machine as one record's run uses it: the version (null when no
 * version existed as the run began, i.e. the code's defaults) and its settings per step.
 */
export type PinnedConfig = { version: number | null; steps: Readonly<Record<string, StepSetting>> };

export const CODE_DEFAULTS: PinnedConfig = { version: null, steps: {} };

const pinnedOf = (row: { version: number; settings: unknown } | undefined): PinnedConfig =>
  row ? { version: row.version, steps: (row.settings as FlowSettings).steps ?? {} } : CODE_DEFAULTS;

/** The latest version of a machine's configuration: the one a run starting now pins. */
export async function currentConfig(db: Executor, subjectType: string): Promise<PinnedConfig> {
  const [row] = await db
    .select({ version: workflowConfigs.version, settings: workflowConfigs.settings })
    .from(workflowConfigs)
    .where(eq(workflowConfigs.subjectType, subjectType))
    .orderBy(desc(workflowConfigs.version))
    .limit(1);
  return pinnedOf(row);
}

/** One saved version, or the code's defaults for null. */
export async function configAt(db: Executor, subjectType: string, version: number | null): Promise<PinnedConfig> {
  if (version === null) return CODE_DEFAULTS;
  const [row] = await db
    .select({ version: workflowConfigs.version, settings: workflowConfigs.settings })
    .from(workflowConfigs)
    .where(and(eq(workflowConfigs.subjectType, subjectType), eq(workflowConfigs.version, version)))
    .limit(1);
  return pinnedOf(row);
}

/**
 * The configuration a transition works under: a transition deciding an open task keeps the version
 * that task was opened with (the run's), one that starts a run takes the current version. A record
 * with no open task of the type (made before tasks existed) takes the current version.
 */
export async function configFor(
  tx: Tx,
  machine: Machine,
  subjectId: string,
  t: MachineTransition,
): Promise<PinnedConfig> {
  const closing = t.task && 'closes' in t.task ? t.task.closes : null;
  if (closing) {
    const [open] = await tx
      .select({ version: workflowTasks.configVersion })
      .from(workflowTasks)
      .where(
        and(
          eq(workflowTasks.subjectType, machine.subject),
          eq(workflowTasks.subjectId, subjectId),
          eq(workflowTasks.taskType, closing),
          eq(workflowTasks.status, TaskStatus.open),
        ),
      )
      .limit(1);
    if (open) return configAt(tx, machine.subject, open.version);
  }
  return currentConfig(tx, machine.subject);
}

/**
 * The transition to take given the configuration's skipped classes: of a pair (a decision handing on
 * to the next review, and its `withoutNext` twin that does not), the configuration picks the twin for
 * the classes it lists and the handing-on one for the others. Without a configured list the caller's
 * choice stands (the module's own rule, e.g. share_auto_grant).
 */
export async function withSkips<A extends string>(
  machine: Machine<A>,
  t: MachineTransition<A>,
  config: PinnedConfig,
  classOf: () => Promise<string | null>,
): Promise<MachineTransition<A>> {
  const primary = t.withoutNext ? t : machine.transitions.find((x) => x.withoutNext === t.action);
  if (!primary?.opensNext || !primary.withoutNext) return t;
  const skip = config.steps[primary.opensNext.opens]?.skipClasses;
  if (!skip) return t;
  const cls = await classOf();
  const action = cls !== null && skip.includes(cls) ? primary.withoutNext : primary.action;
  return machine.transitions.find((x) => x.action === action) ?? t;
}

/** Saves a new version of a machine's configuration; answers its number. */
export async function saveConfigVersion(
  tx: Tx,
  actor: Pick<Actor, 'userId' | 'realname'>,
  subjectType: string,
  settings: FlowSettings,
  comment: string,
): Promise<number> {
  // One save at a time per machine: the next number is read and written under this lock.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wf_config:${subjectType}`}))`);
  const { version } = await currentConfig(tx, subjectType);
  const next = (version ?? 0) + 1;
  await tx.insert(workflowConfigs).values({
    subjectType,
    version: next,
    settings,
    comment,
    createdBy: actor.userId,
    createdByName: actor.realname,
  });
  return next;
}

/** Every version of a machine's configuration, newest first, a page at a time, and how many there are. */
export async function listConfigVersions(db: Executor, subjectType: string, page: { offset: number; limit: number }) {
  const where = eq(workflowConfigs.subjectType, subjectType);
  const [{ total }] = await db.select({ total: count() }).from(workflowConfigs).where(where);
  const rows = await db
    .select({
      version: workflowConfigs.version,
      comment: workflowConfigs.comment,
      createdBy: workflowConfigs.createdByName,
      createdAt: workflowConfigs.createdAt,
    })
    .from(workflowConfigs)
    .where(where)
    .orderBy(desc(workflowConfigs.version))
    .offset(page.offset)
    .limit(page.limit);
  return { rows, total: Number(total) };
}

/** A saved version with who saved it, or null. */
export async function findConfigVersion(db: Executor, subjectType: string, version: number) {
  const [row] = await db
    .select()
    .from(workflowConfigs)
    .where(and(eq(workflowConfigs.subjectType, subjectType), eq(workflowConfigs.version, version)))
    .limit(1);
  return row ?? null;
}

/** The latest saved version with who saved it, or null. */
export async function latestConfigVersion(db: Executor, subjectType: string) {
  const [row] = await db
    .select()
    .from(workflowConfigs)
    .where(eq(workflowConfigs.subjectType, subjectType))
    .orderBy(desc(workflowConfigs.version))
    .limit(1);
  return row ?? null;
}
