import {
  type FlowSettings,
  WorkflowDesignMessages as M,
  type Machine,
  type Page,
  type PageQuery,
  type StepSetting,
  type TaskAssignee,
  toPage,
  WORKFLOW_DUE_DICT,
  type WorkflowConfigSave,
  type WorkflowConfigVersion,
  type WorkflowMachineDetail,
  type WorkflowMachineItem,
  type WorkflowStepInfo,
  type WorkflowVersionItem,
} from '@odp/contracts';
import type { Db, Executor } from '../../db/client.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import {
  findConfigVersion,
  latestConfigVersion,
  listConfigVersions,
  saveConfigVersion,
} from '../../platform/workflow/config.js';
import { registeredSubjects, subjectOf } from '../../platform/workflow/registry.js';
import {
  deadlineJobParameter,
  departOptions,
  enabledDictItems,
  existingDeparts,
  existingRoles,
  roleOptions,
} from './repository.js';

/** The deadline job's lead time when its parameter says nothing (its schema's default). */
const JOB_DEFAULT_REMIND_HOURS = 24;

/** Who decides a step in code, in words, with role and department names where known. */
const assigneeText = (a: TaskAssignee, roleName: Map<string, string>, departName: Map<string, string>): string => {
  switch (a.kind) {
    case 'ownerDepartment':
      return a.orRole ? `数源部门（无部门时由${roleName.get(a.orRole) ?? a.orRole}办理）` : '数源部门';
    case 'role':
      return `角色“${roleName.get(a.role) ?? a.role}”`;
    case 'department':
      return departName.get(a.orgCode) ?? a.orgCode;
    case 'applicant':
      return '申请人';
  }
};

/** Each task type of a machine with the opening that declares it in code (the first one found). */
function openingsOf(machine: Machine) {
  const found = new Map<string, { assignee: TaskAssignee; due: number | null; skippable: boolean }>();
  for (const t of machine.transitions) {
    for (const o of [t.task && 'opens' in t.task ? t.task : null, t.opensNext ?? null]) {
      if (!o) continue;
      const skippable = o === t.opensNext && Boolean(t.withoutNext);
      const known = found.get(o.opens);
      if (known) known.skippable ||= skippable;
      else found.set(o.opens, { assignee: o.assignee, due: o.dueInWorkingDays ?? null, skippable });
    }
  }
  return found;
}

function machineOf(subject: string): Machine {
  const adapter = subjectOf(subject);
  if (!adapter) throw notFound(M.subjectUnknown);
  return adapter.machine;
}

