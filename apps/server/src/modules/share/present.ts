import {
  allowedActions,
  SHARE_MACHINE,
  SHARE_STATUS_LABEL,
  SHARE_TASK_LABEL,
  type ShareAction,
  type ShareApplyDefaults,
  type ShareDetail,
  type ShareItemView,
  SharePerm,
  ShareStatus,
  transitionIn,
} from '@odp/contracts';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { ownsDepartment } from '../../platform/auth/scope.js';
import { historyOf, type ShareEntry, type ShareRow, shareNames } from './repository.js';

/** Who the record's sides are, for the machine's applicant and department rules. */
type Sides = Pick<ShareRow, 'status' | 'applicantId' | 'applyOrgCode' | 'sourceOrgCode'>;

/**
 * What the actor may do to the application now: the machine's allowed actions for the state and the
 * actor's permissions, narrowed by its applicant rule (the applying department) and department rule
 * (the data's department, or the bureau); 审核通过 is the auto-granting one when the rule applies.
 */
export function actionsFor(actor: Actor, row: Sides, autoGrant: boolean): ShareAction[] {
  return allowedActions(SHARE_MACHINE, { status: row.status }, actor.perms).filter((action) => {
    const t = transitionIn(SHARE_MACHINE, action);
    if (t.applicantOnly && row.applicantId !== actor.userId && row.applyOrgCode !== actor.orgCode) return false;
    if (t.ownDepartment && !ownsDepartment(actor, row.sourceOrgCode, SharePerm.bureauReview)) return false;
    if (action === 'sourceGrant') return autoGrant;
    if (action === 'sourceApprove') return !autoGrant;
    return true;
  });
}

/** Every item of the entry, coloured by 共享属性, with what was applied for and granted. */
export function itemViews(entry: ShareEntry | null, row: Pick<ShareRow, 'items' | 'grantedItems'> | null) {
  const applied = new Map((row?.items ?? []).map((i) => [i.name, i]));
  const granted = new Set(row?.grantedItems ?? []);
  const views: ShareItemView[] = (entry?.items ?? []).map((item) => ({
    name: item.name,
    enName: item.enName,
    shareProperty: item.shareProperty,
    sharingCondition: item.sharingCondition,
    masked: item.masked,
    applied: applied.has(item.name),
    reason: applied.get(item.name)?.reason ?? null,
    granted: granted.has(item.name),
  }));
  // Items applied for that the entry no longer has stay visible, so the review sees what was asked.
  for (const [name, item] of applied) {
    if (views.some((v) => v.name === name)) continue;
    views.push({
      name,
      enName: null,
      shareProperty: null,
      sharingCondition: null,
      masked: false,
      applied: true,
      reason: item.reason ?? null,
      granted: granted.has(name),
    });
  }
  return views;
}

const DECISION_OF: Partial<Record<string, string>> = {
  sourceApprove: '通过',
  sourceGrant: '通过并开通',
  sourceReject: '驳回',
  bureauApprove: '通过',
  bureauReject: '驳回',
  recall: '申请人已撤回',
};
const SOURCE_ACTIONS = new Set(['sourceApprove', 'sourceGrant', 'sourceReject', 'recall']);
const BUREAU_ACTIONS = new Set(['bureauApprove', 'bureauReject']);

type HistoryRow = Awaited<ReturnType<typeof historyOf>>[number];

/**
 * The three nodes of the application's latest round (since its last 提交): 申请, 数源部门, 大数据局,
 * each with who decided what and when, read from the kernel's history.
 */
