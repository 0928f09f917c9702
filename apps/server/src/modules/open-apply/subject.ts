import {
  MY_APPLICATIONS_PAGE,
  OPEN_APPLY_MACHINE,
  type OpenApplyAction,
  OpenApplyMessages,
  type OpenApplyStatus,
  USAGE_REPORT_OPEN_DAYS,
} from '@odp/contracts';
import type { Tx } from '../../db/client.js';
import type { openApplies } from '../../db/schema/index.js';
import { addYears, dayEnd, dayStart } from '../../platform/city-days.js';
import { badRequest } from '../../platform/http/errors.js';
import { sendBusinessMessage } from '../../platform/messaging/business-message.js';
import { defineSubject, type SubjectRecord } from '../../platform/workflow/subject.js';
import {
  catalogueNameOf,
  catalogueNames,
  deleteReports,
  endGrants,
  hasOverdueReport,
  insertReports,
  laterReports,
  lockApply,
  type OpenApplyRow,
  updateApply,
  updateReport,
} from './repository.js';
import { readRules } from './rules.js';

/** What a provider's decision may carry: the narrowed fields and end date (checked by the service). */
export type OpenApplyExtra = { fields?: string[] | null; endDate?: string | null };

export type OpenApplyRecord = SubjectRecord & { row: OpenApplyRow };

export const OPEN_APPLY_MESSAGE_TYPE = 'open_apply';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a decision tells the applicant, after “开放申请“<name>””. */
const DECISION_TITLE: Partial<Record<OpenApplyAction, string>> = {
  providerApprove: '已通过提供部门审核，待大数据局审核',
  providerGrant: '审核通过，已开通',
  bureauApprove: '审核通过，已开通',
  providerReject: '未通过',
  bureauReject: '未通过',
};

type Columns = Partial<typeof openApplies.$inferInsert>;

/** The provider's narrowing, when it gave one (the service checked it is within the application). */
function narrowed(extra: OpenApplyExtra | undefined): Columns {
  return {
    ...(extra?.fields ? { grantedFields: extra.fields } : {}),
    ...(extra?.endDate ? { grantedEndDate: extra.endDate } : {}),
  };
}

/**
 * The usage reports a grant owes: one at the end of the granted period, and with a yearly cycle one
 * on each anniversary of the start that falls before the end.
 */
export function reportDueDates(startDate: string, endDate: string, cycle: 'period' | 'year'): Date[] {
  const dates: Date[] = [];
  if (cycle === 'year') {
    for (let k = 1; addYears(startDate, k) < endDate; k++) dates.push(dayStart(addYears(startDate, k)));
  }
  dates.push(dayEnd(endDate));
  return dates;
}

/** The columns of a grant: fields and end date as narrowed, the daily quota by rule, its reports scheduled. */
async function grant(tx: Tx, row: OpenApplyRow, narrowedTo: Columns, now: Date): Promise<Columns> {
  // An applicant with an overdue usage report gets no new grant until it is filed.
  if (await hasOverdueReport(tx, row.applicantId, now)) throw badRequest(OpenApplyMessages.grantBlocked);
  const rules = await readRules(tx);
  const grantedFields = narrowedTo.grantedFields ?? row.grantedFields ?? row.fields;
  const grantedEndDate = narrowedTo.grantedEndDate ?? row.grantedEndDate ?? row.endDate;
  await insertReports(tx, row.id, reportDueDates(row.startDate, grantedEndDate, rules.reportCycle));
  return { grantedFields, grantedEndDate, dailyQuota: rules.dailyQuota, decidedAt: now, reason: null };
}

/**
 * A grant ended early (revoked, cancelled, its entry withdrawn): a key never bound read nothing and
 * owes no report; otherwise the next report covers the use so far, due within the reporting window,
 * and the later ones go.
 */
async function shortenReports(tx: Tx, row: OpenApplyRow, now: Date) {
  const later = await laterReports(tx, row.id, now);
  const ids = later.map((x) => x.id);
  if (!later.length) return;
  if (!row.appId) return deleteReports(tx, ids);
  const due = new Date(Math.min(later[0].dueAt.getTime(), now.getTime() + USAGE_REPORT_OPEN_DAYS * DAY_MS));
  await updateReport(tx, later[0].id, { dueAt: due });
  await deleteReports(tx, ids.slice(1));
}

