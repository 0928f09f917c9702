import {
  SHARE_MACHINE,
  SHARE_RELEASE_REASON_LABEL,
  type ShareAction,
  ShareMessages,
  ShareReleaseReason,
} from '@odp/contracts';
import type { Tx } from '../../db/client.js';
import { sendBusinessMessage } from '../../platform/messaging/business-message.js';
import { defineSubject, type SubjectRecord } from '../../platform/workflow/subject.js';
import type { AppSecrets } from '../openapi/keys.js';
import { closeGrant, openGrant } from './grant.js';
import { findEntry, lockShare, type ShareInsert, type ShareRow, titlesOf, updateShare } from './repository.js';

export type ShareRecord = SubjectRecord & { row: ShareRow };

/**
 * What a transition carries besides the comment: the key sealer for the approvals that open access,
 * and why the platform releases an application (正常释放 by default).
 */
export type ShareExtra = { secrets?: AppSecrets; releaseReason?: ShareReleaseReason };

/** The applying department's lists, where a decision or a release sends it. */
export const SHARE_PAGES = {
  inReview: '/datasharing/examine',
  inUse: '/datasharing/useing',
  released: '/datasharing/releasedlist',
  rejected: '/datasharing/rejected',
} as const;

/** What a decision tells the applicant, after 共享申请“<title>”. */
const DECISION: Partial<Record<ShareAction, { title: string; page: string }>> = {
  sourceApprove: { title: '已通过数源部门审核，等待大数据局审核', page: SHARE_PAGES.inReview },
  sourceGrant: { title: '审核通过，数据已开通', page: SHARE_PAGES.inUse },
  sourceReject: { title: '被数源部门驳回', page: SHARE_PAGES.rejected },
  bureauApprove: { title: '审核通过，数据已开通', page: SHARE_PAGES.inUse },
  bureauReject: { title: '被大数据局驳回', page: SHARE_PAGES.rejected },
};

/** The source department's decision leaves what it granted: the applied items and period unless it narrowed them. */
const grantedDefaults = (row: ShareRow): Partial<ShareInsert> => ({
  grantedItems: row.grantedItems ?? row.items.map((i) => i.name),
  grantedStartTime: row.grantedItems ? row.grantedStartTime : row.startTime,
  grantedEndTime: row.grantedItems ? row.grantedEndTime : row.endTime,
  grantedForever: row.grantedItems ? row.grantedForever : row.forever,
});

/** The columns a transition implies beside the status, and the access it opens or ends. */
async function columnsOf(
  tx: Tx,
  row: ShareRow,
  action: ShareAction,
  ctx: { now: Date; comment: string | null; extra: ShareExtra | undefined },
): Promise<Partial<ShareInsert>> {
  const { now } = ctx;
  switch (action) {
    case 'submit':
      // A resubmission is a new review: the last one's narrowing, refusal and dates go.
      return {
        submittedAt: now,
        rejectedAt: null,
        rejectReason: null,
        grantedItems: null,
        grantedStartTime: null,
        grantedEndTime: null,
        grantedForever: null,
      };
    case 'sourceApprove':
      return grantedDefaults(row);
    case 'sourceGrant':
    case 'bureauApprove': {
      const secrets = ctx.extra?.secrets;
      if (!secrets) throw new Error(`share.${action} needs the key sealer`);
      const decided = { ...row, ...grantedDefaults(row) } as ShareRow;
      const { appId, fields } = await openGrant(tx, decided, secrets, now);
      return { ...grantedDefaults(row), grantedItems: fields, appId, openedAt: now };
    }
    case 'sourceReject':
    case 'bureauReject':
      return { rejectedAt: now, rejectReason: ctx.comment };
    case 'release':
    case 'systemRelease':
      await closeGrant(tx, row, now);
      return {
        releasedAt: now,
        releaseReason:
          action === 'release' ? ShareReleaseReason.manual : (ctx.extra?.releaseReason ?? ShareReleaseReason.normal),
      };
    default:
      return {};
  }
}

/**
 * A share application as a workflow subject: `status` is the machine's one axis; the record belongs
 * to the data's department (which decides the 数源部门 node) and its applicant is the applying
 * department (any of whose members may edit, submit, recall and release).
 */
export const shareSubject = defineSubject<ShareAction, ShareRecord, ShareExtra>({
  machine: SHARE_MACHINE,
  messages: {
    notFound: ShareMessages.notFound,
    notOwn: ShareMessages.notOwn,
    notApplicant: ShareMessages.notApplicant,
  },
  // Reviewers decide in 审核中心; a department's 数源部门 reviews wait in its 审批中 list, which both may open.
  inboxPage: SHARE_PAGES.inReview,

  // The wanted data's 共享类型, for a designer configuration that skips the bureau's review by class.
  flowClass: async (tx, record) => (await findEntry(tx, record.row.catalogId))?.shareType ?? null,

  async load(tx, id) {
    const row = await lockShare(tx, id);
    if (!row) return null;
    return {
      id: row.id,
      state: { status: row.status },
      orgCode: row.sourceOrgCode,
      applicantOrgCode: row.applyOrgCode,
      applicantId: row.applicantId,
      title: row.title,
      describe: `${row.title}（${row.processCode}）`,
      row,
    };
  },

  async write(tx, record, next, t, ctx) {
    if (t.to === 'same') return; // 编辑: the form's columns are written by the edit itself.
    const columns = await columnsOf(tx, record.row, t.action, ctx);
    await updateShare(tx, record.id, { ...columns, status: String(next.status) });
    if (t.action === 'systemRelease') {
      const reason = columns.releaseReason as ShareReleaseReason;
      await sendBusinessMessage(tx, {
        userIds: [record.row.applicantId],
        messageType: 'share_release',
        title: `共享申请“${record.title}”已释放`,
        text: `释放原因：${SHARE_RELEASE_REASON_LABEL[reason] ?? reason}，数据访问已停止。`,
        busId: record.id,
        openPage: SHARE_PAGES.released,
        sender: ctx.actor.realname,
        at: ctx.now,
      });
    }
  },

  operation: (t, record) => ({ type: `share:${t.action}`, content: `${t.label}：${record.describe}` }),

  decisionMessage(record, t, ctx) {
    const decision = DECISION[t.action];
    if (!decision) return null;
    return {
      messageType: 'share_review',
      title: `共享申请“${record.title}”${decision.title}`,
      text: ctx.comment ? `审批意见：${ctx.comment}` : null,
      openPage: decision.page,
    };
  },

  historyComment(t, ctx) {
    if (t.action !== 'systemRelease' && t.action !== 'release') return ctx.comment;
    const reason =
      t.action === 'release' ? ShareReleaseReason.manual : (ctx.extra?.releaseReason ?? ShareReleaseReason.normal);
    return SHARE_RELEASE_REASON_LABEL[reason];
  },

  titles: (db, ids) => titlesOf(db, ids),
});
