import { defineMachine } from '../core/workflow.js';

/**
 * 指标管理, 指标开发 and 绩效管理 (next-capabilities §13): the business-domain tree and indicators of
 * the original's `/api/asset/*`, indicators computed from the platform's own tables per department and
 * period, and the assessment of departments on them. This file holds no zod.
 */
export const AssessmentPerm = {
  /** 指标管理 (the menu): read the domain tree and the indicators. */
  indexList: 'asset:index:list',
  /** 指标管理's buttons: the domain tree and the indicators (add, edit, submit, delete). */
  indexManage: 'asset:index:manage',
  /** 指标开发: how an indicator is computed, 计算, values and run history. */
  indexDevelop: 'asset:index:develop',
  /** 绩效管理: read the assessment (a department its own score, holders of `manage` all). */
  view: 'assessment:view',
  /** Schemes and periods: 开始考核, 重新计算, 提交局确认. Also sees every department's score. */
  manage: 'assessment:manage',
  /** A department's 说明 on its own score. */
  comment: 'assessment:comment',
  /** The bureau's 确认 / 退回 of a period. */
  confirm: 'assessment:confirm',
} as const;

/** 指标类型: 0 单一指标, 1 复合指标. */
export const INDEX_TYPE_LABEL: Record<string, string> = { '0': '单一指标', '1': '复合指标' };
/** 状态 `enables`: 1 已提交, else 未提交. */
export const INDEX_ENABLES_LABEL: Record<string, string> = { '0': '未提交', '1': '已提交' };
export const INDEX_UNITS = ['万元', '%', '万平', '分', '元/人', '亿元', '起', '个', '条', '次', '小时'] as const;
/** 更新频率: 年/月/周/日. */
export const INDEX_FREQUENCY_LABEL: Record<string, string> = { year: '年', month: '月', week: '周', day: '日' };
export const INDEX_PAGE_SIZES = [20, 30, 40] as const;

export const AssetMessages = {
  domainNotFound: '业务域不存在或已删除',
  domainHasChildren: '该业务域下还有子业务域，请先删除子业务域',
  domainHasIndexes: '该业务域下还有指标，不能删除',
  domainNameTaken: '同一上级下已有同名业务域',
  domainParentSelf: '上级业务域不能是自身或其下级',
  indexNotFound: '指标不存在或已删除',
  indexLocked: '指标已提交，不能修改或删除',
  indexNameTaken: '同一业务域下已有同名指标',
  sourcesOnlyComposite: '只有复合指标才能选择来源指标',
  sourcesMissing: '复合指标请至少选择一个来源指标',
  sourcesUnknown: '来源指标不存在',
  sourcesSingleOnly: '来源指标只能是单一指标',
  sourceInUse: '该指标是其他复合指标的来源指标，不能删除',
  inScheme: '该指标已用于考核方案，不能删除',
  submitConfirm: '您确认要提交吗？一旦提交不能撤销?',
  saved: '保存成功',
  submitted: '提交成功',
  deleted: '删除成功',
} as const;

/** 计算方式: one of the registered calculations (单一), or a formula over the source indicators (复合). */
export type CalculationInfo = { name: string; label: string; unit: string; description: string; records: string };

/**
 * The registered calculations. The server holds each one's statement (`modules/assessment/calculations`);
 * this list is what an administrator may choose from, so a name outside it is refused.
 */
export const CALCULATIONS: readonly CalculationInfo[] = [
  {
    name: 'catalogue.onTimeUpdateRate',
    label: '目录按时更新率',
    unit: '%',
    description: '期末已上架、有固定更新频率的目录中，期末未处于“更新已超时”状态的比例',
    records: '期末更新已超时的目录',
  },
  {
    name: 'catalogue.openCount',
    label: '开放数据集数',
    unit: '个',
    description: '期末已上架的无条件开放与有条件开放目录数',
    records: '已开放的目录',
  },
  {
    name: 'interaction.replyRate',
    label: '互动回复率',
    unit: '%',
    description: '本期提交、由本部门答复（或转至本部门）的互动工单中已答复的比例',
    records: '未答复的互动工单',
  },
  {
    name: 'interaction.onTimeReplyRate',
    label: '互动按时回复率',
    unit: '%',
    description: '本期提交并已答复的互动工单中，在答复期限内首次答复的比例',
    records: '逾期答复的互动工单',
  },
  {
    name: 'openapi.successRate',
    label: '接口调用成功率',
    unit: '%',
    description: '本期对本部门目录的开放接口调用中，答复状态低于 400 的比例',
    records: '失败的接口调用',
  },
  {
    name: 'download.count',
    label: '数据下载次数',
    unit: '次',
    description: '本期本部门目录的文件下载次数',
    records: '本期的下载记录',
  },
];
export const CALCULATION_LABEL: Record<string, string> = Object.fromEntries(CALCULATIONS.map((c) => [c.name, c.label]));

/** Formula operations of a 复合指标 (a JSON expression tree, never code). */
export const FORMULA_OP_LABEL: Record<string, string> = {
  const: '常数',
  ref: '来源指标',
  add: '加（+）',
  sub: '减（−）',
  mul: '乘（×）',
  div: '除（÷）',
  wsum: '加权求和',
  min: '最小值',
  max: '最大值',
};

/** 考核周期 / computation periods, in the city's calendar (UTC+8). */
export const PERIOD_TYPE_LABEL: Record<string, string> = { month: '月度', quarter: '季度', year: '年度' };
export type PeriodType = 'month' | 'quarter' | 'year';
export const PERIOD_KEY_PATTERN: Record<PeriodType, RegExp> = {
  month: /^\d{4}-(0[1-9]|1[0-2])$/,
  quarter: /^\d{4}-Q[1-4]$/,
  year: /^\d{4}$/,
};

