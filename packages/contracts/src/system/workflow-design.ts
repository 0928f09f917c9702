import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import type { Machine } from '../core/workflow.js';

/**
 * 流程设计 (`/system/workflowDesign`): what an administrator may configure on each machine of the
 * workflow kernel. States and transitions stay in code; per review step the configuration says who
 * decides, the deadline in working days, the reminder lead time, and for a step that a decision may
 * hand on to (the bureau's), the record classes that skip it.
 */

export const WorkflowDesignPerm = {
  list: 'system:workflow:list',
  edit: 'system:workflow:edit',
} as const;

export const WorkflowDesignMessages = {
  subjectUnknown: '流程不存在',
  stepUnknown: (step: string) => `环节“${step}”不存在`,
  assigneeFixed: (label: string) => `环节“${label}”由申请人办理，不能设置办理人`,
  roleUnknown: (role: string) => `角色“${role}”不存在`,
  departUnknown: (org: string) => `部门“${org}”不存在`,
  notSkippable: (label: string) => `环节“${label}”不能按分类跳过`,
  classUnknown: (value: string) => `分类“${value}”不存在`,
  versionUnknown: '流程配置版本不存在',
  saved: (version: number) => `已保存为版本 ${version}，对之后发起的流程生效`,
} as const;

export const WORKFLOW_DUE_DAYS_MAX = 365;
export const WORKFLOW_REMIND_HOURS_MAX = 168;

/** Who decides a step, as configured: the record's department, a role's holders, or one department. */
export const StepAssigneeInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('ownerDepartment') }),
    z.object({ kind: z.literal('role'), role: z.string().trim().min(1, '请选择角色').max(64, '角色编码过长') }),
    z.object({
      kind: z.literal('department'),
      orgCode: z.string().trim().min(1, '请选择部门').max(64, '部门编码过长'),
    }),
  ],
  { error: '办理人类型只能是数源部门、角色或指定部门' },
);
export type StepAssignee = z.infer<typeof StepAssigneeInput>;

export const StepSettingInput = z.object({
  assignee: StepAssigneeInput.optional(),
  dueDays: z
    .number({ error: '办理时限须为整数' })
    .int('办理时限须为整数')
    .min(1, `办理时限须为 1 至 ${WORKFLOW_DUE_DAYS_MAX} 个工作日`)
    .max(WORKFLOW_DUE_DAYS_MAX, `办理时限须为 1 至 ${WORKFLOW_DUE_DAYS_MAX} 个工作日`)
    .optional(),
  remindBeforeHours: z
    .number({ error: '提醒提前量须为整数' })
    .int('提醒提前量须为整数')
    .min(1, `提醒提前量须为 1 至 ${WORKFLOW_REMIND_HOURS_MAX} 小时`)
    .max(WORKFLOW_REMIND_HOURS_MAX, `提醒提前量须为 1 至 ${WORKFLOW_REMIND_HOURS_MAX} 小时`)
    .optional(),
  /** The record classes for which this step is skipped (only a step a decision hands on to). */
  skipClasses: z.array(z.string().max(16, '分类编码过长'), { error: '跳过分类须为列表' }).max(20).optional(),
});
export type StepSetting = z.infer<typeof StepSettingInput>;

/** A machine's configuration: settings per task type. */
export type FlowSettings = { steps: Record<string, StepSetting> };

export const WorkflowSubjectQuery = z.object({
  subject: z.string({ error: '请选择流程' }).trim().min(1, '请选择流程').max(32, '流程编码过长'),
});

export const WorkflowVersionsQuery = PageQuery.extend(WorkflowSubjectQuery.shape);

export const WorkflowVersionQuery = WorkflowSubjectQuery.extend({
  version: z.coerce.number({ error: '版本号须为正整数' }).int('版本号须为正整数').positive('版本号须为正整数'),
});

export const WorkflowConfigSaveInput = WorkflowSubjectQuery.extend({
  steps: z.record(z.string().max(32, '环节编码过长'), StepSettingInput, { error: '请填写环节配置' }),
  comment: z.string({ error: '请填写修改说明' }).trim().min(1, '请填写修改说明').max(200, '修改说明不能超过 200 个字'),
});
export type WorkflowConfigSave = z.infer<typeof WorkflowConfigSaveInput>;

/** One saved version: its settings, who saved it, when and why. */
export type WorkflowConfigVersion = {
  version: number;
  settings: FlowSettings;
  comment: string;
  createdBy: string | null;
  createdAt: string;
};

export type WorkflowVersionItem = Omit<WorkflowConfigVersion, 'settings'>;

/** A row of the designer's list of machines. */
export type WorkflowMachineItem = {
  subject: string;
  label: string;
  axes: string[];
  stepCount: number;
  transitionCount: number;
  version: number | null;
  updatedAt: string | null;
  updatedBy: string | null;
};

/** What a step does in code and what is in force now, for the form. */
export type WorkflowStepInfo = {
  type: string;
  label: string;
  /** Who decides in code; `applicant` steps cannot be reassigned. */
  codeAssignee: string;
  assigneeConfigurable: boolean;
  /** The deadline in code (working days), if any. */
  codeDueDays: number | null;
  /** The deadline in dict `workflow_due_days`, the fallback under the configuration. */
  dictDueDays: number | null;
  /** Whether a decision may skip this step for some record classes. */
  skippable: boolean;
};

export type WorkflowMachineDetail = {
  subject: string;
  label: string;
  machine: Machine;
  steps: WorkflowStepInfo[];
  current: WorkflowConfigVersion | null;
  /** The deadline job's own lead time, for steps without a configured one. */
  jobRemindBeforeHours: number;
  roles: { code: string; name: string }[];
  departs: { orgCode: string; name: string }[];
};
