import {
  allowedActions,
  OPEN_APPLY_MACHINE,
  OPEN_APPLY_MAX_YEARS,
  OPEN_USE_AGREEMENT,
  type OpenApplyAction,
  type OpenApplyDecisionInput,
  type OpenApplyDetail,
  type OpenApplyHistoryItem,
  type OpenApplyInput,
  type OpenApplyItem,
  type OpenApplyListQuery,
  OpenApplyMessages,
  type OpenApplyPageQuery,
  OpenApplyPerm,
  OpenApplyStatus,
  type Page,
  ShelfStatus,
  stateLabel,
  toPage,
  transitionIn,
} from '@odp/contracts';
import type { Db } from '../../db/client.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { departmentFilter, ownsDepartment } from '../../platform/auth/scope.js';
import { addYears, cityDate, dayEnd, dayStart, isRealDate } from '../../platform/city-days.js';
import { isUniqueViolation } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { nextSequence } from '../../platform/sequence.js';
import { applyTransition } from '../../platform/workflow/apply.js';
import { recordHistory } from '../../platform/workflow/history.js';
import { isVerified } from '../account/repository.js';
import { assertOwnUploads } from '../attachments/service.js';
import { presentReport } from './reports.js';
import {
  activeAppOf,
  appHasOtherGrant,
  applicantIs,
  applyListRow,
  attachmentsByIds,
  countApplies,
  deleteApply,
  entryForApply,
  hasActiveApply,
  hasOverdueReport,
  historyOf,
  insertApply,
  insertGrant,
  type ListFilter,
  listApplies,
  liveGrantOf,
  lockApply,
  moveGrant,
  type OpenApplyListRow,
  providerColumn,
  reportsOf,
  updateApply,
} from './repository.js';
import { readRules } from './rules.js';
import { openApplySubject } from './subject.js';

const machine = OPEN_APPLY_MACHINE;
const SCOPE = { column: providerColumn, allDepartmentsPermission: OpenApplyPerm.bureauReview };
/** Events the history shows beside the machine's transitions. */
const EVENT_LABEL: Record<string, string> = { bindApp: '绑定应用', report: '提交利用情况报告' };

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Back-office staff who may read the application: its provider department's, or the bureau's. */
function staffSees(actor: Actor, providerOrgCode: string): boolean {
  const staff = [OpenApplyPerm.list, OpenApplyPerm.providerReview, OpenApplyPerm.bureauReview].some((p) =>
    actor.perms.has(p),
  );
  return staff && ownsDepartment(actor, providerOrgCode, OpenApplyPerm.bureauReview);
}

/**
 * The row's buttons for this caller: the machine's actions they may take now, less those no call
 * takes directly (applying creates and submits; expiry and withdrawal are the platform's) and the
 * provider approval the platform's rule does not use.
 */
function actionsFor(actor: Actor, row: OpenApplyListRow['apply'], bureauReview: boolean): OpenApplyAction[] {
  const unused: OpenApplyAction = bureauReview ? 'providerGrant' : 'providerApprove';
  return allowedActions(machine, { status: row.status }, actor.perms).filter((action) => {
    if (action === 'submit' || action === 'expire' || action === 'withdraw' || action === unused) return false;
    const t = transitionIn(machine, action);
    if (t.applicantOnly && row.applicantId !== actor.userId) return false;
    if (t.ownDepartment && !ownsDepartment(actor, row.providerOrgCode, machine.allDepartmentsPermission)) return false;
    return true;
  });
}

function presentItem(actor: Actor, r: OpenApplyListRow, now: Date, bureauReview: boolean): OpenApplyItem {
  const row = r.apply;
  return {
    id: row.id,
    code: row.code,
    catalogId: row.catalogId,
    catalogName: r.catalogName,
    providerName: r.providerName,
    applicantName: r.applicantName,
    purpose: row.purpose,
    scenario: row.scenario,
    fields: row.fields,
    grantedFields: row.grantedFields,
    startDate: row.startDate,
    endDate: row.endDate,
    grantedEndDate: row.grantedEndDate,
    status: row.status as OpenApplyStatus,
    statusLabel: stateLabel(machine, 'status', row.status),
    reason: row.reason,
    appId: row.appId,
    appName: r.appName,
    dailyQuota: row.dailyQuota,
    createdAt: row.createdAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
    reportDueAt: iso(r.reportDueAt),
    reportOverdue: r.reportDueAt !== null && r.reportDueAt.getTime() <= now.getTime(),
    actions: actionsFor(actor, row, bureauReview),
  };
}