function flowOf(
  row: ShareRow,
  history: HistoryRow[],
  names: { applyDeptName: string | null; sourceDeptName: string | null; applicantName: string | null },
): ShareDetail['flow'] {
  const lastSubmit = history.findLastIndex((h) => h.action === 'submit');
  const round = lastSubmit < 0 ? [] : history.slice(lastSubmit + 1);
  const submit = lastSubmit < 0 ? null : history[lastSubmit];
  const source = round.findLast((h) => SOURCE_ACTIONS.has(h.action));
  const bureau = round.findLast((h) => BUREAU_ACTIONS.has(h.action));
  const node = (label: string, h: HistoryRow | undefined, department: string | null, pending: boolean) => ({
    node: label,
    handler: h?.realname ?? null,
    department: h?.departName ?? department,
    decision: h ? (DECISION_OF[h.action] ?? h.action) : pending ? '待审核' : null,
    comment: h?.comment ?? null,
    at: h?.createdAt.toISOString() ?? null,
  });
  return [
    {
      node: '申请',
      handler: submit?.realname ?? names.applicantName,
      department: submit?.departName ?? names.applyDeptName,
      decision: submit ? '提交申请' : '草稿',
      comment: null,
      at: submit?.createdAt.toISOString() ?? null,
    },
    node(SHARE_TASK_LABEL.source, source, names.sourceDeptName, row.status === ShareStatus.source),
    {
      ...node(SHARE_TASK_LABEL.bureau, bureau, '大数据局', row.status === ShareStatus.bureau),
      // 无条件共享 opened by the source department's decision skips the bureau.
      ...(source?.action === 'sourceGrant' && !bureau ? { decision: '无需审核' } : {}),
    },
  ];
}

const NEXT_NODE: Partial<Record<string, string>> = {
  [ShareStatus.source]: SHARE_TASK_LABEL.source,
  [ShareStatus.bureau]: SHARE_TASK_LABEL.bureau,
};

/** The application as its detail, review and edit views show it. */
export async function presentDetail(
  db: Executor,
  actor: Actor,
  row: ShareRow,
  entry: ShareEntry | null,
  autoGrant: boolean,
): Promise<ShareDetail> {
  const [names, history] = await Promise.all([shareNames(db, row), historyOf(db, row.id)]);
  const status = row.status as ShareStatus;
  const applying = row.applyOrgCode === actor.orgCode;
  return {
    applyId: row.id,
    processCode: row.processCode,
    catalogId: row.catalogId,
    catalogName: names?.catalogName ?? '',
    title: row.title,
    status,
    statusLabel: SHARE_STATUS_LABEL[status] ?? status,
    applyDeptName: names?.applyDeptName ?? null,
    sourceDeptName: names?.sourceDeptName ?? null,
    useAppSystem: row.useAppSystemId,
    useAppSystemName: names?.useAppSystemName ?? null,
    keyAreasType: row.keyAreasType,
    applyRemark: row.applyRemark,
    applyFileId: row.applyFileId,
    applyFileName: names?.applyFileName ?? null,
    startTime: row.startTime,
    endTime: row.endTime,
    ifForever: row.forever,
    grantedStartTime: row.grantedStartTime,
    grantedEndTime: row.grantedEndTime,
    grantedForever: Boolean(row.grantedForever),
    items: itemViews(entry, row),
    flow: flowOf(row, history, {
      applyDeptName: names?.applyDeptName ?? null,
      sourceDeptName: names?.sourceDeptName ?? null,
      applicantName: names?.applicantName ?? null,
    }),
    nextNodeName: NEXT_NODE[status] ?? null,
    actions: actionsFor(actor, row, autoGrant),
    // The key is the applying department's, and only while the data is in use.
    appKey: applying && status === ShareStatus.inUse ? (names?.appKey ?? null) : null,
  };
}

/** What the application form starts with for an entry. */
export function presentDefaults(
  entry: ShareEntry,
  applyDept: { orgCode: string; name: string | null },
): ShareApplyDefaults {
  return {
    catalogId: entry.id,
    catalogName: entry.catalogName,
    title: `${applyDept.name ?? ''}申请使用${entry.catalogName}`.slice(0, 100),
    applyDept: applyDept.orgCode,
    applyDeptName: applyDept.name,
    keyAreasType: entry.keyAreasType,
    shareType: entry.shareType,
    dataFormat: entry.dataFormat,
    items: itemViews(entry, null),
  };
}
