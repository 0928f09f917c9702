import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, optionalText, requiredText, trimmedText } from '../core/fields.js';
import { defineMachine, type MachineTransition } from '../core/workflow.js';
import { ShareMessages, SharePerm } from './share-terms.js';

export { ShareMessages, SharePerm } from './share-terms.js';

/**
 * 数据共享: a department applies for another department's catalogue entry (DOMAIN.md §3). The data's
 * department (数源部门) decides first and may narrow the items and the period, then the big-data
 * bureau; granted, the applying department reads exactly the granted items for the granted period
 * (an app key scoped to the entry, and for tables an exchange task), until it is released.
 */

/** status: 0 草稿, 1 数源部门审核中, 2 大数据局审核中, 3 使用中, 4 已驳回, 5 已释放. */
export const ShareStatus = { draft: '0', source: '1', bureau: '2', inUse: '3', rejected: '4', released: '5' } as const;
export type ShareStatus = (typeof ShareStatus)[keyof typeof ShareStatus];
export const SHARE_STATUS_LABEL: Record<ShareStatus, string> = {
  '0': '草稿',
  '1': '数源部门审核中',
  '2': '大数据局审核中',
  '3': '使用中',
  '4': '已驳回',
  '5': '已释放',
};

/** 释放原因 shareOffStatus (dict `share_data_release_status`). */
export const ShareReleaseReason = { normal: '1', manual: '2', offShelf: '3', deleted: '4' } as const;
export type ShareReleaseReason = (typeof ShareReleaseReason)[keyof typeof ShareReleaseReason];
export const SHARE_RELEASE_REASON_LABEL: Record<ShareReleaseReason, string> = {
  '1': '正常释放',
  '2': '手动释放',
  '3': '类目下架',
  '4': '类目删除',
};

/** The lists of `/api/shareData/page` by queryType. */
export const ShareQueryType = { mine: 1, inReview: 2, inUse: 3, released: 4, rejected: 5 } as const;
export const SHARE_QUERY_TYPE_LABEL: Record<number, string> = {
  1: '我的数据',
  2: '审批中',
  3: '正在使用',
  4: '已释放',
  5: '共享驳回记录',
};

export type ShareAction =
  | 'edit'
  | 'submit'
  | 'recall'
  | 'sourceApprove'
  | 'sourceGrant'
  | 'sourceReject'
  | 'bureauApprove'
  | 'bureauReject'
  | 'release'
  | 'systemRelease'
  | 'changeSystem';

/**
 * The permission only the platform itself holds (its jobs and the catalogue's off-shelf and delete):
 * ending a grant whose period is over (正常释放) or whose entry was withdrawn (类目下架, 类目删除).
 */
export const SHARE_SYSTEM_PERM = 'share:system';

export const SHARE_TASK_LABEL = { source: '数源部门审核', bureau: '大数据局审核' } as const;
export type ShareTaskType = keyof typeof SHARE_TASK_LABEL;

const { draft, source, bureau, inUse, rejected, released } = ShareStatus;
const reviewers = { kind: 'role', role: 'reviewer' } as const;

/** Days a node has to decide by default; dict `workflow_due_days` (`share.source`, `share.bureau`) overrides. */
export const SHARE_NODE_DAYS = 5;

/** 共享类型 of the wanted data (GB/T 21063 共享属性): the classes the designer may let skip the bureau's review. */
export const SHARE_TYPE_LABEL = { '10': '无条件共享', '20': '有条件共享', '30': '不予共享' } as const;