async function page(
  db: Db,
  actor: Actor,
  filter: ListFilter,
  q: Pick<OpenApplyPageQuery, 'pageNo' | 'pageSize'>,
  now: Date,
): Promise<Page<OpenApplyItem>> {
  const { bureauReview } = await readRules(db);
  const [rows, total] = await Promise.all([
    listApplies(db, filter, q.pageSize, (q.pageNo - 1) * q.pageSize),
    countApplies(db, filter),
  ]);
  return toPage(
    rows.map((r) => presentItem(actor, r, now, bureauReview)),
    total,
    q,
  );
}

/** The application as this caller may see it; anyone but its applicant and its reviewers gets a 404. */
async function visibleRow(db: Db, actor: Actor, id: string): Promise<OpenApplyListRow> {
  const r = await applyListRow(db, id);
  if (!r || (r.apply.applicantId !== actor.userId && !staffSees(actor, r.apply.providerOrgCode))) {
    throw notFound(OpenApplyMessages.notFound);
  }
  return r;
}

async function itemOf(db: Db, actor: Actor, id: string, now = new Date()): Promise<OpenApplyItem> {
  const r = await visibleRow(db, actor, id);
  return presentItem(actor, r, now, (await readRules(db)).bureauReview);
}

/** The applied period: real dates, from today on, the end not before the start and within the longest period. */
function checkPeriod(startDate: string, endDate: string, now: Date) {
  if (!isRealDate(startDate)) throw badRequest(OpenApplyMessages.dateInvalid('开始日期'));
  if (!isRealDate(endDate)) throw badRequest(OpenApplyMessages.dateInvalid('结束日期'));
  if (startDate < cityDate(now)) throw badRequest(OpenApplyMessages.startPast);
  if (endDate < startDate) throw badRequest(OpenApplyMessages.endBeforeStart);
  if (endDate >= addYears(startDate, OPEN_APPLY_MAX_YEARS)) throw badRequest(OpenApplyMessages.periodTooLong);
}

const unique = (list: string[]) => [...new Set(list)];

export const agreement = () => OPEN_USE_AGREEMENT;

/**
 * 申请使用: a registered user applies for a 有条件开放 dataset on the shelf, naming its data items,
 * a period, the security measures, their own uploaded 申请表 and 安全承诺书, and the current
 * 开放利用协议; the application is created and submitted to the provider department at once.
 */
export async function applyForOpenData(
  db: Db,
  actor: Actor,
  input: OpenApplyInput,
  now = new Date(),
): Promise<OpenApplyItem> {
  if (input.agreementVersion !== OPEN_USE_AGREEMENT.version) throw badRequest(OpenApplyMessages.agreementOutdated);
  const entry = await entryForApply(db, input.catalogId);
  if (!entry || entry.shelfStatus !== ShelfStatus.on) throw notFound(OpenApplyMessages.datasetMissing);
  if (entry.openType !== '2') throw badRequest(OpenApplyMessages.notConditional);
  if (entry.applyNeedsVerified && !(await isVerified(db, actor.userId)))
    throw badRequest(OpenApplyMessages.verifiedRequired);
  const fields = unique(input.fields);
  const known = new Set(entry.itemNames);
  const unknown = fields.find((f) => !known.has(f));
  if (unknown !== undefined) throw badRequest(OpenApplyMessages.fieldUnknown(unknown));
  checkPeriod(input.startDate, input.endDate, now);
  if (await hasOverdueReport(db, actor.userId, now)) throw badRequest(OpenApplyMessages.reportOverdue);
  if (await hasActiveApply(db, actor.userId, entry.id)) throw badRequest(OpenApplyMessages.duplicate);
  await assertOwnUploads(db, actor.userId, [
    { id: input.applicationFileId, purpose: 'openApply.application' },
    { id: input.pledgeFileId, purpose: 'openApply.pledge' },
  ]);

  const day = cityDate(now).replaceAll('-', '');
  const draft = await db
    .transaction(async (tx) => {
      const n = await nextSequence(tx, `openApply:KF${day}`);
      return insertApply(tx, {
        code: `KF${day}${String(n).padStart(4, '0')}`,
        catalogId: entry.id,
        providerOrgCode: entry.orgCode,
        applicantId: actor.userId,
        purpose: input.purpose,
        scenario: input.scenario,
        fields,
        startDate: input.startDate,
        endDate: input.endDate,
        securityMeasures: input.securityMeasures,
        applicationFileId: input.applicationFileId,
        pledgeFileId: input.pledgeFileId,
        agreementVersion: input.agreementVersion,
        agreementAcceptedAt: now,
        status: OpenApplyStatus.draft,
      });
    })
    .catch((e) => {
      // Two submissions at once both passed the check above; the index lets one through.
      throw isUniqueViolation(e, 'open_apply_live_uq') ? badRequest(OpenApplyMessages.duplicate) : e;
    });
  try {
    await applyTransition(db, actor, openApplySubject, draft.id, 'submit');
  } catch (e) {
    // Created and submitted as one: a submission the kernel refused leaves no draft behind.
    await deleteApply(db, draft.id);
    throw e;
  }
  return itemOf(db, actor, draft.id, now);
}

