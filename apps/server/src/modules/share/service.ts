import {
  decisionAction,
  SHARE_MACHINE,
  type ShareAction,
  type ShareApplyDefaults,
  type ShareApplyInput,
  type ShareDecisionInput,
  type ShareDetail,
  ShareMessages,
  type ShareNodeInput,
  SharePerm,
  ShareStatus,
  type ShareSystemInput,
} from '@odp/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { seesAllDepartments } from '../../platform/auth/scope.js';
import { cityDate } from '../../platform/city-days.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { nextSequence } from '../../platform/sequence.js';
import { applyTransition, departNameOf } from '../../platform/workflow/apply.js';
import { recordHistory } from '../../platform/workflow/history.js';
import type { AppSecrets } from '../openapi/keys.js';
import { applicableEntry, checkForm, checkPeriod } from './form.js';
import { NOT_SHARED } from './grant.js';
import { actionsFor, presentDefaults, presentDetail } from './present.js';
import {
  appSystemOf,
  byId,
  dictSetting,
  findEntry,
  findVisibleShare,
  insertShare,
  lockShare,
  type ShareRow,
  updateShare,
  visibleTo,
} from './repository.js';
import { shareSubject } from './subject.js';

/** Dict `share_rule`: `share_auto_grant` '1' lets the source department's approval of 无条件共享 data open it. */
export const SHARE_RULE_DICT = 'share_rule';
export const AUTO_GRANT_ITEM = 'share_auto_grant';
/** 共享类型 无条件共享. */
const UNCONDITIONAL = '10';

/** A kernel call inside an outer transaction: the kernel's own transaction becomes a savepoint of it. */
export const within = (tx: Tx): Db => tx;

/** The applications the actor may see (the bureau every submitted one). */
export const visibility = (actor: Actor) =>
  visibleTo(actor, seesAllDepartments(actor, SHARE_MACHINE.allDepartmentsPermission));

/** The application if the actor may see it; another department's is answered as missing, guessed id or not. */
export async function visibleShare(db: Db, actor: Actor, where: SQL): Promise<ShareRow> {
  const row = await findVisibleShare(db, where, visibility(actor));
  if (!row) throw notFound(ShareMessages.notFound);
  return row;
}

/** Whether the source department's approval opens the data at once (无条件共享 and the bureau's rule). */
export async function autoGrants(db: Db, catalogId: string): Promise<boolean> {
  const entry = await findEntry(db, catalogId);
  if (entry?.shareType !== UNCONDITIONAL) return false;
  return (await dictSetting(db, SHARE_RULE_DICT, AUTO_GRANT_ITEM)) === '1';
}

/** GX + the city's date + a 4-digit number of the day. */
async function nextProcessCode(tx: Tx, now: Date): Promise<string> {
  const prefix = `GX${cityDate(now).replaceAll('-', '')}`;
  return `${prefix}${String(await nextSequence(tx, prefix)).padStart(4, '0')}`;
}