export const SHARE_MACHINE = defineMachine({
  subject: 'share',
  label: '共享申请',
  axes: { status: { label: '申请状态', states: SHARE_STATUS_LABEL } },
  tasks: SHARE_TASK_LABEL,
  classes: { label: '共享类型', values: SHARE_TYPE_LABEL },
  allDepartmentsPermission: SharePerm.bureauReview,
  transitions: [
    {
      action: 'edit',
      label: '编辑',
      axis: 'status',
      from: [draft, rejected],
      to: 'same',
      permission: SharePerm.apply,
      applicantOnly: true,
      refusal: '只有草稿或已驳回的申请可以编辑',
    },
    {
      action: 'submit',
      label: '提交申请',
      axis: 'status',
      from: [draft, rejected],
      to: source,
      permission: SharePerm.apply,
      applicantOnly: true,
      task: { opens: 'source', assignee: { kind: 'ownerDepartment' }, dueInWorkingDays: SHARE_NODE_DAYS },
    },
    {
      action: 'recall',
      label: '撤回',
      axis: 'status',
      from: [source],
      to: draft,
      permission: SharePerm.apply,
      applicantOnly: true,
      task: { closes: 'source', decision: 'recall' },
    },
    {
      action: 'sourceApprove',
      label: '数源部门审核通过',
      axis: 'status',
      from: [source],
      to: bureau,
      permission: SharePerm.sourceReview,
      ownDepartment: true,
      task: { closes: 'source', decision: 'approve' },
      opensNext: { opens: 'bureau', assignee: reviewers, dueInWorkingDays: SHARE_NODE_DAYS },
      // The workflow designer may skip the bureau's review for some 共享类型.
      withoutNext: 'sourceGrant',
    },
    {
      // 无条件共享 data the bureau lets through without its own review (dict share_auto_grant).
      action: 'sourceGrant',
      label: '数源部门审核通过并开通',
      axis: 'status',
      from: [source],
      to: inUse,
      permission: SharePerm.sourceReview,
      ownDepartment: true,
      task: { closes: 'source', decision: 'approve' },
    },
    {
      action: 'sourceReject',
      label: '驳回',
      axis: 'status',
      from: [source],
      to: rejected,
      permission: SharePerm.sourceReview,
      ownDepartment: true,
      commentRequired: true,
      commentMissing: ShareMessages.rejectReason,
      task: { closes: 'source', decision: 'reject' },
    },
    {
      action: 'bureauApprove',
      label: '审批通过',
      axis: 'status',
      from: [bureau],
      to: inUse,
      permission: SharePerm.bureauReview,
      task: { closes: 'bureau', decision: 'approve' },
    },
    {
      action: 'bureauReject',
      label: '驳回',
      axis: 'status',
      from: [bureau],
      to: rejected,
      permission: SharePerm.bureauReview,
      commentRequired: true,
      commentMissing: ShareMessages.rejectReason,
      task: { closes: 'bureau', decision: 'reject' },
    },
    {
      action: 'release',
      label: '释放数据',
      axis: 'status',
      from: [inUse],
      to: released,
      permission: SharePerm.release,
      applicantOnly: true,
      danger: true,
    },
    {
      // 更换授权项目: the applying department's application system that uses the data.
      action: 'changeSystem',
      label: '更换授权项目',
      axis: 'status',
      from: [source, bureau, inUse],
      to: 'same',
      permission: SharePerm.apply,
      applicantOnly: true,
      refusal: '只有审批中或使用中的申请可以更换授权项目',
    },
    {
      action: 'systemRelease',
      label: '释放',
      axis: 'status',
      from: [inUse],
      to: released,
      permission: SHARE_SYSTEM_PERM,
    },
  ] satisfies MachineTransition<ShareAction>[],
});

/** One wanted data item: its name, and the reason when the item is shared on conditions. */
export const ShareItemInput = z.object({
  name: requiredText('信息项名称', 100),
  reason: optionalText(200, '申请理由'),
});
export type ShareItemInput = z.infer<typeof ShareItemInput>;

const isoDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .nullable()
    .optional();

/** `/api/share/save` (draft) and the body of `startShareApply`: the application form. */
export const ShareApplyInput = z.object({
  /** Present when saving an existing draft or a rejected application again. */
  applyId: idOf('申请').optional(),
  catalogId: idOf('目录'),
  title: requiredText('申请标题', 100, { missing: true }),
  /** 使用应用系统: an application system of the applying department. */
  useAppSystem: idOf('使用应用系统').nullable().optional(),
  keyAreasType: trimmedText(10),
  applyRemark: requiredText('申请说明', 500, { missing: true }),
  /** 资源服务申请表: an uploaded file's id. */
  applyFileId: idOf('申请表').nullable().optional(),
  startTime: isoDate('开始时间'),
  endTime: isoDate('结束时间'),
  ifForever: z.enum(['0', '1']).default('0'),
  items: z.array(ShareItemInput).max(500, '信息项过多'),
  /** 安全协议书 and 安全保密承诺书 accepted. */
  agreementsAccepted: z.boolean().default(false),
});
export type ShareApplyInput = z.infer<typeof ShareApplyInput>;