const presentVersion = (row: NonNullable<Awaited<ReturnType<typeof findConfigVersion>>>): WorkflowConfigVersion => ({
  version: row.version,
  settings: row.settings as FlowSettings,
  comment: row.comment,
  createdBy: row.createdByName,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Checks a configuration against its machine and the platform's roles and departments; answers it
 * with empty steps left out, so that a version holds only what was set.
 */
async function checkSettings(
  db: Executor,
  machine: Machine,
  steps: Record<string, StepSetting>,
): Promise<FlowSettings> {
  const openings = openingsOf(machine);
  const kept: Record<string, StepSetting> = {};
  const roleCodes: string[] = [];
  const orgCodes: string[] = [];
  for (const [type, step] of Object.entries(steps)) {
    const code = openings.get(type);
    if (!code) throw badRequest(M.stepUnknown(type));
    const label = machine.tasks?.[type] ?? type;
    if (step.assignee && code.assignee.kind === 'applicant') throw badRequest(M.assigneeFixed(label));
    if (step.skipClasses) {
      if (!code.skippable) throw badRequest(M.notSkippable(label));
      const unknown = step.skipClasses.find((c) => !Object.hasOwn(machine.classes?.values ?? {}, c));
      if (unknown !== undefined) throw badRequest(M.classUnknown(unknown));
    }
    if (step.assignee?.kind === 'role') roleCodes.push(step.assignee.role);
    if (step.assignee?.kind === 'department') orgCodes.push(step.assignee.orgCode);
    const clean: StepSetting = {
      ...(step.assignee ? { assignee: step.assignee } : {}),
      ...(step.dueDays !== undefined ? { dueDays: step.dueDays } : {}),
      ...(step.remindBeforeHours !== undefined ? { remindBeforeHours: step.remindBeforeHours } : {}),
      ...(step.skipClasses ? { skipClasses: [...new Set(step.skipClasses)].sort() } : {}),
    };
    if (Object.keys(clean).length) kept[type] = clean;
  }
  const knownRoles = await existingRoles(db, roleCodes);
  const missingRole = roleCodes.find((r) => !knownRoles.has(r));
  if (missingRole) throw badRequest(M.roleUnknown(missingRole));
  const knownDeparts = await existingDeparts(db, orgCodes);
  const missingDepart = orgCodes.find((o) => !knownDeparts.has(o));
  if (missingDepart) throw badRequest(M.departUnknown(missingDepart));
  return { steps: kept };
}

/** 流程设计: the kernel's machines, their configuration versions, and saving a new one. */
export const workflowDesignService = {
  async list(db: Db): Promise<WorkflowMachineItem[]> {
    const items: WorkflowMachineItem[] = [];
    for (const adapter of registeredSubjects()) {
      const { machine } = adapter;
      const latest = await latestConfigVersion(db, machine.subject);
      items.push({
        subject: machine.subject,
        label: machine.label,
        axes: Object.values(machine.axes).map((a) => a.label),
        stepCount: Object.keys(machine.tasks ?? {}).length,
        transitionCount: machine.transitions.length,
        version: latest?.version ?? null,
        updatedAt: latest?.createdAt.toISOString() ?? null,
        updatedBy: latest?.createdByName ?? null,
      });
    }
    return items.sort((a, b) => a.subject.localeCompare(b.subject));
  },

  async detail(db: Db, subject: string): Promise<WorkflowMachineDetail> {
    const machine = machineOf(subject);
    const dueDict = await enabledDictItems(db, WORKFLOW_DUE_DICT);
    const roles = await roleOptions(db);
    const departs = await departOptions(db);
    const roleName = new Map(roles.map((r) => [r.code, r.name]));
    const departName = new Map(departs.map((d) => [d.orgCode, d.name]));
    const steps: WorkflowStepInfo[] = [...openingsOf(machine)].map(([type, code]) => {
      const dict = Number(dueDict.get(`${subject}.${type}`)?.trim());
      return {
        type,
        label: machine.tasks?.[type] ?? type,
        codeAssignee: assigneeText(code.assignee, roleName, departName),
        assigneeConfigurable: code.assignee.kind !== 'applicant',
        codeDueDays: code.due,
        dictDueDays: Number.isInteger(dict) && dict > 0 && dict <= 365 ? dict : null,
        skippable: code.skippable,
      };
    });
    const latest = await latestConfigVersion(db, subject);
    const parameter = (await deadlineJobParameter(db, 'workflowDeadlines')) as { remindBeforeHours?: unknown } | null;
    const hours = parameter?.remindBeforeHours;
    return {
      subject,
      label: machine.label,
      machine,
      steps,
      current: latest ? presentVersion(latest) : null,
      jobRemindBeforeHours: typeof hours === 'number' ? hours : JOB_DEFAULT_REMIND_HOURS,
      roles,
      departs,
    };
  },

  async versions(db: Db, query: PageQuery & { subject: string }): Promise<Page<WorkflowVersionItem>> {
    machineOf(query.subject);
    const { rows, total } = await listConfigVersions(db, query.subject, {
      offset: (query.pageNo - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return toPage(
      rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      total,
      query,
    );
  },

  async version(db: Db, subject: string, version: number): Promise<WorkflowConfigVersion> {
    machineOf(subject);
    const row = await findConfigVersion(db, subject, version);
    if (!row) throw notFound(M.versionUnknown);
    return presentVersion(row);
  },

  /** Saves the configuration as the next version, with its operation log row, in one transaction. */
  async save(db: Db, actor: Actor, input: WorkflowConfigSave): Promise<{ version: number }> {
    const machine = subjectOf(input.subject)?.machine;
    if (!machine) throw badRequest(M.subjectUnknown);
    const settings = await checkSettings(db, machine, input.steps);
    return db.transaction(async (tx) => {
      const version = await saveConfigVersion(tx, actor, machine.subject, settings, input.comment);
      await logOperation(tx, actor, {
        content: `保存流程配置：${machine.label} 版本 ${version}（${input.comment}）`,
        operateType: 'workflow:config',
        target: machine.subject,
      });
      return { version };
    });
  },
};
