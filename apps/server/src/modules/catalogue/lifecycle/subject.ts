import {
  CATALOGUE_MACHINE,
  type CatalogueAction,
  entryState,
  ShelfStatus,
  type WorkOrderPayload,
} from '@odp/contracts';
import { eq, inArray } from 'drizzle-orm';
import { catalogues } from '../../../db/schema/index.js';
import type { CatalogueWithdrawal } from '../../../platform/module.js';
import { installedModules } from '../../../platform/module-registry.js';
import { defineSubject, type SubjectRecord } from '../../../platform/workflow/subject.js';
import { ScopeMessages } from '../scope.js';

/** Where the submitter handles the entry after a decision. */
const CATALOGUE_PAGE = '/cataloguemanage/list';

/** What a decision tells the submitter, after “目录“<name>””. */
const DECISION_TITLE: Partial<Record<CatalogueAction, string>> = {
  approve: '审核通过',
  reject: '审核不通过',
  upShelfApprove: '上架审核通过',
  upShelfReject: '上架申请被驳回',
  offShelfApprove: '下架审核通过',
  offShelfReject: '下架申请被驳回',
};

/** Transitions after which an entry is no longer available: grants on it end in the same transaction. */
const WITHDRAWS: Partial<Record<CatalogueAction, CatalogueWithdrawal['reason']>> = {
  offShelfApprove: 'offShelf',
  delete: 'deleted',
};

/** The off-shelf reason (dict early_warning_information) a 下架申请 carries, resolved once per call. */
export type CatalogueExtra = { reason: string | null; reasonLabel: string | null };

export type EntryRecord = SubjectRecord & {
  shelfStatusBeforeDelete: number | null;
  releaseTime: Date | null;
};

const entryColumns = {
  id: catalogues.id,
  catalogName: catalogues.catalogName,
  catalogCode: catalogues.catalogCode,
  orgCode: catalogues.orgCode,
  catalogStatus: catalogues.catalogStatus,
  shelfStatus: catalogues.shelfStatus,
  shelfStatusBeforeDelete: catalogues.shelfStatusBeforeDelete,
  releaseTime: catalogues.releaseTime,
  createdBy: catalogues.createdBy,
};

/** The catalogue entry as a workflow subject: its two status columns are the machine's two axes. */
export const catalogueSubject = defineSubject<CatalogueAction, EntryRecord, CatalogueExtra>({
  machine: CATALOGUE_MACHINE,
  messages: { notFound: ScopeMessages.notFound, notOwn: ScopeMessages.notOwn },
  inboxPage: '/review/catalogue',

  async load(tx, id) {
    const [row] = await tx.select(entryColumns).from(catalogues).where(eq(catalogues.id, id)).limit(1).for('update');
    if (!row) return null;
    return {
      id: row.id,
      state: entryState(row),
      orgCode: row.orgCode,
      title: row.catalogName,
      describe: `${row.catalogName}（${row.catalogCode}）`,
      applicantId: row.createdBy,
      shelfStatusBeforeDelete: row.shelfStatusBeforeDelete,
      releaseTime: row.releaseTime,
    };
  },

  previous: (entry) => entry.shelfStatusBeforeDelete ?? ShelfStatus.off,

  async write(tx, entry, next, t, ctx) {
    const shelfStatus = Number(next.shelf);
    await tx
      .update(catalogues)
      .set({
        catalogStatus: Number(next.catalog),
        shelfStatus,
        // 删除 remembers the shelf state that 恢复 brings back.
        ...(t.action === 'delete' ? { shelfStatusBeforeDelete: Number(entry.state.shelf) } : {}),
        ...(t.action === 'recover' ? { shelfStatusBeforeDelete: null } : {}),
        ...(t.action === 'upShelfApprove' ? { releaseTime: entry.releaseTime ?? ctx.now } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(catalogues.id, entry.id));
    const reason = WITHDRAWS[t.action];
    if (!reason) return;
    // Modules holding grants on the entry (share and open applications) end them now; the
    // catalogue does not know which modules those are.
    for (const hook of installedModules().catalogueWithdrawn) {
      await hook(tx, { catalogIds: [entry.id], reason, now: ctx.now });
    }
  },

  operation: (t, entry) => ({ type: `catalog:${t.action}`, content: `${t.label}：${entry.describe}` }),

  decisionMessage(entry, t, ctx) {
    const title = DECISION_TITLE[t.action];
    if (!title) return null;
    const shelf = t.axis === 'shelf';
    return {
      messageType: shelf ? 'catalogue_shelf' : 'catalogue_review',
      title: `目录“${entry.title}”${title}`,
      text: ctx.comment ? `审核意见：${ctx.comment}` : null,
      openPage: CATALOGUE_PAGE,
    };
  },

  taskPayload(t, ctx): WorkOrderPayload {
    if (t.action !== 'offShelfApply') return { comment: ctx.comment };
    return { comment: ctx.comment, reason: ctx.extra?.reason ?? null, reasonLabel: ctx.extra?.reasonLabel ?? null };
  },

  historyComment(t, ctx) {
    const label = ctx.extra?.reasonLabel;
    return label && t.action === 'offShelfApply' ? `【${label}】${ctx.comment}` : ctx.comment;
  },

  async titles(db, ids) {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: catalogues.id, name: catalogues.catalogName })
      .from(catalogues)
      .where(inArray(catalogues.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
});
