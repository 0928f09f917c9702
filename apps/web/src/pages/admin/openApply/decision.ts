import type { OpenApplyAction, OpenApplyDecisionInput, OpenApplyItem } from '@odp/contracts';

/*
 * 审核 of an open application: which node the caller decides (from the row's `actions`, which the
 * server computed with the department scope), and the provider's narrowing — only ever a subset of
 * the requested fields and an end date within the requested period, never beyond it. The server
 * refuses anything else (`OpenApplyMessages.narrowOnly`); the form never offers it.
 */

export type DecisionNode = 'provider' | 'bureau';
export type Decision = 'approve' | 'reject';

const PROVIDER: readonly OpenApplyAction[] = ['providerApprove', 'providerGrant', 'providerReject'];
const BUREAU: readonly OpenApplyAction[] = ['bureauApprove', 'bureauReject'];
const APPROVE: readonly OpenApplyAction[] = ['providerApprove', 'providerGrant', 'bureauApprove'];
const REJECT: readonly OpenApplyAction[] = ['providerReject', 'bureauReject'];

/** The node the caller decides now, or null when the row offers no decision. */
export function decisionNode(actions: readonly OpenApplyAction[]): DecisionNode | null {
  if (actions.some((a) => PROVIDER.includes(a))) return 'provider';
  if (actions.some((a) => BUREAU.includes(a))) return 'bureau';
  return null;
}

export const canReview = (actions: readonly OpenApplyAction[]) => decisionNode(actions) !== null;
export const canApprove = (actions: readonly OpenApplyAction[]) => actions.some((a) => APPROVE.includes(a));
export const canReject = (actions: readonly OpenApplyAction[]) => actions.some((a) => REJECT.includes(a));
export const canRevoke = (actions: readonly OpenApplyAction[]) => actions.includes('revoke');

/** What an approval leads to, said under the choice. */
export function approvalHint(actions: readonly OpenApplyAction[]): string {
  if (actions.includes('providerApprove')) return '通过后提交大数据局审核，大数据局审核通过后开通。';
  if (actions.includes('providerGrant')) return '通过后即开通，申请人可绑定应用调用数据。';
  if (actions.includes('bureauApprove')) return '通过后即开通，申请人可绑定应用调用数据。';
  return '';
}

/** The form's values: the decision, and at the provider node the fields and the end date it grants. */
export type DecisionValues = {
  decision: Decision;
  fields?: string[];
  endDate?: string | null;
  comment?: string;
};

type Requested = Pick<OpenApplyItem, 'id' | 'fields' | 'startDate' | 'endDate'>;

/** The fields a provider may grant: exactly those requested, in the order requested, once each. */
export const grantableFields = (item: Pick<OpenApplyItem, 'fields'>) => [...new Set(item.fields)];

/** The end dates a provider may grant: from the requested start to the requested end (YYYY-MM-DD). */
export const endDateBounds = (item: Pick<OpenApplyItem, 'startDate' | 'endDate'>) => ({
  min: item.startDate,
  max: item.endDate,
});

/** Whether an end date (YYYY-MM-DD) may be granted: within the requested period, never later. */
export function endDateAllowed(item: Pick<OpenApplyItem, 'startDate' | 'endDate'>, date: string): boolean {
  const { min, max } = endDateBounds(item);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= min && date <= max;
}

/** Where the form starts: 通过, with everything requested. */
export const initialValues = (item: Pick<OpenApplyItem, 'fields' | 'endDate'>): DecisionValues => ({
  decision: 'approve',
  fields: grantableFields(item),
  endDate: item.endDate,
  comment: '',
});

/** Why the values cannot be sent, or null. */
export function decisionProblem(item: Requested, node: DecisionNode, values: DecisionValues): string | null {
  if (values.decision === 'reject') return values.comment?.trim() ? null : '请填写不通过的理由';
  if (node === 'bureau') return null;
  const offered = new Set(grantableFields(item));
  const fields = values.fields ?? [];
  if (fields.filter((f) => offered.has(f)).length === 0) return '请至少选择一个授权字段';
  if (fields.some((f) => !offered.has(f))) return '只能在申请的字段内收窄';
  if (!values.endDate) return '请选择授权结束日期';
  if (!endDateAllowed(item, values.endDate)) return `授权结束日期须在 ${item.startDate} 至 ${item.endDate} 之间`;
  return null;
}

/**
 * The call for these values. A provider's approval names the fields and the end date only when they
 * narrow what was requested (so an untouched form grants the application as it is); the bureau and a
 * rejection never narrow. Throws the problem when the values cannot be sent.
 */
export function toDecisionInput(item: Requested, node: DecisionNode, values: DecisionValues): OpenApplyDecisionInput {
  const problem = decisionProblem(item, node, values);
  if (problem) throw new Error(problem);
  const comment = values.comment?.trim() || null;
  if (values.decision === 'reject' || node === 'bureau') return { id: item.id, decision: values.decision, comment };
  const requested = grantableFields(item);
  const picked = new Set(values.fields);
  const fields = requested.filter((f) => picked.has(f));
  const endDate = values.endDate ?? item.endDate;
  return {
    id: item.id,
    decision: 'approve',
    comment,
    ...(fields.length < requested.length ? { fields } : {}),
    ...(endDate < item.endDate ? { endDate } : {}),
  };
}

/** How the approval narrows what was requested, in words (empty when it grants it all). */
export function narrowingSummary(item: Requested, values: DecisionValues): string {
  const requested = grantableFields(item);
  const parts: string[] = [];
  const kept = requested.filter((f) => values.fields?.includes(f)).length;
  if (kept < requested.length) parts.push(`授权 ${kept}/${requested.length} 个字段`);
  if (values.endDate && values.endDate < item.endDate) parts.push(`授权至 ${values.endDate}`);
  return parts.join('，');
}
