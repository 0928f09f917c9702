import { defineMachine, type Machine } from '../core/workflow.js';

/**
 * 交流互动: the tickets of the interaction desk. Four kinds share one record and one machine: 咨询/问题反馈,
 * 数据需求 (未开放数据需求), 数据纠错 (on a dataset) and 权益保护 (下架 or 脱敏 of a dataset). This file
 * carries no zod, so that portal pages can use its labels without the validation library.
 */
export const INTERACTION_KINDS = ['consult', 'dataApplication', 'dataCorrection', 'rightsProtection'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

export const INTERACTION_KIND_LABEL: Readonly<Record<InteractionKind, string>> = {
  consult: '问题反馈',
  dataApplication: '数据需求',
  dataCorrection: '数据纠错',
  rightsProtection: '权益保护',
};

/** Reply deadline per kind in working days, unless dict `workflow_due_days` has `<kind>.reply`. */
export const INTERACTION_DUE_DAYS: Readonly<Record<InteractionKind, number>> = {
  consult: 5,
  dataApplication: 10,
  dataCorrection: 5,
  rightsProtection: 5,
};

export const InteractionPerm = {
  /** Submit a ticket, rate and reopen one's own, keep it private (注册用户). */
  submit: 'interaction:submit',
  /** The back office's lists, accept, reply, 退回 and close tickets routed to one's department. */
  handle: 'interaction:handle',
  /** The bureau's desk: every department's tickets, 转办, assigning unrouted ones. */
  assign: 'interaction:assign',
  /** The 互动工单 inbox. */
  workList: 'interaction:workList',
  /** The back office's 互动统计. */
  statistics: 'interaction:statistics',
} as const;

/** Each kind's back-office list (the original's permission prefixes). */
export const INTERACTION_LIST_PERM: Readonly<Record<InteractionKind, string>> = {
  consult: 'consult:list',
  dataApplication: 'dataApplication:list',
  dataCorrection: 'correction:list',
  rightsProtection: 'protection:list',
};

/** status: 0 待受理, 1 处理中, 2 已回复, 3 已关闭; 9 草稿 exists only between creation and submission. */
export const InteractionStatus = { pending: 0, processing: 1, replied: 2, closed: 3, draft: 9 } as const;

export const INTERACTION_STATUS_LABEL: Readonly<Record<string, string>> = {
  '0': '待受理',
  '1': '处理中',
  '2': '已回复',
  '3': '已关闭',
};

/** 权益保护's 保护方式. */
export const PROTECTION_TYPES = [
  { value: '1', label: '下架' },
  { value: '2', label: '脱敏' },
] as const;
export const PROTECTION_TYPE_LABEL: Readonly<Record<string, string>> = { '1': '下架', '2': '脱敏' };

/** 数据需求's 期望数据格式. */
export const REQUEST_FORMATS = [
  { value: 'API', label: 'API' },
  { value: 'Excel', label: 'Excel' },
] as const;

/** The submitter may reopen a replied ticket once, within this many days of the reply. */
export const REOPEN_WINDOW_DAYS = 7;

export const INTERACTION_LIMITS = {
  title: 100,
  content: 300,
  consultMin: 20,
  reply: 20_000,
  attachments: 5,
} as const;

/** The original's notice above the 权益保护 form. */
export const RIGHTS_PROTECTION_NOTICE =
  '当用户认为开放数据侵犯其商业秘密、个人隐私等合法权益的，可以通过此页面功能告知数据开放主体，并提交相关证据材料。开放主体会根据核实结果，分别采取撤回数据，恢复开放或者处理后再开放等措施，最终反馈给用户。';

export const InteractionMessages = {
  submitted: '提交成功!',
  notFound: '该互动事项不存在',
  notOwn: '该互动事项不属于您的部门',
  notSubmitter: '只有提交人可以进行此操作',
  replied: '回复成功',
  replyMissing: '请输入回复内容',
  transferTarget: '请选择转办部门',
  transferSame: '不能转办给当前承办部门',
  transferUnknown: '转办部门不存在',
  deptUnknown: '所选部门不存在',
  datasetMissing: '请选择数据资源',
  datasetUnknown: '数据资源不存在或未开放',
  correctionMissing: '纠错内容不能为空',
  reopenOnce: '每个事项只能重新打开一次',
  reopenLate: `回复已超过 ${REOPEN_WINDOW_DAYS} 天，不能重新打开`,
  rated: '评价成功，感谢您的反馈',
  returnAtDesk: '该事项已在大数据局受理台，无需退回',
  offShelfNotRights: '只有申请下架的权益保护事项可以发起下架',
  offShelfStarted: '已发起目录下架申请',
  privacySaved: '公开设置已保存',
  faqNotReplied: '只有已回复的事项可以转为常见问题',
  faqCreated: '已生成常见问题草稿，请到 内容管理 › 常见问题 编辑后上架',
} as const;

export type InteractionAction =
  | 'submit'
  | 'accept'
  | 'reply'
  | 'return'
  | 'transfer'
  | 'close'
  | 'finish'
  | 'reopen'
  | 'rate'
  | 'setPrivacy'
  | 'startOffShelf';

const { pending, processing, replied, closed, draft } = InteractionStatus;
const P = InteractionPerm;
/** Owed by the routed department; an unrouted ticket by the bureau's desk (its reviewers). */
const routed = { kind: 'ownerDepartment', orRole: 'reviewer' } as const;
const submitter = { permission: P.submit, applicantOnly: true } as const;

/**
 * 待受理 → 处理中 → 已回复 → 已关闭. A ticket is owed by its routed department (the dataset's
 * provider), otherwise by the bureau's desk. The department may accept, reply, close without reply (a
 * reason) or 退回 it to the desk (a reason); the bureau 转办s it to another department. The submitter
 * confirms (办结), rates and may reopen once. Each kind is its own subject so that its reply deadline is
 * its own dictionary item (`<kind>.reply`).
 */
function ticketMachine(kind: InteractionKind): Machine<InteractionAction> {
  const reply = { opens: 'reply', assignee: routed, dueInWorkingDays: INTERACTION_DUE_DAYS[kind] } as const;
  return defineMachine<InteractionAction>({
    subject: kind,
    label: INTERACTION_KIND_LABEL[kind],
    axes: {
      status: {
        label: '办理状态',
        states: {
          [pending]: '待受理',
          [processing]: '处理中',
          [replied]: '已回复',
          [closed]: '已关闭',
          [draft]: '草稿',
        },
      },
    },
    tasks: { reply: '答复' },
    allDepartmentsPermission: P.assign,
    transitions: [
      { action: 'submit', label: '提交', axis: 'status', from: [draft], to: pending, ...submitter, task: reply },
      {
        action: 'accept',
        label: '受理',
        axis: 'status',
        from: [pending],
        to: processing,
        permission: P.handle,
        ownDepartment: true,
      },
      {
        action: 'reply',
        label: '回复',
        axis: 'status',
        from: [pending, processing],
        to: replied,
        permission: P.handle,
        ownDepartment: true,
        task: { closes: 'reply', decision: 'approve' },
      },
      {
        action: 'return',
        label: '退回',
        axis: 'status',
        from: [pending, processing],
        to: pending,
        permission: P.handle,
        ownDepartment: true,
        commentRequired: true,
        commentMissing: '请填写退回理由',
        task: { closes: 'reply', decision: 'reject' },
        opensNext: reply,
      },
      {
        action: 'transfer',
        label: '转办',
        axis: 'status',
        from: [pending, processing],
        to: pending,
        permission: P.assign,
        task: { closes: 'reply', decision: 'reject' },
        opensNext: reply,
      },
      {
        action: 'close',
        label: '关闭',
        axis: 'status',
        from: [pending, processing],
        to: closed,
        permission: P.handle,
        ownDepartment: true,
        commentRequired: true,
        commentMissing: '请填写关闭理由',
        danger: true,
        task: { closes: 'reply', decision: 'reject' },
      },
      { action: 'finish', label: '确认办结', axis: 'status', from: [replied], to: closed, ...submitter },
      {
        action: 'reopen',
        label: '重新打开',
        axis: 'status',
        from: [replied, closed],
        to: processing,
        ...submitter,
        task: reply,
      },
      { action: 'rate', label: '评价', axis: 'status', from: [replied, closed], to: 'same', ...submitter },
      {
        action: 'setPrivacy',
        label: '公开设置',
        axis: 'status',
        from: [pending, processing, replied, closed],
        to: 'same',
        ...submitter,
      },
      {
        action: 'startOffShelf',
        label: '发起下架',
        axis: 'status',
        from: [pending, processing, replied],
        to: 'same',
        permission: P.handle,
        ownDepartment: true,
      },
    ],
  });
}

export const INTERACTION_MACHINES: Readonly<Record<InteractionKind, Machine<InteractionAction>>> = {
  consult: ticketMachine('consult'),
  dataApplication: ticketMachine('dataApplication'),
  dataCorrection: ticketMachine('dataCorrection'),
  rightsProtection: ticketMachine('rightsProtection'),
};

/** The notification category of replies (消息设置 › 互动回复). */
export const INTERACTION_REPLY_MESSAGE_TYPE = 'interaction_reply';
/** Decisions other than the reply (关闭, 转办 told to the new department is a task, not a message). */
export const INTERACTION_MESSAGE_TYPE = 'interaction';

/** The portal's desk and the back office's lists, per kind. */
export const INTERACTION_PORTAL_PATH = '/communication/interaction';
export const INTERACTION_ADMIN_PATHS: Readonly<Record<InteractionKind, string>> = {
  consult: '/interaction/consult',
  dataApplication: '/interaction/dataApplication',
  dataCorrection: '/interaction/dataCorrection',
  rightsProtection: '/interaction/rightsProtection',
};
export const INTERACTION_INBOX_PATH = '/interaction/workList';
export const INTERACTION_STATS_PATH = '/interaction/statistics';
