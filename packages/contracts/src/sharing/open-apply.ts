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
  | 'cancel'
  | 'withdraw'
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

/** The longest period an application may ask for. */
export const OPEN_APPLY_MAX_YEARS = 3;

/** A usage report may be filed from this many days before it is due (or once the grant has ended). */
export const USAGE_REPORT_OPEN_DAYS = 30;

/** Rule items of dict `open_apply_rule` and the values a fresh installation ships. */
export const OPEN_APPLY_RULE_DEFAULTS = {
  bureau_review: '1',
  default_daily_quota: '1000',
  report_cycle: 'period',
} as const;

/**
 * The personal centre (`/personalCenter/perCenter`, spec query `current`; 5 = messages per the spec).
 * Decision messages link to the 我的申请 tab.
 */
export const PERSONAL_CENTRE_PATH = '/personalCenter/perCenter';
export const PERSONAL_CENTRE_TAB = {
  info: 1,
  services: 2,
  apps: 3,
  applications: 4,
  messages: 5,
  collections: 7,
  evaluations: 8,
  activity: 9,
  bindings: 10,
  achievements: 6,
  notify: 11,
  interaction: 12,
} as const;
export const MY_APPLICATIONS_PAGE = `${PERSONAL_CENTRE_PATH}?current=${PERSONAL_CENTRE_TAB.applications}`;

/** The permission only the platform itself holds: a grant that reached its end, or whose entry was withdrawn. */
export const OPEN_APPLY_SYSTEM_PERM = 'openApply:system';

