import { defineMachine } from '../core/workflow.js';

/**
 * 调查问卷 (DOMAIN.md §4, next-capabilities §4): a survey the bureau publishes on the portal's
 * 交流互动. Questions are single choice, multiple choice, text or a rating (1–5); visitors answer once
 * (per account, or per device when anonymous answers are allowed) between the open and close times.
 * This file holds no zod, so portal pages can use its labels.
 */
export const QuestionnairePerm = {
  /** The back office's 问卷管理 list and a questionnaire's detail. */
  list: 'questionnaire:list',
  /** Create, edit, publish, withdraw, end and delete. */
  edit: 'questionnaire:edit',
  /** 统计结果: charts, text answers and the .xlsx export of all answers. */
  results: 'questionnaire:results',
  /** Act on every department's questionnaires (the bureau); others act on their own department's. */
  all: 'questionnaire:all',
} as const;

/**
 * status: 0 草稿, 1 已发布, 2 已结束, 3 已撤回. A published questionnaire whose close time has passed
 * reads as 已结束 everywhere (the adapter, the lists, the answer call): the close time decides, no job.
 */
export const QuestionnaireStatus = { draft: '0', published: '1', ended: '2', withdrawn: '3' } as const;
export type QuestionnaireStatus = (typeof QuestionnaireStatus)[keyof typeof QuestionnaireStatus];
export const QUESTIONNAIRE_STATUS_LABEL: Record<QuestionnaireStatus, string> = {
  '0': '草稿',
  '1': '已发布',
  '2': '已结束',
  '3': '已撤回',
};

/** The state a stored status is in at `now`: 已发布 past its close time is 已结束. */
export function effectiveStatus(status: string, closeTime: Date | string, now: Date): QuestionnaireStatus {
  if (status === QuestionnaireStatus.published && new Date(closeTime).getTime() <= now.getTime())
    return QuestionnaireStatus.ended;
  return status as QuestionnaireStatus;
}

