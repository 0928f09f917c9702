import {
  MY_APPLICATIONS_PAGE,
  OPEN_APPLY_MACHINE,
  OpenApplyMessages,
  OpenApplyPerm,
  OpenApplyStatus,
  type OverdueReportItem,
  type OverdueReportQuery,
  type Page,
  stateLabel,
  toPage,
  USAGE_REPORT_OPEN_DAYS,
  type UsageReportInput,
  type UsageReportItem,
} from '@odp/contracts';
import type { Db } from '../../db/client.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { departmentFilter } from '../../platform/auth/scope.js';
import { cityDate, daysBetween } from '../../platform/city-days.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { remind, sendBusinessMessage } from '../../platform/messaging/business-message.js';
import { recordHistory } from '../../platform/workflow/history.js';
import {
  lockReportOf,
  overdueReports,
  providerColumn,
  reportsToRemind,
  type UsageReportRow,
  updateReport,
} from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REPORT_MESSAGE_TYPES = { due: 'open_report_due', overdue: 'open_report_overdue' } as const;
/** The overdue notice is sent once per report: a second one within this time is never sent. */
const ONCE = 100 * 365 * DAY_MS;
/** At most this many reports per run; the next run takes the rest. */
const BATCH = 500;

/**
 * A report may be filed from `USAGE_REPORT_OPEN_DAYS` before it is due, or at once when the grant
 * has ended (revoked, cancelled, expired), and only once.
 */
function canFile(report: UsageReportRow, applyStatus: string, now: Date): boolean {
  if (report.submittedAt) return false;
  if (applyStatus !== OpenApplyStatus.granted) return true;
  return report.dueAt.getTime() - now.getTime() <= USAGE_REPORT_OPEN_DAYS * DAY_MS;
}

export function presentReport(report: UsageReportRow, applyStatus: string, mine: boolean, now: Date): UsageReportItem {
  return {
    id: report.id,
    applyId: report.applyId,
    dueAt: report.dueAt.toISOString(),
    submittedAt: report.submittedAt?.toISOString() ?? null,
    usedFor: report.usedFor,
    outcome: report.outcome,
    resultId: report.resultId,
    overdue: !report.submittedAt && report.dueAt.getTime() <= now.getTime(),
    canSubmit: mine && canFile(report, applyStatus, now),
  };
}

/** 利用情况报告: only the applicant files it, once, what the data was used for and what it produced. */
export async function fileUsageReport(db: Db, actor: Actor, input: UsageReportInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const found = await lockReportOf(tx, input.id, actor.userId);
    if (!found) throw notFound(OpenApplyMessages.reportMissing);
    const { report, apply } = found;
    if (report.submittedAt) throw badRequest(OpenApplyMessages.reportDone);
    if (!canFile(report, apply.status, now)) throw badRequest(OpenApplyMessages.reportNotYet);
    await updateReport(tx, report.id, {
      usedFor: input.usedFor,
      outcome: input.outcome,
      submittedAt: now,
    });
    const state = { status: apply.status };
    await recordHistory(tx, {
      subjectType: OPEN_APPLY_MACHINE.subject,
      subjectId: apply.id,
      action: 'report',
      from: state,
      to: state,
      // A due time is the end of its last day (the next day's midnight): name the last day, as the reminders do.
      comment: `应到期 ${cityDate(new Date(report.dueAt.getTime() - 1))}`,
      actor,
      departName: null,
    });
    await logOperation(tx, actor, {
      content: `提交利用情况报告：${apply.code}`,
      operateType: 'openApply:report',
      target: apply.id,
    });
    return presentReport({ ...report, ...input, submittedAt: now }, apply.status, true, now);
  });
}

/** Usage reports past due and not filed, for the provider department (reviewers: every department's). */
export async function overdueReportList(
  db: Db,
  actor: Actor,
  q: OverdueReportQuery,
  now = new Date(),
): Promise<Page<OverdueReportItem>> {
  const scope = departmentFilter(actor, {
    column: providerColumn,
    allDepartmentsPermission: OpenApplyPerm.bureauReview,
  });
  const { rows, total } = await overdueReports(db, scope, q.catalogName, now, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return toPage(
    rows.map((r) => ({
      id: r.report.id,
      applyId: r.report.applyId,
      code: r.code,
      catalogId: r.catalogId,
      catalogName: r.catalogName,
      applicantName: r.applicantName,
      dueAt: r.report.dueAt.toISOString(),
      daysOverdue: Math.max(0, daysBetween(r.report.dueAt, now)),
      applyStatus: r.applyStatus as OpenApplyStatus,
      applyStatusLabel: stateLabel(OPEN_APPLY_MACHINE, 'status', r.applyStatus),
    })),
    total,
    q,
  );
}

/**
 * One pass of the reminder job: an unfiled report due within `remindBeforeDays` is reminded to its
 * applicant once; one past due is flagged once, to the applicant and to the provider department.
 * Rows are claimed with SKIP LOCKED and the overdue notice moves `reminded_at` past the due time, so
 * neither message is sent twice.
 */
export async function remindReports(db: Db, now: Date, remindBeforeDays: number) {
  const soon = new Date(now.getTime() + remindBeforeDays * DAY_MS);
  return db.transaction(async (tx) => {
    const rows = await reportsToRemind(tx, now, soon, BATCH);
    let reminded = 0;
    let overdue = 0;
    for (const r of rows) {
      const isOverdue = r.report.dueAt.getTime() <= now.getTime();
      await updateReport(tx, r.report.id, { remindedAt: now });
      const due = cityDate(new Date(r.report.dueAt.getTime() - 1));
      if (!isOverdue) {
        reminded++;
        await sendBusinessMessage(tx, {
          userIds: [r.applicantId],
          messageType: REPORT_MESSAGE_TYPES.due,
          title: `请于 ${due} 前提交“${r.catalogName}”的利用情况报告`,
          text: '请在个人中心“我的申请”中填写数据用途和产生的成果。逾期未提交将不能申请新的有条件开放数据。',
          busId: r.report.id,
          openPage: MY_APPLICATIONS_PAGE,
          sender: '系统',
          at: now,
        });
        continue;
      }
      overdue++;
      await remind(tx, {
        to: { userIds: [r.applicantId] },
        messageType: REPORT_MESSAGE_TYPES.overdue,
        title: `“${r.catalogName}”的利用情况报告已逾期`,
        text: `应于 ${due} 前提交。提交前不能申请新的有条件开放数据。`,
        busId: r.report.id,
        openPage: MY_APPLICATIONS_PAGE,
        sender: '系统',
        notWithinMs: ONCE,
        now,
      });
      await remind(tx, {
        to: { orgCodes: [r.providerOrgCode] },
        messageType: REPORT_MESSAGE_TYPES.overdue,
        title: `${r.applicantName ?? '申请人'}逾期未提交“${r.catalogName}”的利用情况报告`,
        text: `开放申请 ${r.code}，报告应于 ${due} 前提交。`,
        busId: r.report.id,
        openPage: '/openApply',
        sender: '系统',
        notWithinMs: ONCE,
        now,
      });
    }
    return { reminded, overdue };
  });
}
