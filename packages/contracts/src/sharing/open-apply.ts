import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, optionalText, requiredText, trimmedText } from '../core/fields.js';
import { defineMachine, type MachineTransition } from '../core/workflow.js';

/**
 * 开放申请: a registered person or company applies to use a 有条件开放 dataset (DOMAIN.md §3,
 * next-capabilities §15(a)). The provider department decides, then the bureau when the platform's
 * rule asks for it; granted, one of the applicant's apps reads exactly the granted fields for the
 * granted period within a daily quota, and the applicant reports how the data was used.
 */
export const OpenApplyPerm = {
  /** Apply, see one's own applications, file usage reports (registered users). */
  apply: 'openApply:apply',
  /** The back-office list of applications for the caller's department's data (or all, reviewers). */
  list: 'openApply:list',
  /** Decide the provider node of the caller's department's datasets. */
  providerReview: 'openApply:providerReview',
  /** Decide the bureau node. */
  bureauReview: 'openApply:bureauReview',
  /** End a grant at once, with a reason (provider or bureau). */
  revoke: 'openApply:revoke',
} as const;

/** status: 0 草稿, 1 提供部门审核中, 2 大数据局审核中, 3 已开通, 4 未通过, 5 已撤销, 6 已到期. */
export const OpenApplyStatus = {
  draft: '0',
  provider: '1',
  bureau: '2',
  granted: '3',
  refused: '4',
  revoked: '5',
  expired: '6',
} as const;
export type OpenApplyStatus = (typeof OpenApplyStatus)[keyof typeof OpenApplyStatus];
export const OPEN_APPLY_STATUS_LABEL: Record<OpenApplyStatus, string> = {
  '0': '草稿',
  '1': '提供部门审核中',
  '2': '大数据局审核中',
  '3': '已开通',
  '4': '未通过',
  '5': '已撤销',
  '6': '已到期',
};

export type OpenApplyAction =
  | 'submit'
  | 'providerApprove'
  | 'providerGrant'
  | 'providerReject'
  | 'bureauApprove'
  | 'bureauReject'
  | 'revoke'
  | 'expire';

export const OPEN_APPLY_TASK_LABEL = { provider: '提供部门审核', bureau: '大数据局审核' } as const;

/** Default working days per node; dict `workflow_due_days` (`openApply.provider`, `openApply.bureau`) overrides. */
export const OPEN_APPLY_NODE_DAYS = 10;

/**
 * Dict `open_apply_rule`: item `bureau_review` ('1' the bureau reviews after the provider, '0' the
 * provider's approval grants), `default_daily_quota` (calls a day of a granted key), `report_cycle`
 * ('period' a usage report at the end of the period, 'year' every year as well).
 */
export const OPEN_APPLY_RULE_DICT = 'open_apply_rule';

/** The permission only the platform's own jobs hold: a grant that reached its end. */
export const OPEN_APPLY_SYSTEM_PERM = 'openApply:system';

export const OpenApplyMessages = {
  notFound: '开放申请不存在',
  notOwn: '只能审核本部门数据的开放申请',
  notApplicant: '只能操作本人的开放申请',
  notConditional: '只有有条件开放的数据需要申请',
  agreementMissing: '请阅读并同意《开放利用协议》',
  fieldsMissing: '请至少选择一个字段',
  rejectReason: '请填写不通过的理由',
  revokeReason: '请填写撤销理由',
  reportOverdue: '您有逾期未提交的利用情况报告，请先提交后再申请',
  signIn: '请先登录后再申请',
} as const;

const reviewers = { kind: 'role', role: 'reviewer' } as const;
const { draft, provider, bureau, granted, refused, revoked, expired } = OpenApplyStatus;