/** An open application as a workflow subject: `status` is the machine's one axis; the provider department owns it. */
export const openApplySubject = defineSubject<OpenApplyAction, OpenApplyRecord, OpenApplyExtra>({
  machine: OPEN_APPLY_MACHINE,
  messages: {
    notFound: OpenApplyMessages.notFound,
    notOwn: OpenApplyMessages.notOwn,
    notApplicant: OpenApplyMessages.notApplicant,
  },
  inboxPage: '/openApply',

  async load(tx, id) {
    const row = await lockApply(tx, id);
    if (!row) return null;
    const name = (await catalogueNameOf(tx, row.catalogId)) ?? row.code;
    return {
      id: row.id,
      state: { status: row.status },
      orgCode: row.providerOrgCode,
      title: name,
      describe: `${name}（${row.code}）`,
      applicantId: row.applicantId,
      row,
    };
  },

  async write(tx, record, next, t, ctx) {
    const { row } = record;
    const set: Columns = { status: String(next.status) as OpenApplyStatus, updatedAt: ctx.now };
    switch (t.action) {
      case 'submit':
        Object.assign(set, { submittedAt: ctx.now, decidedAt: null, reason: null });
        break;
      case 'providerApprove':
        Object.assign(set, narrowed(ctx.extra));
        break;
      case 'providerGrant':
        Object.assign(set, await grant(tx, row, narrowed(ctx.extra), ctx.now));
        break;
      case 'bureauApprove':
        Object.assign(set, await grant(tx, row, {}, ctx.now));
        break;
      case 'providerReject':
      case 'bureauReject':
        Object.assign(set, { decidedAt: ctx.now, reason: ctx.comment });
        break;
      case 'revoke':
      case 'withdraw':
      case 'cancel':
      case 'expire': {
        // Access ends with the state change, in its transaction: the next call with the key is refused.
        await endGrants(tx, row.id, ctx.now);
        if (t.action !== 'expire') await shortenReports(tx, row, ctx.now);
        set.reason = t.action === 'cancel' ? OpenApplyMessages.cancelled : t.action === 'expire' ? null : ctx.comment;
        // No review task closes here, so the kernel says nothing: the applicant hears it from us.
        if (t.action !== 'cancel') {
          await sendBusinessMessage(tx, {
            userIds: [row.applicantId],
            messageType: OPEN_APPLY_MESSAGE_TYPE,
            title:
              t.action === 'expire'
                ? `开放申请“${record.title}”已到期`
                : `开放申请“${record.title}”的授权已${t.action === 'revoke' ? '被撤销' : '终止'}`,
            text:
              t.action === 'expire'
                ? '授权期限已届满，应用密钥不再能读取该数据集。如需继续使用，请重新申请，并按时提交利用情况报告。'
                : `${t.action === 'revoke' ? '撤销理由' : '原因'}：${ctx.comment ?? ''}`,
            busId: row.id,
            openPage: MY_APPLICATIONS_PAGE,
            sender: ctx.actor.realname,
            at: ctx.now,
          });
        }
        break;
      }
    }
    await updateApply(tx, row.id, set);
  },

  decisionMessage(record, t, ctx) {
    const title = DECISION_TITLE[t.action];
    if (!title) return null;
    const granted = t.action === 'providerGrant' || t.action === 'bureauApprove';
    const rejected = t.action === 'providerReject' || t.action === 'bureauReject';
    const lines = [
      rejected ? `理由：${ctx.comment ?? ''}` : ctx.comment ? `审核意见：${ctx.comment}` : null,
      granted ? '请在个人中心“我的申请”中绑定应用，即可用应用密钥调用接口。' : null,
      rejected ? '您可以按意见修改后重新申请。' : null,
    ].filter(Boolean);
    return {
      messageType: OPEN_APPLY_MESSAGE_TYPE,
      title: `开放申请“${record.title}”${title}`,
      text: lines.join('\n') || null,
      openPage: MY_APPLICATIONS_PAGE,
    };
  },

  titles: (db, ids) => catalogueNames(db, ids),
});