/** The source department narrows what is granted (`updateShareNodeData`). */
export const ShareNodeInput = z.object({
  applyId: idOf('申请'),
  dataStartTime: isoDate('开始时间'),
  dataEndTime: isoDate('结束时间'),
  ifForever: z.enum(['0', '1']).optional(),
  /** The granted item names, a subset of the applied ones. */
  items: z.array(requiredText('信息项名称', 100)).min(1, ShareMessages.itemsMissing).max(500),
});
export type ShareNodeInput = z.infer<typeof ShareNodeInput>;

export const ShareDecisionInput = z.object({
  applyId: idOf('申请'),
  decision: z.enum(['approve', 'reject'], { message: '审批结果不正确' }),
  comment: optionalText(500, '审批意见'),
});
export type ShareDecisionInput = z.infer<typeof ShareDecisionInput>;

export const ShareIdQuery = z.object({ applyId: idOf('申请') });

/** 更换授权项目: another of the applying department's application systems. */
export const ShareSystemInput = z.object({ applyId: idOf('申请'), useAppSystem: idOf('应用系统') });
export type ShareSystemInput = z.infer<typeof ShareSystemInput>;
export const ShareCatalogQuery = z.object({ catalogId: idOf('目录') });

/** `/api/shareData/page`. */
export const SharePageQuery = PageQuery.extend({
  queryType: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1 && n <= 5, '列表类型不正确'),
  applyTitle: trimmedText(100),
  catalogName: trimmedText(100),
  useAppSystem: trimmedText(50),
  applyDept: trimmedText(64),
  shareType: trimmedText(10),
  myDataStatus: trimmedText(2),
  shareOffStatus: trimmedText(2),
  startDate: isoDate('开始日期'),
  endDate: isoDate('结束日期'),
});
export type SharePageQuery = z.infer<typeof SharePageQuery>;

/** A row of the 数据共享 lists. */
export type ShareListItem = {
  applyId: string;
  processCode: string;
  applyTitle: string;
  catalogId: string;
  catalogName: string;
  useAppSystem: string | null;
  /** 申请部门 */
  applyDeptName: string | null;
  /** 数源部门 */
  sourceDeptName: string | null;
  /** 数据类型: the entry's 汇聚方式 (dict data_format). */
  shareType: string | null;
  status: ShareStatus;
  statusLabel: string;
  launchDate: string | null;
  openDate: string | null;
  shareOffDate: string | null;
  shareOffStatus: ShareReleaseReason | null;
  rejectDate: string | null;
  message: string | null;
  /** 数据共享量 / 被调用次数 since it was opened. */
  totalNumber: number;
  startTime: string | null;
  endTime: string | null;
  ifForever: boolean;
  /** What the caller may do on this row now. */
  actions: ShareAction[];
};

/** An item as the application form and the review show it. */
export type ShareItemView = {
  name: string;
  enName: string | null;
  /** 10 无条件, 20 有条件, 30 不予共享 */
  shareProperty: string | null;
  sharingCondition: string | null;
  masked: boolean;
  applied: boolean;
  reason: string | null;
  granted: boolean;
};

/** `sourceDepartmentApproval` and the application view: the whole record with its nodes. */
export type ShareDetail = {
  applyId: string;
  processCode: string;
  catalogId: string;
  catalogName: string;
  title: string;
  status: ShareStatus;
  statusLabel: string;
  applyDeptName: string | null;
  sourceDeptName: string | null;
  useAppSystem: string | null;
  useAppSystemName: string | null;
  keyAreasType: string | null;
  applyRemark: string;
  applyFileId: string | null;
  applyFileName: string | null;
  startTime: string | null;
  endTime: string | null;
  ifForever: boolean;
  grantedStartTime: string | null;
  grantedEndTime: string | null;
  grantedForever: boolean;
  items: ShareItemView[];
  /** Who decided what, oldest first: 申请 → 数源部门 → 大数据局. */
  flow: {
    node: string;
    handler: string | null;
    department: string | null;
    decision: string | null;
    comment: string | null;
    at: string | null;
  }[];
  nextNodeName: string | null;
  actions: ShareAction[];
  /** The key the applying department calls the data with, while in use. */
  appKey: string | null;
};

/** `getApplyDefaultInfo`: what the form starts with. */
export type ShareApplyDefaults = {
  catalogId: string;
  catalogName: string;
  title: string;
  applyDept: string | null;
  applyDeptName: string | null;
  keyAreasType: string | null;
  shareType: string | null;
  dataFormat: string | null;
  items: ShareItemView[];
};