const UTC8_MS = 8 * 3_600_000;
/** The instant a city month begins (month 1–12; 13 is January of the next year). */
const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1) - UTC8_MS);

/** [start, end) of a period in UTC+8, e.g. 2026-Q4 is 2026-10-01 00:00 to 2027-01-01 00:00 Beijing time. */
export function periodRange(type: PeriodType, key: string): { start: Date; end: Date } {
  const year = Number(key.slice(0, 4));
  if (type === 'year') return { start: monthStart(year, 1), end: monthStart(year + 1, 1) };
  if (type === 'quarter') {
    const q = Number(key.slice(6));
    return { start: monthStart(year, (q - 1) * 3 + 1), end: monthStart(year, q * 3 + 1) };
  }
  const m = Number(key.slice(5, 7));
  return { start: monthStart(year, m), end: monthStart(year, m + 1) };
}

/** The period of a type containing an instant (city calendar); `back` steps to earlier ones. */
export function periodOf(type: PeriodType, at: Date, back = 0): string {
  const local = new Date(at.getTime() + UTC8_MS);
  let year = local.getUTCFullYear();
  let month = local.getUTCMonth(); // 0-based
  if (type === 'year') return String(year - back);
  if (type === 'quarter') {
    let q = Math.floor(month / 3) - back;
    while (q < 0) {
      q += 4;
      year--;
    }
    return `${year}-Q${q + 1}`;
  }
  month -= back;
  while (month < 0) {
    month += 12;
    year--;
  }
  return `${year}-${String(month + 1).padStart(2, '0')}`;
}

export function periodLabel(type: string, key: string): string {
  if (type === 'year') return `${key}年`;
  if (type === 'quarter') return `${key.slice(0, 4)}年第${key.slice(6)}季度`;
  return `${key.slice(0, 4)}年${Number(key.slice(5, 7))}月`;
}

/** 计算记录 status and trigger (the task-operations view reads these columns). */
export const RUN_STATUS_LABEL: Record<string, string> = { running: '计算中', success: '成功', failed: '失败' };
export const RUN_TRIGGER_LABEL: Record<string, string> = {
  schedule: '定时任务',
  manual: '手动计算',
  assessment: '开始考核',
  retry: '重新执行',
};

/** The assessment period's state: 0 计算中, 1 待部门确认, 2 待局确认, 3 已确认. */
export const AssessmentStatus = { scoring: 0, departments: 1, bureau: 2, confirmed: 3 } as const;
export const ASSESSMENT_STATUS_LABEL: Record<string, string> = {
  '0': '计算中',
  '1': '待部门确认',
  '2': '待局确认',
  '3': '已确认',
};

export type AssessmentAction = 'score' | 'rescore' | 'submit' | 'confirm' | 'return';

export const AssessmentMessages = {
  schemeNotFound: '考核方案不存在或已删除',
  schemeNameTaken: '已有同名考核方案',
  weightsNot100: '各指标权重之和须为 100',
  duplicateIndex: '同一指标不能重复加入方案',
  indexNotReady: '考核指标须为已提交且已设置计算方式的指标',
  schemeInUse: '该方案已开始考核，不能删除',
  periodNotFound: '考核记录不存在',
  periodExists: '该方案的这一周期已开始考核',
  scoreNotFound: '考核得分不存在',
  commentClosed: '当前状态不能填写说明，只有“待部门确认”时可以',
  notOwnScore: '只能对本部门的得分填写说明',
  started: '已开始考核',
  commented: '说明已保存',
} as const;

/**
 * The period's assessment on the workflow kernel: the administrator's 开始考核 computes it (计算中 →
 * 待部门确认), departments write their 说明 while it waits for them, 提交局确认 hands it to the bureau,
 * which confirms it or returns it (with a reason) for another round.
 */
export const ASSESSMENT_MACHINE = defineMachine<AssessmentAction>({
  subject: 'assessment',
  label: '绩效考核',
  axes: { status: { label: '考核状态', states: ASSESSMENT_STATUS_LABEL } },
  tasks: { confirm: '考核确认' },
  allDepartmentsPermission: AssessmentPerm.manage,
  transitions: [
    {
      action: 'score',
      label: '完成计算',
      axis: 'status',
      from: [AssessmentStatus.scoring],
      to: AssessmentStatus.departments,
      permission: AssessmentPerm.manage,
    },
    {
      action: 'rescore',
      label: '重新计算',
      axis: 'status',
      from: [AssessmentStatus.departments],
      to: 'same',
      permission: AssessmentPerm.manage,
    },
    {
      action: 'submit',
      label: '提交局确认',
      axis: 'status',
      from: [AssessmentStatus.departments],
      to: AssessmentStatus.bureau,
      permission: AssessmentPerm.manage,
      task: { opens: 'confirm', assignee: { kind: 'role', role: 'reviewer' }, dueInWorkingDays: 5 },
    },
    {
      action: 'confirm',
      label: '确认',
      axis: 'status',
      from: [AssessmentStatus.bureau],
      to: AssessmentStatus.confirmed,
      permission: AssessmentPerm.confirm,
      task: { closes: 'confirm', decision: 'approve' },
    },
    {
      action: 'return',
      label: '退回',
      axis: 'status',
      from: [AssessmentStatus.bureau],
      to: AssessmentStatus.departments,
      permission: AssessmentPerm.confirm,
      commentRequired: true,
      commentMissing: '请填写退回理由',
      danger: true,
      task: { closes: 'confirm', decision: 'reject' },
    },
  ],
});
