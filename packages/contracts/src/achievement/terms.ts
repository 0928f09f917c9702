import { defineMachine } from '../core/workflow.js';

/**
 * 应用成果 (DOMAIN.md §5, next-capabilities §5 and §15(d)): an app, website, report or other reuse
 * built on the platform's open data. Registered users submit theirs from the personal centre,
 * departments and the bureau from the back office; the bureau reviews before anything is public.
 * This file holds no zod, so portal pages can use its labels.
 */
export const AchievementPerm = {
  /** Create, edit, submit, recall, take down and delete one's own (or one's department's) results. */
  submit: 'achievement:submit',
  /** The back office's 成果管理 list and its 操作日志. */
  list: 'achievement:list',
  /** Approve, reject and take down any result (the bureau). */
  review: 'achievement:review',
  /** The 成果审核 inbox (the bureau). */
  reviewInbox: 'achievement:reviewInbox',
} as const;

/** status: 0 草稿, 1 待审核, 2 已发布, 3 已驳回, 4 已下架. */
export const AchievementStatus = { draft: '0', pending: '1', published: '2', rejected: '3', offShelf: '4' } as const;
export type AchievementStatus = (typeof AchievementStatus)[keyof typeof AchievementStatus];
export const ACHIEVEMENT_STATUS_LABEL: Record<AchievementStatus, string> = {
  '0': '草稿',
  '1': '待审核',
  '2': '已发布',
  '3': '已驳回',
  '4': '已下架',
};

/** Dict `application_type` (应用类型) and the items a fresh installation ships. */
export const APPLICATION_TYPE_DICT = 'application_type';
export const APPLICATION_TYPES: readonly { value: string; text: string }[] = [
  { value: '1', text: '移动应用' },
  { value: '2', text: '网站' },
  { value: '3', text: '小程序' },
  { value: '4', text: '分析报告' },
  { value: '5', text: '可视化' },
  { value: '6', text: '创新方案' },
  { value: '9', text: '其他' },
];
export const APPLICATION_TYPE_LABEL: Record<string, string> = Object.fromEntries(
  APPLICATION_TYPES.map((t) => [t.value, t.text]),
);

/** 开发者类型: 1 个人, 2 企业. */
export const DEVELOPER_TYPE_LABEL: Record<string, string> = { '1': '个人', '2': '企业' };

/** The public list's orders: 最新 (publish time), 最热 (views), 评分 (average score). */
export const ACHIEVEMENT_SORTS = ['new', 'hot', 'score'] as const;
export type AchievementSort = (typeof ACHIEVEMENT_SORTS)[number];
export const ACHIEVEMENT_SORT_LABEL: Record<AchievementSort, string> = { new: '最新', hot: '最热', score: '评分' };

/** Limits of the form. */
export const ACHIEVEMENT_LIMITS = {
  introMin: 20,
  introMax: 300,
  screenshots: 6,
  datasets: 20,
  /** An uploaded picture, before it is resized. */
  imageBytes: 5 * 1024 * 1024,
} as const;

export const ACHIEVEMENT_PATHS = {
  list: '/service/serviceitem',
  detail: '/service/serviceitem/serviceDetails',
  add: '/personalCenter/personalAdd',
} as const;

export const achievementDetailPath = (id: string) => `${ACHIEVEMENT_PATHS.detail}?id=${encodeURIComponent(id)}`;

export const AchievementMessages = {
  notFound: '应用成果不存在或已删除',
  notOwn: '只能操作本部门的应用成果',
  notOwner: '只能操作本人或本部门的应用成果',
  rejectReason: '请填写驳回理由',
  offShelfReason: '请填写下架理由',
  urlTaken: '该访问地址已被其他应用成果使用',
  urlOrQr: '请填写访问地址或上传二维码',
  datasetsMissing: '请至少选择一个关联数据集',
  datasetsUnknown: '所选数据集不存在或未开放',
  imageUnknown: '图片不存在或不是您上传的',
  imageType: '只能上传图片！（JPG、PNG 或 WebP）',
  imageTooLarge: '图片不能超过 5MB',
  imageUnreadable: '图片无法识别，请换一张',
  noDepartment: '您尚未设置部门信息，不能以部门身份提交成果',
  saved: '保存成功',
  submitted: '已提交审核',
  deleted: '删除成功',
  signInToRate: '请先登录再评分',
  rated: '评分成功',
} as const;

export type AchievementAction =
  | 'edit'
  | 'submit'
  | 'recall'
  | 'approve'
  | 'reject'
  | 'offShelf'
  | 'withdraw'
  | 'delete'
  | 'markBroken'
  | 'markReachable';

const { draft, pending, published, rejected, offShelf } = AchievementStatus;
const owner = { permission: AchievementPerm.submit, applicantOnly: true } as const;
/** The platform's own link check (a flag beside the state, not a state). */
export const ACHIEVEMENT_SYSTEM_PERM = 'achievement:system';