export const QUESTION_KINDS = ['single', 'multiple', 'text', 'rating'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABEL: Record<QuestionKind, string> = {
  single: '单选题',
  multiple: '多选题',
  text: '填空题',
  rating: '评分题',
};
export const isChoice = (kind: string) => kind === 'single' || kind === 'multiple';

export const QUESTIONNAIRE_LIMITS = {
  title: 100,
  description: 500,
  questions: 50,
  questionTitle: 200,
  optionsMin: 2,
  options: 20,
  option: 100,
  textAnswer: 500,
  ratingMin: 1,
  ratingMax: 5,
} as const;

/** A visitor's view of the calendar: 进行中, 未开始, 已结束. */
export type QuestionnairePhase = 'open' | 'upcoming' | 'ended';
export const QUESTIONNAIRE_PHASE_LABEL: Record<QuestionnairePhase, string> = {
  open: '进行中',
  upcoming: '未开始',
  ended: '已结束',
};

export const QUESTIONNAIRE_PATHS = {
  list: '/communication/questionnaire',
  answer: '/communication/questionnaire/answer',
  adminList: '/questionnaire/list',
  adminEdit: '/questionnaire/edit',
  adminResults: '/questionnaire/results',
} as const;
export const questionnaireAnswerPath = (id: string) => `${QUESTIONNAIRE_PATHS.answer}?id=${encodeURIComponent(id)}`;

export const QuestionnaireMessages = {
  notFound: '问卷不存在或已删除',
  notOwn: '只能操作本部门的问卷',
  noDepartment: '您尚未归属部门，不能新建问卷',
  locked: '问卷已有人作答，不能再修改题目',
  noQuestions: '请至少添加一道题目',
  closeBeforeOpen: '结束时间须晚于开始时间',
  closePassed: '结束时间已过，请先修改结束时间再发布',
  notOpen: '问卷尚未开始',
  ended: '问卷已结束',
  signIn: '该问卷需登录后作答，请先登录',
  answered: '您已参与过该问卷，每人只能作答一次',
  deviceAnswered: '本设备已参与过该问卷，每台设备只能作答一次',
  unknownQuestion: '答卷中有不属于该问卷的题目',
  repeatedQuestion: '同一道题只能作答一次',
  resultsHidden: '该问卷的结果未公开',
  saved: '保存成功',
  submitted: '提交成功，感谢您的参与！',
  deleted: '删除成功',
} as const;

/** `第3题“您最常使用哪类数据？”` — how an answer's refusal names its question. */
export const questionRef = (n: number, title: string) => `第${n}题“${title}”`;
export const AnswerRefusal = {
  required: (n: number, title: string) => `${questionRef(n, title)}为必答题，请作答`,
  badOption: (n: number, title: string) => `${questionRef(n, title)}的选项不正确`,
  oneOption: (n: number, title: string) => `${questionRef(n, title)}为单选题，只能选择一项`,
  badRating: (n: number, title: string) => `${questionRef(n, title)}的评分须为 1–5 分`,
  textTooLong: (n: number, title: string) =>
    `${questionRef(n, title)}的回答不能超过 ${QUESTIONNAIRE_LIMITS.textAnswer} 个字`,
  wrongKind: (n: number, title: string) => `${questionRef(n, title)}的回答格式不正确`,
} as const;

export type QuestionnaireAction = 'edit' | 'publish' | 'withdraw' | 'end' | 'delete';

const { draft, published, ended, withdrawn } = QuestionnaireStatus;
const editor = { permission: QuestionnairePerm.edit, ownDepartment: true } as const;

/**
 * 草稿 → 已发布 → 已结束 (the close time passing, or 结束 early) | 已撤回 (taken off the portal; it may
 * be edited and published again). 编辑 and 删除 are `to: 'same'` rules, so the page's buttons and the
 * server's refusals come from one table; that the questions stay as they are once someone answered is
 * the service's check.
 */
export const QUESTIONNAIRE_MACHINE = defineMachine({
  subject: 'questionnaire',
  label: '调查问卷',
  axes: { status: { label: '问卷状态', states: QUESTIONNAIRE_STATUS_LABEL } },
  tasks: {},
  allDepartmentsPermission: QuestionnairePerm.all,
  transitions: [
    { action: 'edit', label: '编辑', axis: 'status', from: [draft, published, withdrawn], to: 'same', ...editor },
    { action: 'publish', label: '发布', axis: 'status', from: [draft, withdrawn], to: published, ...editor },
    { action: 'withdraw', label: '撤回', axis: 'status', from: [published], to: withdrawn, ...editor, danger: true },
    { action: 'end', label: '结束', axis: 'status', from: [published], to: ended, ...editor, danger: true },
    {
      action: 'delete',
      label: '删除',
      axis: 'status',
      from: [draft, withdrawn, ended],
      to: 'same',
      ...editor,
      danger: true,
    },
  ],
});

export type QuestionOption = { id: string; label: string };
export type Question = {
  id: string;
  kind: QuestionKind;
  title: string;
  required: boolean;
  options: QuestionOption[];
};

/** A questionnaire as the back office sees it. */
export type QuestionnaireRecord = {
  id: string;
  title: string;
  description: string;
  openTime: string;
  closeTime: string;
  allowAnonymous: boolean;
  showResults: boolean;
  /** The effective status (已发布 past its close time is 已结束). */
  status: QuestionnaireStatus;
  joinNumber: number;
  questionCount: number;
  orgCode: string | null;
  departName: string | null;
  publishedAt: string | null;
  createTime: string;
  updateTime: string;
  /** Someone has answered: the questions can no longer change. */
  locked: boolean;
  actions: QuestionnaireAction[];
};
export type QuestionnaireDetail = QuestionnaireRecord & { questions: Question[] };

/** A questionnaire as the portal's list shows it. */
export type QuestionnaireCard = {
  id: string;
  title: string;
  description: string;
  openTime: string;
  closeTime: string;
  allowAnonymous: boolean;
  joinNumber: number;
  questionCount: number;
  phase: QuestionnairePhase;
  /** Ended, and its administrator shows the results summary publicly. */
  resultsPublic: boolean;
};

/** The answer page: the questions, and whether this visitor (account or device) has answered already. */
export type QuestionnairePublicDetail = QuestionnaireCard & {
  questions: Question[];
  answered: boolean;
  /** Login is required and the visitor is not signed in. */
  needSignIn: boolean;
};

export type OptionResult = { id: string; label: string; count: number; percent: number };
export type QuestionResult = {
  id: string;
  kind: QuestionKind;
  title: string;
  required: boolean;
  /** Answers that answered this question. */
  answered: number;
  options: OptionResult[];
  /** Rating questions: the count of each score 1–5 and the average (0 when nobody rated). */
  rating: { average: number; distribution: { score: number; count: number }[] } | null;
};
export type QuestionnaireResults = {
  id: string;
  title: string;
  status: QuestionnaireStatus;
  joinNumber: number;
  questions: QuestionResult[];
};
export type TextAnswer = { answerId: string; text: string; time: string };
