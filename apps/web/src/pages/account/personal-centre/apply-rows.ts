import { type OpenApplyItem, OpenApplyMessages, type OpenApplyStatus, USAGE_REPORT_OPEN_DAYS } from '@odp/contracts';
import { localDate } from '@odp/contracts/calendar';
import type { CentreTagColor } from './CentreTag';

/**
 * What a row of 我的申请 says and offers, by the application's status and its usage report: the
 * applicant's side of OPEN_APPLY_MACHINE (the reviewers' transitions are not theirs) plus the steps
 * that follow a grant (an app to call with, 利用情况报告).
 */
export type ApplyRowAction = 'detail' | 'bindApp' | 'report' | 'reapply';

export const APPLY_ACTION_LABEL: Record<ApplyRowAction, string> = {
  detail: '查看进度',
  bindApp: '选择应用',
  report: '提交利用情况报告',
  reapply: '再次申请',
};

/** A report is offered this many days before it is due, any time after, and once the grant has ended. */
export const REPORT_WINDOW_DAYS = USAGE_REPORT_OPEN_DAYS;

const DAY = 86_400_000;

/** Beijing's calendar day of an instant, as YYYY-MM-DD (the platform's dates are UTC+8 days). */
export function beijingDay(at: Date | string): string {
  const time = typeof at === 'string' ? new Date(at).getTime() : at.getTime();
  if (Number.isNaN(time)) return typeof at === 'string' ? at.slice(0, 10) : '';
  return localDate(new Date(time));
}

/**
 * The last day a report due at `dueAt` may be filed on: a due time is the end of that day (midnight
 * in Beijing), so the day is the one of the instant just before it.
 */
export const lastDay = (dueAt: string) => beijingDay(new Date(Date.parse(dueAt) - 1));

/** Whole days from `today` to the last day of `due` (negative once it has passed). */
export function daysUntil(due: string, today: Date): number {
  const from = Date.parse(`${beijingDay(today)}T00:00:00Z`);
  const to = Date.parse(`${lastDay(due)}T00:00:00Z`);
  return Math.round((to - from) / DAY);
}

export type ReportState = 'none' | 'upcoming' | 'due' | 'overdue';

/** Statuses after which the applicant may apply for the dataset again. */
const ENDED: OpenApplyStatus[] = ['4', '5', '6'];

/** Where the next 利用情况报告 stands. */
export function reportState(
  item: Pick<OpenApplyItem, 'reportDueAt' | 'reportOverdue' | 'status'>,
  today: Date,
): ReportState {
  if (item.reportOverdue) return 'overdue';
  if (!item.reportDueAt) return 'none';
  const days = daysUntil(item.reportDueAt, today);
  if (days < 0) return 'overdue';
  // A grant that ended early (revoked, cancelled) is reported on at once.
  if (item.status === '5' || item.status === '6') return 'due';
  return days <= REPORT_WINDOW_DAYS ? 'due' : 'upcoming';
}

/** What a row's reason is: of a refusal, a revocation, or the user's own 取消服务. */
export function reasonLabel(item: Pick<OpenApplyItem, 'status' | 'reason'>): string | null {
  if (!item.reason) return null;
  if (item.status === '4') return '不通过理由';
  if (item.status === '5') return item.reason === OpenApplyMessages.cancelled ? '取消原因' : '撤销理由';
  return null;
}

/** Applications that are waiting or granted: a dataset has at most one. */
const ACTIVE: OpenApplyStatus[] = ['0', '1', '2', '3'];

/** The application that took an ended one's place (the same dataset, waiting or granted), if any. */
export function newerApplication(item: OpenApplyItem, rows: OpenApplyItem[]): OpenApplyItem | null {
  if (!ENDED.includes(item.status)) return null;
  return rows.find((r) => r.id !== item.id && r.catalogId === item.catalogId && ACTIVE.includes(r.status)) ?? null;
}

/** `newer`: the application that took this one's place (then there is nothing to apply for again). */
export function rowActions(item: OpenApplyItem, today: Date, newer: OpenApplyItem | null = null): ApplyRowAction[] {
  const actions: ApplyRowAction[] = ['detail'];
  if (item.status === '3') actions.push('bindApp');
  const report = reportState(item, today);
  if (report === 'due' || report === 'overdue') actions.push('report');
  if (ENDED.includes(item.status) && !newer) actions.push('reapply');
  return actions;
}

/** 选择应用, or 更换应用 once an app reads the dataset. */
export const bindLabel = (item: Pick<OpenApplyItem, 'appId'>) => (item.appId ? '更换应用' : '选择应用');

const day = (value: string | null | undefined) => (value ? beijingDay(value) : '');
const dueDay = (value: string | null | undefined) => (value ? lastDay(value) : '');

/** The sentence under a row's status: what happens next, and who acts. */
export function nextStep(item: OpenApplyItem, today: Date, newer: OpenApplyItem | null = null): string {
  const report = reportState(item, today);
  const due = `${dueDay(item.reportDueAt)}（含当日）`;
  if (report === 'overdue')
    return `利用情况报告已逾期（应于 ${due} 前提交），请尽快提交；逾期未提交期间不能获批新的开放申请。`;
  if (newer && report !== 'due') return `已再次申请（申请编号 ${newer.code}，${newer.statusLabel}），请查看该申请。`;
  switch (item.status) {
    case '0':
      return '申请尚未提交。';
    case '1':
      return `等待${item.providerName || '数据提供部门'}审核，审核时限一般为 10 个工作日。`;
    case '2':
      return '数据提供部门已审核通过，等待大数据局审核。';
    case '3': {
      if (!item.appId) return '已开通：请选择用于调用接口的应用，选择后即可使用该应用的 App Key 调用。';
      if (report === 'due') return `请于 ${due} 前提交利用情况报告。`;
      const end = day(item.grantedEndDate ?? item.endDate);
      return `已开通至 ${end}，应用“${item.appName ?? ''}”可调用该数据，密钥与配额见“我的服务”。`;
    }
    case '4':
      return '未通过审核：可按审核意见修改后再次申请。';
    case '5': {
      const ended = item.reason === OpenApplyMessages.cancelled ? '服务已取消' : '授权已撤销';
      return report === 'due'
        ? `${ended}，请于 ${due} 前提交利用情况报告。`
        : `${ended}，接口不再可用；如需继续使用，请再次申请。`;
    }
    case '6':
      return report === 'due'
        ? `授权已到期，请于 ${due} 前提交利用情况报告。`
        : '授权已到期，接口不再可用；如需继续使用，请再次申请。';
    default:
      return '';
  }
}

/** The colour of a status tag. */
export const STATUS_COLOR: Record<OpenApplyStatus, CentreTagColor> = {
  '0': 'default',
  '1': 'blue',
  '2': 'blue',
  '3': 'green',
  '4': 'red',
  '5': 'orange',
  '6': 'default',
};
