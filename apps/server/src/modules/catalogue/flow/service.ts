import {
  type CatalogueAction,
  type LifecycleResult,
  refusal,
  ShelfStatus,
  type Transition,
  transitionOf,
  type WorkOrderPayload,
} from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest } from '../../../platform/http/errors.js';
import { type EntryInsert, type EntryRow, findEntry, insertLog, updateEntryRow } from '../entry/repository.js';
import { departNameOf, dictLabels } from '../labels.js';
import { ownsEntry, ScopeMessages } from '../scope.js';
import { decideWorkOrders, openWorkOrder } from '../workorder/repository.js';
import { notifyUser } from './notify.js';

/** Which action to apply: a fixed one, or one chosen from the entry's state inside the transaction. */
export type ActionPick = CatalogueAction | ((entry: EntryRow) => CatalogueAction | { refused: string });

export type TransitionOptions = { comment?: string | null; reason?: string | null };

/** Facts about the caller and the request, read once per batch rather than once per entry. */
type BatchContext = { departName: string | null; reasonLabel: string | null };

const DECISION_TITLE: Partial<Record<CatalogueAction, string>> = {
  approve: '审核通过',
  reject: '审核不通过',
  upShelfApprove: '上架审核通过',
  upShelfReject: '上架申请被驳回',
  offShelfApprove: '下架审核通过',
  offShelfReject: '下架申请被驳回',
};

function commentMissing(t: Transition): string {
  if (t.action === 'offShelfApply') return '请填写下架原因';
  if (t.workOrder && 'decides' in t.workOrder && t.workOrder.decision === 'reject') return '请填写驳回意见';
  return `请填写${t.label}意见`;
}

function nextState(t: Transition, entry: EntryRow): Partial<EntryInsert> {
  if (t.axis === 'catalog') return { catalogStatus: t.to as number };
  if (t.to === 'previous') {
    return { shelfStatus: entry.shelfStatusBeforeDelete ?? ShelfStatus.off, shelfStatusBeforeDelete: null };
  }
  if (t.action === 'delete') return { shelfStatus: t.to, shelfStatusBeforeDelete: entry.shelfStatus };
  if (t.action === 'upShelfApprove') return { shelfStatus: t.to, releaseTime: entry.releaseTime ?? new Date() };
  return { shelfStatus: t.to };
}

/**
 * Applies one transition to one entry in its own transaction: the state, the 编目日志 row, the work
 * order it opens or decides, the submitter's notification and the operation log commit together.
 * Answers null when applied, or the Chinese reason it was refused (then nothing is written).
 */
async function transitionOne(
  db: Db,
  actor: Actor,
  id: string,
  pick: ActionPick,
  opts: TransitionOptions,
  ctx: BatchContext,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const entry = await findEntry(tx, id, true);
    if (!entry) return ScopeMessages.notFound;
    const action = typeof pick === 'function' ? pick(entry) : pick;
    if (typeof action === 'object') return action.refused;
    const t = transitionOf(action);
    if (!actor.perms.has(t.perm)) return `没有${t.label}的权限`;
    if (!ownsEntry(actor, entry.orgCode)) return ScopeMessages.notOwn;
    const refused = refusal(t, entry);
    if (refused) return refused;
    const comment = opts.comment?.trim() || null;
    if (t.commentRequired && !comment) return commentMissing(t);

    const next = nextState(t, entry);
    await updateEntryRow(tx, id, next);

    if (t.workOrder && 'opens' in t.workOrder) {
      const payload: WorkOrderPayload = { comment };
      if (t.action === 'offShelfApply')
        Object.assign(payload, { reason: opts.reason ?? null, reasonLabel: ctx.reasonLabel });
      await openWorkOrder(tx, {
        catalogId: id,
        orderType: t.workOrder.opens,
        launchOrgCode: entry.orgCode,
        submitterId: actor.userId,
        payload,
      });
    }
    if (t.workOrder && 'decides' in t.workOrder) {
      const submitters = await decideWorkOrders(tx, id, t.workOrder.decides, {
        handlerId: actor.userId,
        decision: t.action === 'recovery' ? 'recall' : t.workOrder.decision,
        comment,
      });
      const title = DECISION_TITLE[t.action];
      // Entries made before work orders existed (imports, demo data) tell their creator instead.
      const recipients = new Set((submitters.length ? submitters : [entry.createdBy]).filter((u) => u !== null));
      if (title) {
        for (const userId of recipients) {
          await notifyUser(tx, {
            userId,
            action: t.action,
            title: `目录“${entry.catalogName}”${title}`,
            content: comment ? `审核意见：${comment}` : null,
            catalogId: id,
            sender: actor.realname,
          });
        }
      }
    }

    await insertLog(tx, {
      catalogId: id,
      action: t.action,
      fromCatalogStatus: entry.catalogStatus,
      toCatalogStatus: next.catalogStatus ?? entry.catalogStatus,
      fromShelfStatus: entry.shelfStatus,
      toShelfStatus: next.shelfStatus ?? entry.shelfStatus,
      comment: ctx.reasonLabel && t.action === 'offShelfApply' ? `【${ctx.reasonLabel}】${comment}` : comment,
      userId: actor.userId,
      username: actor.username,
      realname: actor.realname,
      orgCode: actor.orgCode,
      departName: ctx.departName,
    });
    await logOperation(tx, actor, {
      content: `${t.label}：${entry.catalogName}（${entry.catalogCode}）`,
      operateType: `catalog:${t.action}`,
      target: id,
    });
    return null;
  });
}

/**
 * Applies a transition to each id, each in its own transaction, and answers per id. Ids are taken
 * once each, in the order given.
 */
export async function transitionMany(
  db: Db,
  actor: Actor,
  ids: string[],
  pick: ActionPick,
  opts: TransitionOptions = {},
): Promise<LifecycleResult> {
  let reasonLabel: string | null = null;
  if (opts.reason) {
    reasonLabel = (await dictLabels(db, 'early_warning_information'))[opts.reason] ?? null;
    if (!reasonLabel) throw badRequest('请选择正确的下架原因', { field: 'reason' });
  }
  const ctx: BatchContext = { departName: await departNameOf(db, actor.orgCode), reasonLabel };
  const result: LifecycleResult = { succeeded: [], refused: [] };
  for (const id of new Set(ids)) {
    const reason = await transitionOne(db, actor, id, pick, opts, ctx);
    if (reason) result.refused.push({ id, reason });
    else result.succeeded.push(id);
  }
  return result;
}

/** When every id was refused the call failed: a 400 with the first reason, the per-id answer as result. */
export function settle(result: LifecycleResult, doneMessage: string): { result: LifecycleResult; message: string } {
  if (result.succeeded.length === 0 && result.refused.length > 0) throw badRequest(result.refused[0].reason, result);
  const message = result.refused.length
    ? `成功 ${result.succeeded.length} 条，${result.refused.length} 条未处理：${result.refused[0].reason}`
    : doneMessage;
  return { result, message };
}