export const OPEN_APPLY_MACHINE = defineMachine({
  subject: 'openApply',
  label: '开放申请',
  axes: { status: { label: '申请状态', states: OPEN_APPLY_STATUS_LABEL } },
  tasks: OPEN_APPLY_TASK_LABEL,
  allDepartmentsPermission: OpenApplyPerm.bureauReview,
  transitions: [
    {
      action: 'submit',
      label: '提交申请',
      axis: 'status',
      from: [draft, refused],
      to: provider,
      permission: OpenApplyPerm.apply,
      applicantOnly: true,
      task: { opens: 'provider', assignee: { kind: 'ownerDepartment' }, dueInWorkingDays: OPEN_APPLY_NODE_DAYS },
    },
    {
      action: 'providerApprove',
      label: '审核通过',
      axis: 'status',
      from: [provider],
      to: bureau,
      permission: OpenApplyPerm.providerReview,
      ownDepartment: true,
      task: { closes: 'provider', decision: 'approve' },
      opensNext: { opens: 'bureau', assignee: reviewers, dueInWorkingDays: OPEN_APPLY_NODE_DAYS },
    },
    {
      action: 'providerGrant',
      label: '审核通过并开通',
      axis: 'status',
      from: [provider],
      to: granted,
      permission: OpenApplyPerm.providerReview,
      ownDepartment: true,
      task: { closes: 'provider', decision: 'approve' },
    },
    {
      action: 'providerReject',
      label: '不通过',
      axis: 'status',
      from: [provider],
      to: refused,
      permission: OpenApplyPerm.providerReview,
      ownDepartment: true,
      commentRequired: true,
      commentMissing: OpenApplyMessages.rejectReason,
      task: { closes: 'provider', decision: 'reject' },
    },
    {
      action: 'bureauApprove',
      label: '审批通过',
      axis: 'status',
      from: [bureau],
      to: granted,
      permission: OpenApplyPerm.bureauReview,
      task: { closes: 'bureau', decision: 'approve' },
    },
    {
      action: 'bureauReject',
      label: '不通过',
      axis: 'status',
      from: [bureau],
      to: refused,
      permission: OpenApplyPerm.bureauReview,
      commentRequired: true,
      commentMissing: OpenApplyMessages.rejectReason,
      task: { closes: 'bureau', decision: 'reject' },
    },
    {
      action: 'revoke',
      label: '撤销授权',
      axis: 'status',
      from: [granted],
      to: revoked,
      permission: OpenApplyPerm.revoke,
      ownDepartment: true,
      commentRequired: true,
      commentMissing: OpenApplyMessages.revokeReason,
      danger: true,
    },
    {
      action: 'expire',
      label: '到期',
      axis: 'status',
      from: [granted],
      to: expired,
      permission: OPEN_APPLY_SYSTEM_PERM,
    },
  ] satisfies MachineTransition<OpenApplyAction>[],
});

const isoDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`);

/** The 申请使用 form of a 有条件开放 detail page. */
export const OpenApplyInput = z.object({
  catalogId: idOf('数据集'),
  purpose: requiredText('申请用途', 500, { missing: true }),
  scenario: requiredText('应用场景', 500, { missing: true }),
  /** Requested data items by name. */
  fields: z.array(requiredText('字段', 100)).min(1, OpenApplyMessages.fieldsMissing).max(500),
  startDate: isoDate('开始日期'),
  endDate: isoDate('结束日期'),
  securityMeasures: requiredText('安全保障措施', 1000, { missing: true }),
  /** 申请表 and 安全承诺书: uploaded files' ids. */
  applicationFileId: idOf('申请表'),
  pledgeFileId: idOf('安全承诺书'),
  /** The version of the 开放利用协议 the applicant read and accepted. */
  agreementVersion: requiredText('协议版本', 20),
  agreementAccepted: z.literal(true, { message: OpenApplyMessages.agreementMissing }),
});
export type OpenApplyInput = z.infer<typeof OpenApplyInput>;

export const OpenApplyDecisionInput = z.object({
  id: idOf('申请'),
  decision: z.enum(['approve', 'reject'], { message: '审核结果不正确' }),
  comment: optionalText(500, '审核意见'),
  /** The provider may narrow the fields and the period. */
  fields: z.array(requiredText('字段', 100)).min(1, OpenApplyMessages.fieldsMissing).max(500).optional(),
  endDate: isoDate('结束日期').optional(),
});
export type OpenApplyDecisionInput = z.infer<typeof OpenApplyDecisionInput>;

export const OpenApplyRevokeInput = z.object({
  id: idOf('申请'),
  comment: requiredText('撤销理由', 500, { missing: true }),
});

/** After the grant the applicant picks (or creates) the app whose key reads the dataset. */
export const OpenApplyBindAppInput = z.object({ id: idOf('申请'), appId: idOf('应用') });

export const OpenApplyPageQuery = PageQuery.extend({
  status: trimmedText(2),
  catalogName: trimmedText(100),
});
export type OpenApplyPageQuery = z.infer<typeof OpenApplyPageQuery>;

/** 利用情况报告. */
export const UsageReportInput = z.object({
  id: idOf('报告'),
  usedFor: requiredText('数据用途', 1000, { missing: true }),
  outcome: requiredText('产生的成果', 1000, { missing: true }),
  /** An application result (应用成果) this use produced, when there is one. */
  resultId: idOf('应用成果').nullable().optional(),
});
export type UsageReportInput = z.infer<typeof UsageReportInput>;

export type OpenApplyItem = {
  id: string;
  code: string;
  catalogId: string;
  catalogName: string;
  providerName: string | null;
  applicantName: string | null;
  purpose: string;
  scenario: string;
  fields: string[];
  grantedFields: string[] | null;
  startDate: string;
  endDate: string;
  grantedEndDate: string | null;
  status: OpenApplyStatus;
  statusLabel: string;
  /** The reason of a refusal or revocation. */
  reason: string | null;
  appId: string | null;
  appName: string | null;
  dailyQuota: number | null;
  createdAt: string;
  submittedAt: string | null;
  decidedAt: string | null;
  /** The usage report due next, if any. */
  reportDueAt: string | null;
  reportOverdue: boolean;
  actions: OpenApplyAction[];
};