export const OpenApplyMessages = {
  notFound: '开放申请不存在',
  notOwn: '只能审核本部门数据的开放申请',
  notApplicant: '只能操作本人的开放申请',
  notConditional: '只有有条件开放的数据需要申请',
  verifiedRequired: '该数据须完成实名认证后方可申请，请先在个人中心“基本信息”中完成实名认证',
  agreementMissing: '请阅读并同意《开放利用协议》',
  fieldsMissing: '请至少选择一个字段',
  rejectReason: '请填写不通过的理由',
  revokeReason: '请填写撤销理由',
  reportOverdue: '您有逾期未提交的利用情况报告，请先提交后再申请',
  signIn: '请先登录后再申请',
  datasetMissing: '数据集不存在或未上架',
  agreementOutdated: '《开放利用协议》已更新，请阅读并同意最新版本后再申请',
  fieldUnknown: (name: string) => `字段“${name}”不是该数据集的数据项`,
  dateInvalid: (label: string) => `${label}不是有效的日期`,
  startPast: '开始日期不能早于今天',
  endBeforeStart: '结束日期不能早于开始日期',
  periodTooLong: `使用期限最长 ${OPEN_APPLY_MAX_YEARS} 年`,
  duplicate: '您已有该数据集的开放申请在审核中或已开通',
  narrowOnly: '只能在申请的字段和期限内收窄',
  narrowAtProvider: '只有提供部门审核时可以调整字段和期限',
  /** Overdue usage reports block new grants, not only new applications. */
  grantBlocked: '申请人有逾期未提交的利用情况报告，暂不能开通',
  notGranted: '只有已开通的申请可以绑定应用',
  appMissing: '应用不存在或已停用',
  appTaken: '该应用已绑定此数据集的另一项授权，请选择其他应用',
  notBound: '尚未绑定应用，请先绑定应用',
  reportMissing: '利用情况报告不存在',
  reportDone: '该利用情况报告已提交',
  reportNotYet: `报告尚未到提交时间（到期前 ${USAGE_REPORT_OPEN_DAYS} 天起可提交）`,
  /** The reason of an applicant's own early end (取消服务). */
  cancelled: '用户主动取消',
  /** The reason of a grant ended because its entry was withdrawn. */
  withdrawn: (deleted: boolean) => `数据目录已${deleted ? '删除' : '下架'}，授权终止`,
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
      // The applicant ends their own grant early (取消服务); the reason is recorded as 用户主动取消.
      action: 'cancel',
      label: '取消服务',
      axis: 'status',
      from: [granted],
      to: revoked,
      permission: OpenApplyPerm.apply,
      applicantOnly: true,
      danger: true,
    },
    {
      // The platform ends the grant of an entry taken off shelf or deleted (类目下架 / 类目删除).
      action: 'withdraw',
      label: '目录下架或删除',
      axis: 'status',
      from: [granted],
      to: revoked,
      permission: OPEN_APPLY_SYSTEM_PERM,
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
  // Linking an application result (应用成果, resultId) comes with the results themselves: until
  // then there is nothing such an id could be checked against.
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
export type OpenApplyTaskType = keyof typeof OPEN_APPLY_TASK_LABEL;

/**
 * 开放利用协议 (DB37/T 3523.5 附录 D): shown in full before applying; the application records the
 * version accepted, and only the current version is accepted. A changed text gets a new version.
 */
export type OpenUseAgreement = { version: string; title: string; effectiveDate: string; text: string };
export const OPEN_USE_AGREEMENT: OpenUseAgreement = {
  version: '2026.1',
  title: '公共数据开放利用协议',
  effectiveDate: '2026-01-01',
  text: `甲方：数据提供部门（公共数据开放主体）
乙方：数据利用主体（申请人）

为规范有条件开放公共数据的利用，保障数据安全，保护个人信息、商业秘密和公共利益，根据《中华人民共和国数据安全法》《中华人民共和国个人信息保护法》《中华人民共和国网络安全法》及公共数据开放管理的有关规定，乙方在开放平台申请使用有条件开放数据时，经阅读并勾选同意本协议，即与甲方达成如下约定。

第一条　适用范围
本协议适用于乙方通过开放平台申请并获准使用的有条件开放数据（以下简称“开放数据”），包括数据集、数据接口及其返回的全部内容。

第二条　授权范围
（一）甲方按审核通过的数据项、使用期限和每日调用次数向乙方开放数据，审核时可以在乙方申请的范围内收窄数据项和期限。
（二）乙方获得的是在授权范围内使用开放数据的非排他、不可转让的许可，不取得数据的所有权。
（三）授权期限届满、授权被撤销或乙方主动取消服务时，授权即时终止。

第三条　使用要求
（一）乙方仅在申请获批的用途和应用场景内使用开放数据，不得超范围、超期限使用，不得擅自改变用途。
（二）乙方不得向第三方提供、转让、出售、出租开放数据，不得将原始数据以任何形式再开放或公开发布。
（三）乙方不得利用开放数据从事违法违规活动，不得危害国家安全、公共利益或他人合法权益。
（四）乙方不得通过关联、比对、挖掘等方式重新识别已脱敏或匿名化处理的个人信息。
（五）乙方使用开放数据形成的成果，应注明数据来源，且不得包含可识别特定个人的信息。

第四条　安全保障
（一）乙方应按照所签署的《公共数据安全承诺书》和申请时填报的安全保障措施，建立数据安全管理制度，采取访问控制、加密、日志审计等必要技术措施。
（二）乙方应妥善保管应用密钥，不得与他人共用；发现密钥泄露或数据安全事件时，应立即更换密钥、采取处置措施，并在 24 小时内告知甲方和大数据管理部门。
（三）授权终止后，乙方应立即停止使用并删除或销毁所获取的开放数据及其副本。

第五条　利用情况报告
乙方应按开放平台的要求，在授权期限届满时（或按年度）提交数据利用情况报告，如实说明数据的用途、产生的成果与效益。逾期未提交报告的，在补交前不得申请新的有条件开放数据。

第六条　监督检查
甲方和大数据管理部门有权对乙方的数据使用情况进行跟踪评估和监督检查，乙方应予以配合并提供必要的材料。

第七条　撤销授权
乙方违反本协议或《公共数据安全承诺书》、超范围使用数据、发生数据安全事件，或者数据因法律法规调整不宜继续开放的，甲方或大数据管理部门可以撤销授权，授权即时终止；由此造成损失的，由乙方依法承担责任。

第八条　数据质量与免责
甲方按现有状态提供开放数据，并尽力保证其准确、完整、及时，但不对乙方利用数据作出的决策或产生的后果承担责任。乙方发现数据错误的，可以通过开放平台纠错反馈。

第九条　协议的变更
本协议的修订以开放平台公布的新版本为准。新版本发布后提交的申请适用新版本；已获授权的申请在其授权期限内适用申请时同意的版本。

第十条　争议解决
因本协议引起的争议，双方应协商解决；协商不成的，依法向甲方所在地有管辖权的人民法院提起诉讼。

第十一条　生效
本协议自乙方在开放平台勾选同意并提交申请时成立，自申请获准开通之日起对双方生效。`,
};

export const OpenApplyIdQuery = z.object({ id: idOf('申请') });

/** The back office's list: its department's datasets' applications (reviewers: all). */
export const OpenApplyListQuery = OpenApplyPageQuery.extend({ applicantName: trimmedText(50) });
export type OpenApplyListQuery = z.infer<typeof OpenApplyListQuery>;

export const OpenApplyTemplateQuery = z.object({
  kind: z.enum(['application', 'pledge'], { message: '模板类型只能是 application 或 pledge' }),
});

/** One step of an application's history (submitted, each decision, revocation, the app bound). */
export type OpenApplyHistoryItem = {
  action: string;
  actionLabel: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string | null;
  realname: string | null;
  departName: string | null;
  createdAt: string;
};

/** 利用情况报告 as the applicant and the provider see it. */
export type UsageReportItem = {
  id: string;
  applyId: string;
  dueAt: string;
  submittedAt: string | null;
  usedFor: string | null;
  outcome: string | null;
  resultId: string | null;
  overdue: boolean;
  /** The applicant may file it now. */
  canSubmit: boolean;
};

export type OpenApplyFile = { id: string; fileName: string; size: number } | null;

export type OpenApplyDetail = OpenApplyItem & {
  securityMeasures: string;
  agreementVersion: string;
  agreementAcceptedAt: string;
  applicationFile: OpenApplyFile;
  pledgeFile: OpenApplyFile;
  history: OpenApplyHistoryItem[];
  reports: UsageReportItem[];
};

/** A usage report past its due time, listed for the provider (reviewers: all). */
export type OverdueReportItem = {
  id: string;
  applyId: string;
  code: string;
  catalogId: string;
  catalogName: string;
  applicantName: string | null;
  dueAt: string;
  daysOverdue: number;
  applyStatus: OpenApplyStatus;
  applyStatusLabel: string;
};
export const OverdueReportQuery = PageQuery.extend({ catalogName: trimmedText(100) });
export type OverdueReportQuery = z.infer<typeof OverdueReportQuery>;

/** 我的服务 (`/api/userManage/myServicesList`): the user's granted datasets. */
export const MyServicesQuery = PageQuery.extend({ catalogName: trimmedText(100) });
export type MyServicesQuery = z.infer<typeof MyServicesQuery>;
export type MyServiceItem = {
  /** The open application behind the service. */
  id: string;
  code: string;
  catalogId: string;
  catalogName: string;
  providerName: string | null;
  appId: string | null;
  appName: string | null;
  /** The bound app's key (never its secret). */
  appKey: string | null;
  fields: string[];
  startDate: string;
  endDate: string;
  dailyQuota: number | null;
  usedToday: number;
  status: OpenApplyStatus;
  statusLabel: string;
  submittedAt: string | null;
  decidedAt: string | null;
  /** The grant reads data now (granted, bound, within its period). */
  live: boolean;
};

export const MyServiceIdInput = z.object({ id: idOf('服务') });
export const MyServiceIdQuery = MyServiceIdInput;

/** 接口测试: what the test dialog shows before calling. */
export type TestApiInfo = {
  id: string;
  catalogId: string;
  catalogName: string;
  appName: string;
  appKey: string;
  /** The rows endpoint under the API base. */
  endpoint: string;
  /** The fields the grant reads, as the API names them. */
  fields: { key: string; name: string; type: string; masked: boolean }[];
  dailyQuota: number | null;
  usedToday: number;
};

/** 接口测试 call: the rows API's query string (filters, fields, sort, limit, offset, format). */
export const TestApiDetailInput = z.object({
  id: idOf('服务'),
  query: z.string().trim().max(2000, '查询参数不能超过 2000 个字符').optional(),
});
export type TestApiDetailInput = z.infer<typeof TestApiDetailInput>;
export type TestApiResult = {
  status: number;
  limit: string | null;
  remaining: string | null;
  /** The answer as the API gave it (JSON text or CSV). */
  body: string;
};
