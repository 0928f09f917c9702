import { OPEN_APPLY_MACHINE, type OpenApplyAction, type OpenApplyItem, OpenApplyMessages } from '@odp/contracts';
import { openApplyAdminKeys, revokeOpenApply } from '@/api/open-apply-admin';
import { queryKeys } from '@/api/query-keys';
import { defineWorkflow } from '@/components/Workflow';

/**
 * What a decision or a revocation makes stale: every open-application view (the lists, the details,
 * the applicant's own) and the permission answer whose menu carries the 开放申请 badge.
 */
export const OPEN_APPLY_STALE_KEYS: ReadonlyArray<readonly unknown[]> = [openApplyAdminKeys.all, queryKeys.permission];

/**
 * The back office's transitions taken through `components/Workflow`: 撤销授权, in red, asking for the
 * reason the applicant is told. The decisions (通过 / 不通过 with the provider's narrowing) have their
 * own dialog (`DecisionDialog`).
 */
export const OPEN_APPLY_WORKFLOW = defineWorkflow<OpenApplyItem, OpenApplyAction>({
  machine: OPEN_APPLY_MACHINE,
  idOf: (item) => item.id,
  nameOf: (item) => `${item.code}（${item.catalogName}）`,
  actionsOf: (item) => item.actions,
  offers: ['revoke'],
  run: async (_action, ids, input) => {
    for (const id of ids) await revokeOpenApply({ id, comment: input.comment ?? '' });
  },
  invalidates: OPEN_APPLY_STALE_KEYS,
  dialogs: {
    revoke: {
      question: ([item]) =>
        `确定撤销${item.applicantName ? `“${item.applicantName}”` : '申请人'}对数据集“${item.catalogName}”的授权吗？`,
      hint: '撤销后其应用将立即无法调用该数据，且不能恢复；申请人会收到撤销理由。',
      comment: { label: '撤销理由', missing: OpenApplyMessages.revokeReason },
    },
  },
});
