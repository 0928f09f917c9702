import { defineMachine, type MachineTransition } from '../core/workflow.js';

/**
 * 内容管理 (DOMAIN.md §5, next-capabilities §1–§2): one table of published content items, each of a
 * kind — 资讯 (`/api/information`: 新闻动态, 政策法规), 资料 of the study-world store (`/api/studyWorld`:
 * 帮助文档, 政策法规, 数据规范 — a file) and 常见问题 (`/api/commonQuestion`) — on one publish machine.
 * This file holds no zod, so portal pages can use its labels.
 */
export const ContentPerm = {
  /** The back office's lists and records of every kind. */
  list: 'content:list',
  /** The four pages of the 内容管理 menu. */
  newsPage: 'content:newsPage',
  policyPage: 'content:policyPage',
  documentPage: 'content:documentPage',
  faqPage: 'content:faqPage',
  /** Create and edit drafts, 置顶, upload pictures and files. */
  edit: 'content:edit',
  /** 立即发布, 预约发布, 取消预约, 撤回 (上架/下架 for FAQ). */
  publish: 'content:publish',
  delete: 'content:delete',
  /** The platform's scheduler publishing what was scheduled. */
  system: 'content:system',
} as const;

export const CONTENT_KINDS = ['information', 'document', 'faq'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_KIND_LABEL: Record<ContentKind, string> = {
  information: '资讯',
  document: '资料',
  faq: '常见问题',
};

/** `informationType`: 1 新闻动态, 2 政策法规 (3 公告通知 are the system announcements marked public). */
export const INFORMATION_TYPES = [
  { value: '1', text: '新闻动态' },
  { value: '2', text: '政策法规' },
] as const;
export type InformationType = (typeof INFORMATION_TYPES)[number]['value'];
export const INFORMATION_TYPE_LABEL: Record<string, string> = { '1': '新闻动态', '2': '政策法规', '3': '公告通知' };

/** `dataManagementType` (dict `data_management_type`): 1 帮助文档, 2 政策法规, 3 数据规范. */
export const DOCUMENT_TYPES = [
  { value: '1', text: '帮助文档' },
  { value: '2', text: '政策法规' },
  { value: '3', text: '数据规范' },
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number]['value'];
export const DOCUMENT_TYPE_LABEL: Record<string, string> = { '1': '帮助文档', '2': '政策法规', '3': '数据规范' };

/** FAQ categories (常见问题分类). */
export const FAQ_CATEGORIES = [
  { value: 'account', text: '账号注册' },
  { value: 'data', text: '数据获取' },
  { value: 'apply', text: '开放申请' },
  { value: 'api', text: '接口调用' },
  { value: 'other', text: '其他' },
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number]['value'];
export const FAQ_CATEGORY_LABEL: Record<string, string> = Object.fromEntries(
  FAQ_CATEGORIES.map((c) => [c.value, c.text]),
);

/** `releaseState` (dict `release_state`): 1 编辑中, 2 待发布 (scheduled), 3 已发布, 4 已撤回. */
export const ContentStatus = { editing: '1', scheduled: '2', published: '3', withdrawn: '4' } as const;
export type ContentStatus = (typeof ContentStatus)[keyof typeof ContentStatus];
export const CONTENT_STATUS_LABEL: Record<ContentStatus, string> = {
  '1': '编辑中',
  '2': '待发布',
  '3': '已发布',
  '4': '已撤回',
};
/** FAQ entries say 上架/下架 for the same states. */
const FAQ_STATUS_LABEL: Record<ContentStatus, string> = { '1': '编辑中', '2': '待上架', '3': '已上架', '4': '已下架' };

export type ContentAction =
  | 'edit'
  | 'publish'
  | 'schedule'
  | 'unschedule'
  | 'withdraw'
  | 'autoPublish'
  | 'pin'
  | 'unpin'
  | 'delete';

const { editing, scheduled, published, withdrawn } = ContentStatus;
const ALL = [editing, scheduled, published, withdrawn];

export const ContentMessages = {
  notFound: '内容不存在或已删除',
  fileNotFound: '文件不存在或无权访问',
  fileLost: '文件已丢失，请重新上传',
  fileUnknown: '文件不存在或不是您上传的',
  appointMissing: '请选择预约发布时间',
  appointPast: '预约发布时间须晚于当前时间',
  editPublished: '已发布的内容请先撤回再修改',
  imageType: '只能插入图片！（JPG、PNG）',
  documentType: '资料文件仅支持 PDF、DOC、DOCX 格式',
  saved: '保存成功',
  published: '发布成功',
  scheduled: '已预约发布',
  deleted: '删除成功',
} as const;

/**
 * 编辑中 → 待发布 (预约发布, published by the scheduler at its time) → 已发布 → 已撤回, and back to 已发布
 * from 编辑中, 待发布 or 已撤回 at once (立即发布). Editing and deleting are allowed on anything not
 * public; a published item is withdrawn first. 置顶 is an action on any state that does not move it.
 */
export const CONTENT_MACHINE = defineMachine({
  subject: 'content',
  label: '内容',
  axes: { status: { label: '发布状态', states: CONTENT_STATUS_LABEL } },
  transitions: [
    {
      action: 'edit',
      label: '修改',
      axis: 'status',
      from: [editing, scheduled, withdrawn],
      to: 'same',
      permission: ContentPerm.edit,
      refusal: ContentMessages.editPublished,
    },
    {
      action: 'publish',
      label: '发布',
      axis: 'status',
      from: [editing, scheduled, withdrawn],
      to: published,
      permission: ContentPerm.publish,
    },
    {
      action: 'schedule',
      label: '预约发布',
      axis: 'status',
      from: [editing, withdrawn],
      to: scheduled,
      permission: ContentPerm.publish,
    },
    {
      action: 'unschedule',
      label: '取消预约',
      axis: 'status',
      from: [scheduled],
      to: editing,
      permission: ContentPerm.publish,
    },
    {
      action: 'withdraw',
      label: '撤回',
      axis: 'status',
      from: [published],
      to: withdrawn,
      permission: ContentPerm.publish,
      danger: true,
    },
    {
      action: 'autoPublish',
      label: '定时发布',
      axis: 'status',
      from: [scheduled],
      to: published,
      permission: ContentPerm.system,
    },
    { action: 'pin', label: '置顶', axis: 'status', from: ALL, to: 'same', permission: ContentPerm.edit },
    { action: 'unpin', label: '取消置顶', axis: 'status', from: ALL, to: 'same', permission: ContentPerm.edit },
    {
      action: 'delete',
      label: '删除',
      axis: 'status',
      from: [editing, scheduled, withdrawn],
      to: 'same',
      permission: ContentPerm.delete,
      refusal: '已发布的内容请先撤回再删除',
      danger: true,
    },
  ] satisfies MachineTransition<ContentAction>[],
});

/** The row buttons people take (the scheduler's own action is not one). */
export const CONTENT_ROW_ACTIONS: readonly ContentAction[] = [
  'publish',
  'schedule',
  'unschedule',
  'withdraw',
  'pin',
  'unpin',
  'delete',
];

/** FAQ entries are 上架/下架 on the same machine. */
const FAQ_ACTION_LABEL: Partial<Record<ContentAction, string>> = {
  publish: '上架',
  withdraw: '下架',
  schedule: '预约上架',
};

export const contentStatusLabel = (kind: ContentKind, status: string) =>
  (kind === 'faq' ? FAQ_STATUS_LABEL : CONTENT_STATUS_LABEL)[status as ContentStatus] ?? status;

export const contentActionLabel = (kind: ContentKind, action: ContentAction) =>
  (kind === 'faq' ? FAQ_ACTION_LABEL[action] : undefined) ??
  CONTENT_MACHINE.transitions.find((t) => t.action === action)?.label ??
  action;

/** Public pages of the information centre and the help centre. */
export const CONTENT_PATHS = {
  information: '/system/helpdocument',
  detail: '/openPlatform/JournalismDet',
  policyRule: '/system/policyrule',
  dataStandard: '/system/datastandard',
  helpCentre: '/helpCenter/problemManual',
} as const;

export const informationDetailPath = (id: string) => `${CONTENT_PATHS.detail}?id=${encodeURIComponent(id)}`;

/** Limits of the forms. */
export const CONTENT_LIMITS = {
  title: 200,
  question: 200,
  body: 200_000,
  attachments: 10,
  fileBytes: 20 * 1024 * 1024,
} as const;

/** Where a content file is served: pictures in rich text, attachments and documents. */
export const contentFileUrl = (apiBase: string, id: string) => `${apiBase}/api/content/file/${id}`;

/** The machine as a kind's pages show it: FAQ's buttons and states say 上架/下架; the rules are the same. */
export function contentMachineFor(kind: ContentKind): typeof CONTENT_MACHINE {
  if (kind !== 'faq') return CONTENT_MACHINE;
  return {
    ...CONTENT_MACHINE,
    axes: { status: { label: '上架状态', states: FAQ_STATUS_LABEL } },
    transitions: CONTENT_MACHINE.transitions.map((t) => ({ ...t, label: contentActionLabel(kind, t.action) })),
  };
}