/** 我的申请: the caller's own applications, newest first. */
export function myApplies(db: Db, actor: Actor, q: OpenApplyPageQuery, now = new Date()) {
  return page(db, actor, { scope: applicantIs(actor.userId), status: q.status, catalogName: q.catalogName }, q, now);
}

/** The back office's list: the caller's department's datasets' applications, every department's for reviewers. */
export function listForStaff(db: Db, actor: Actor, q: OpenApplyListQuery, now = new Date()) {
  return page(
    db,
    actor,
    {
      scope: departmentFilter(actor, SCOPE),
      status: q.status,
      catalogName: q.catalogName,
      applicantName: q.applicantName,
    },
    q,
    now,
  );
}

function historyItem(h: Awaited<ReturnType<typeof historyOf>>[number]): OpenApplyHistoryItem {
  const from = (h.fromState as { status?: string } | null)?.status ?? null;
  const to = (h.toState as { status?: string } | null)?.status ?? null;
  const label =
    EVENT_LABEL[h.action] ?? machine.transitions.find((t) => t.action === h.action)?.label ?? (h.action as string);
  return {
    action: h.action,
    actionLabel: label,
    fromStatus: from,
    toStatus: to,
    comment: h.comment,
    realname: h.realname,
    departName: h.departName,
    createdAt: h.createdAt.toISOString(),
  };
}

/** One application with its history, files and usage reports: for its applicant, its provider department and the bureau. */
export async function openApplyDetail(db: Db, actor: Actor, id: string, now = new Date()): Promise<OpenApplyDetail> {
  const r = await visibleRow(db, actor, id);
  const row = r.apply;
  const [rules, history, files, reports] = await Promise.all([
    readRules(db),
    historyOf(db, id),
    attachmentsByIds(db, [row.applicationFileId, row.pledgeFileId]),
    reportsOf(db, id),
  ]);
  const file = (fileId: string | null) => (fileId ? (files.get(fileId) ?? null) : null);
  const mine = row.applicantId === actor.userId;
  return {
    ...presentItem(actor, r, now, rules.bureauReview),
    securityMeasures: row.securityMeasures,
    agreementVersion: row.agreementVersion,
    agreementAcceptedAt: row.agreementAcceptedAt.toISOString(),
    applicationFile: file(row.applicationFileId),
    pledgeFile: file(row.pledgeFileId),
    history: history.map(historyItem),
    reports: reports.map((rep) => presentReport(rep, row.status, mine, now)),
  };
}

/** The narrowing a provider gives: a subset of the applied fields, an end not later than applied nor before the start. */
function checkNarrowing(row: OpenApplyListRow['apply'], input: OpenApplyDecisionInput) {
  const fields = input.fields ? unique(input.fields) : null;
  if (fields?.some((f) => !row.fields.includes(f))) throw badRequest(OpenApplyMessages.narrowOnly);
  const endDate = input.endDate ?? null;
  if (endDate !== null) {
    if (!isRealDate(endDate)) throw badRequest(OpenApplyMessages.dateInvalid('结束日期'));
    if (endDate > row.endDate || endDate < row.startDate) throw badRequest(OpenApplyMessages.narrowOnly);
  }
  return { fields, endDate };
}