/**
 * 草稿 → 待审核 → 已发布 | 已驳回 (a reason) → edit and submit again; 已发布 → 已下架 by the bureau (a
 * reason) or by the owner; 已下架 may be edited and submitted again. 撤回 takes a pending result back
 * to 草稿. Editing and deleting are gated by the same table. 失效 (an unreachable link) is a flag the
 * weekly link check sets and clears on published results; its two actions only record it.
 */
export const ACHIEVEMENT_MACHINE = defineMachine({
  subject: 'achievement',
  label: '应用成果',
  axes: { status: { label: '成果状态', states: ACHIEVEMENT_STATUS_LABEL } },
  tasks: { review: '成果审核' },
  allDepartmentsPermission: AchievementPerm.review,
  transitions: [
    { action: 'edit', label: '编辑', axis: 'status', from: [draft, rejected, offShelf], to: 'same', ...owner },
    {
      action: 'submit',
      label: '提交审核',
      axis: 'status',
      from: [draft, rejected, offShelf],
      to: pending,
      ...owner,
      task: { opens: 'review', assignee: { kind: 'role', role: 'reviewer' }, dueInWorkingDays: 5 },
    },
    {
      action: 'recall',
      label: '撤回',
      axis: 'status',
      from: [pending],
      to: draft,
      ...owner,
      task: { closes: 'review', decision: 'recall' },
    },
    {
      action: 'approve',
      label: '审核通过',
      axis: 'status',
      from: [pending],
      to: published,
      permission: AchievementPerm.review,
      task: { closes: 'review', decision: 'approve' },
    },
    {
      action: 'reject',
      label: '驳回',
      axis: 'status',
      from: [pending],
      to: rejected,
      permission: AchievementPerm.review,
      commentRequired: true,
      commentMissing: AchievementMessages.rejectReason,
      task: { closes: 'review', decision: 'reject' },
      danger: true,
    },
    {
      action: 'offShelf',
      label: '下架',
      axis: 'status',
      from: [published],
      to: offShelf,
      permission: AchievementPerm.review,
      commentRequired: true,
      commentMissing: AchievementMessages.offShelfReason,
      danger: true,
    },
    { action: 'withdraw', label: '下架', axis: 'status', from: [published], to: offShelf, ...owner, danger: true },
    {
      action: 'delete',
      label: '删除',
      axis: 'status',
      from: [draft, rejected, offShelf],
      to: 'same',
      ...owner,
      danger: true,
    },
    {
      action: 'markBroken',
      label: '标记失效',
      axis: 'status',
      from: [published],
      to: 'same',
      permission: ACHIEVEMENT_SYSTEM_PERM,
    },
    {
      action: 'markReachable',
      label: '恢复有效',
      axis: 'status',
      from: [published],
      to: 'same',
      permission: ACHIEVEMENT_SYSTEM_PERM,
    },
  ],
});

/** A result as a card of the public list, the home and a dataset's detail page. */
export type AchievementCard = {
  id: string;
  applyName: string;
  applicationType: string;
  applicationTypeText: string;
  domainId: string;
  developerType: string;
  developerName: string;
  logoUrl: string | null;
  applyIntroduce: string;
  datasetCount: number;
  viewNum: number;
  collectNum: number;
  scoreAvg: number;
  scoreNum: number;
  publishedAt: string | null;
  linkBroken: boolean;
};

export type AchievementDataset = { id: string; catalogName: string; orgCode: string; departName: string };

/** The public detail: the card and everything the page shows; `myScore`/`collected` for a signed-in visitor. */
export type AchievementDetail = AchievementCard & {
  url: string | null;
  qrCodeUrl: string | null;
  onlineDate: string;
  screenshotUrls: string[];
  datasets: AchievementDataset[];
  myScore: number | null;
  collected: boolean;
};

/** A result as its owner and the back office see it. */
export type AchievementRecord = {
  id: string;
  applyName: string;
  applicationType: string;
  domainId: string;
  developerType: string;
  developerName: string;
  url: string | null;
  qrCodeId: string | null;
  qrCodeUrl: string | null;
  onlineDate: string;
  applyIntroduce: string;
  logoId: string;
  logoUrl: string | null;
  screenshotIds: string[];
  screenshotUrls: string[];
  dataIds: string[];
  datasets: AchievementDataset[];
  status: AchievementStatus;
  /** Who holds it: a department's name, or the user's for a personal result. */
  ownerName: string;
  orgCode: string | null;
  linkBroken: boolean;
  linkCheckedAt: string | null;
  reason: string | null;
  viewNum: number;
  submittedAt: string | null;
  publishedAt: string | null;
  createTime: string;
  updateTime: string;
  /** What the caller may do with it now (the machine, the caller's permissions and ownership). */
  actions: AchievementAction[];
};

/** An uploaded picture: its id for the form and where to show it. */
export type AchievementImage = { id: string; url: string };