/** 数据共享's applications: the form, the decisions, the narrowing and release, all through the kernel. */
export function shareService(secrets: AppSecrets) {
  /**
   * Saves the form as a draft (a new application, or an edit the machine's 编辑 rule allows), and
   * with `submitting` submits it in the same transaction: a refusal anywhere writes nothing.
   */
  async function save(
    db: Db,
    actor: Actor,
    input: ShareApplyInput,
    submitting: boolean,
  ): Promise<{ applyId: string; processCode: string }> {
    const now = new Date();
    const existing = input.applyId ? await visibleShare(db, actor, byId(input.applyId)) : null;
    const { values } = await checkForm(db, actor, input, { submitting, existing, now });
    return db.transaction(async (tx) => {
      let row: Pick<ShareRow, 'id' | 'processCode'>;
      if (existing) {
        await applyTransition(within(tx), actor, shareSubject, existing.id, 'edit', {}, (inner) =>
          updateShare(inner, existing.id, values),
        );
        row = existing;
      } else {
        const processCode = await nextProcessCode(tx, now);
        row = await insertShare(tx, { ...values, processCode, applicantId: actor.userId });
        await recordHistory(tx, {
          subjectType: SHARE_MACHINE.subject,
          subjectId: row.id,
          action: 'create',
          from: null,
          to: { status: ShareStatus.draft },
          comment: null,
          actor,
          departName: await departNameOf(tx, actor.orgCode),
        });
        await logOperation(tx, actor, {
          content: `新增共享申请：${values.title}（${processCode}）`,
          operateType: 'share:create',
          target: row.id,
        });
      }
      if (submitting) await applyTransition(within(tx), actor, shareSubject, row.id, 'submit');
      return { applyId: row.id, processCode: row.processCode };
    });
  }

  return {
    save: (db: Db, actor: Actor, input: ShareApplyInput) => save(db, actor, input, false),
    saveAndSubmit: (db: Db, actor: Actor, input: ShareApplyInput) => save(db, actor, input, true),

    async defaults(db: Db, actor: Actor, catalogId: string): Promise<ShareApplyDefaults> {
      const entry = await applicableEntry(db, actor, catalogId);
      const orgCode = actor.orgCode as string;
      return presentDefaults(entry, { orgCode, name: await departNameOf(db, orgCode) });
    },

    async detail(db: Db, actor: Actor, where: SQL): Promise<ShareDetail> {
      const row = await visibleShare(db, actor, where);
      const entry = await findEntry(db, row.catalogId);
      return presentDetail(db, actor, row, entry, await autoGrants(db, row.catalogId));
    },

    /**
     * 审批通过 / 驳回 of whichever node the application waits at, as the machine decides it: the 数源部门
     * node's approval opens the data at once for 无条件共享 when the bureau's rule says so.
     */
    async decide(db: Db, actor: Actor, input: ShareDecisionInput): Promise<{ status: ShareStatus }> {
      const row = await visibleShare(db, actor, byId(input.applyId));
      let action = decisionAction(SHARE_MACHINE, { status: row.status }, input.decision);
      if (!action) throw badRequest('该共享申请没有待处理的审批');
      if (action === 'sourceApprove' && (await autoGrants(db, row.catalogId))) action = 'sourceGrant';
      return applyTransition(
        db,
        actor,
        shareSubject,
        row.id,
        action,
        { comment: input.comment, extra: { secrets } },
        async (_tx, _record, next) => ({ status: String(next.status) as ShareStatus }),
      );
    },

    /** 释放数据 (the applying department) and 撤回 (before the source department decided). */
    /**
     * 更换授权项目: another of the applying department's application systems uses the data; the
     * history keeps which, and the grant itself (items, period, key) stays as it is.
     */
    async changeSystem(db: Db, actor: Actor, input: ShareSystemInput): Promise<void> {
      const row = await visibleShare(db, actor, byId(input.applyId));
      const system = await appSystemOf(db, input.useAppSystem);
      if (!system || system.orgCode !== row.applyOrgCode) {
        throw badRequest('请选择本部门的应用系统', { field: 'useAppSystem' });
      }
      await applyTransition(
        db,
        actor,
        shareSubject,
        row.id,
        'changeSystem',
        { comment: `使用应用系统：${system.appName}` },
        (tx) => updateShare(tx, row.id, { useAppSystemId: system.id }),
      );
    },

    async act(db: Db, actor: Actor, applyId: string, action: Extract<ShareAction, 'release' | 'recall'>) {
      const row = await visibleShare(db, actor, byId(applyId));
      await applyTransition(db, actor, shareSubject, row.id, action);
    },

    /**
     * 数源部门 narrows what it grants before deciding: items among the applied ones (still shareable)
     * and a period within the applied one. Only the data's department, only while it decides.
     */
    async narrow(db: Db, actor: Actor, input: ShareNodeInput): Promise<void> {
      const visible = await visibleShare(db, actor, byId(input.applyId));
      if (visible.sourceOrgCode !== actor.orgCode) throw forbidden(ShareMessages.notOwn);
      const now = new Date();
      await db.transaction(async (tx) => {
        const row = await lockShare(tx, visible.id);
        if (row?.status !== ShareStatus.source) throw badRequest('只有数源部门审核中的申请可以调整授权内容');
        const applied = new Set(row.items.map((i) => i.name));
        const names = [...new Set(input.items)];
        if (names.some((n) => !applied.has(n))) throw badRequest(ShareMessages.narrowOnly, { field: 'items' });
        const entry = await findEntry(tx, row.catalogId);
        const notShared = names.find((n) => entry?.items.find((i) => i.name === n)?.shareProperty === NOT_SHARED);
        if (notShared) throw badRequest(ShareMessages.itemNotShareable(notShared), { field: 'items' });

        const keepsPeriod = input.ifForever === undefined && !input.dataStartTime && !input.dataEndTime;
        const period = keepsPeriod
          ? { forever: row.forever, startTime: row.startTime, endTime: row.endTime }
          : checkPeriod(
              { ifForever: input.ifForever, startTime: input.dataStartTime, endTime: input.dataEndTime },
              true,
              now,
            );
        const insideApplied =
          (!period.forever || row.forever) &&
          (!row.startTime || (period.startTime !== null && period.startTime >= row.startTime)) &&
          (row.forever || (period.endTime !== null && row.endTime !== null && period.endTime <= row.endTime));
        if (!insideApplied) throw badRequest(ShareMessages.narrowOnly, { field: 'dataEndTime' });

        await updateShare(tx, row.id, {
          grantedItems: names,
          grantedStartTime: period.startTime,
          grantedEndTime: period.endTime,
          grantedForever: period.forever,
        });
        const summary = `授权信息项 ${names.length} 项，期限 ${period.forever ? '永久' : `${period.startTime} 至 ${period.endTime}`}`;
        await recordHistory(tx, {
          subjectType: SHARE_MACHINE.subject,
          subjectId: row.id,
          action: 'narrow',
          from: { status: row.status },
          to: { status: row.status },
          comment: summary,
          actor,
          departName: await departNameOf(tx, actor.orgCode),
        });
        await logOperation(tx, actor, {
          content: `调整共享授权：${row.title}（${row.processCode}），${summary}`,
          operateType: 'share:narrow',
          target: row.id,
        });
      });
    },
  };
}
export type ShareService = ReturnType<typeof shareService>;

/** Row buttons of a list, with the auto-grant rule read once per page. */
export async function rowActions(db: Db, actor: Actor) {
  const canDecideSource = actor.perms.has(SharePerm.sourceReview);
  const autoRule = canDecideSource && (await dictSetting(db, SHARE_RULE_DICT, AUTO_GRANT_ITEM)) === '1';
  return (row: ShareRow, shareType: string | null) => actionsFor(actor, row, autoRule && shareType === UNCONDITIONAL);
}