/**
 * A reviewer's 通过 / 不通过 on the node the application waits at. The provider node may narrow
 * the fields and the end date; its approval hands the application to the bureau when the
 * platform's rule says so, else grants it. Permission, department and state are the kernel's.
 */
export async function decideOpenApply(db: Db, actor: Actor, input: OpenApplyDecisionInput): Promise<OpenApplyItem> {
  const r = await applyListRow(db, input.id);
  if (!r) throw notFound(OpenApplyMessages.notFound);
  const { status } = r.apply;
  // Waiting at neither node: the caller's own node, so that the kernel names the state as the refusal.
  const atBureau =
    status === OpenApplyStatus.bureau ||
    (status !== OpenApplyStatus.provider && !actor.perms.has(OpenApplyPerm.providerReview));
  const narrowing = input.fields !== undefined || input.endDate !== undefined;
  let action: OpenApplyAction;
  let extra: { fields: string[] | null; endDate: string | null } | undefined;
  if (atBureau) {
    if (narrowing) throw badRequest(OpenApplyMessages.narrowAtProvider);
    action = input.decision === 'approve' ? 'bureauApprove' : 'bureauReject';
  } else if (input.decision === 'approve') {
    action = (await readRules(db)).bureauReview ? 'providerApprove' : 'providerGrant';
    extra = checkNarrowing(r.apply, input);
  } else {
    action = 'providerReject';
  }
  await applyTransition(db, actor, openApplySubject, input.id, action, { comment: input.comment, extra });
  return itemOf(db, actor, input.id);
}

/** 撤销授权 by the provider department or the bureau, with a reason: access ends at once. */
export async function revokeOpenApply(db: Db, actor: Actor, input: { id: string; comment: string }) {
  await applyTransition(db, actor, openApplySubject, input.id, 'revoke', { comment: input.comment });
  return itemOf(db, actor, input.id);
}

/** 取消服务: the applicant ends their own grant early; another user's id is a 404. */
export async function cancelOwnGrant(db: Db, actor: Actor, id: string): Promise<void> {
  const r = await applyListRow(db, id);
  if (!r || r.apply.applicantId !== actor.userId) throw notFound(OpenApplyMessages.notFound);
  await applyTransition(db, actor, openApplySubject, id, 'cancel', { comment: OpenApplyMessages.cancelled });
}

/**
 * The granted applicant picks one of their active apps: its key reads exactly the granted fields for
 * the granted period within the daily quota (an `open_grant` naming the application). Binding again
 * moves the grant, and its count of today's calls, to the other app.
 */
export async function bindApp(
  db: Db,
  actor: Actor,
  input: { id: string; appId: string },
  now = new Date(),
): Promise<OpenApplyItem> {
  await db.transaction(async (tx) => {
    const row = await lockApply(tx, input.id);
    if (!row || row.applicantId !== actor.userId) throw notFound(OpenApplyMessages.notFound);
    if (row.status !== OpenApplyStatus.granted || !row.grantedEndDate) throw badRequest(OpenApplyMessages.notGranted);
    const app = await activeAppOf(tx, input.appId, actor.userId);
    if (!app) throw badRequest(OpenApplyMessages.appMissing);
    if (await appHasOtherGrant(tx, app.id, row.catalogId, row.id, now)) throw badRequest(OpenApplyMessages.appTaken);
    const live = await liveGrantOf(tx, row.id);
    if (live) {
      if (live.appId !== app.id) await moveGrant(tx, live.id, app.id);
    } else {
      await insertGrant(tx, {
        appId: app.id,
        catalogId: row.catalogId,
        fields: row.grantedFields ?? row.fields,
        unmasked: false,
        startsAt: dayStart(row.startDate),
        endsAt: dayEnd(row.grantedEndDate),
        openApplyId: row.id,
        dailyQuota: row.dailyQuota,
      });
    }
    await updateApply(tx, row.id, { appId: app.id, updatedAt: now });
    const state = { status: row.status };
    await recordHistory(tx, {
      subjectType: machine.subject,
      subjectId: row.id,
      action: 'bindApp',
      from: state,
      to: state,
      comment: `绑定应用：${app.name}`,
      actor,
      departName: null,
    });
    await logOperation(tx, actor, {
      content: `开放申请绑定应用：${row.code} → ${app.name}`,
      operateType: 'openApply:bindApp',
      target: row.id,
    });
  });
  return itemOf(db, actor, input.id, now);
}
