import type { ShareAction, ShareDetail, ShareNodeInput } from '@odp/contracts';
import { isSelectable, narrowProblem, type Period } from '../share-items';

/** What the source department grants while it decides: items among the applied ones, and a period. */
export type Narrowing = { items: string[]; period: Period };

/** The decisions a reviewer takes on the node the application waits at. */
export const APPROVE_ACTIONS: readonly ShareAction[] = ['sourceApprove', 'sourceGrant', 'bureauApprove'];
export const REJECT_ACTIONS: readonly ShareAction[] = ['sourceReject', 'bureauReject'];
const SOURCE_ACTIONS: readonly ShareAction[] = ['sourceApprove', 'sourceGrant', 'sourceReject'];

export const canApprove = (actions: readonly ShareAction[]) => actions.some((a) => APPROVE_ACTIONS.includes(a));
export const canReject = (actions: readonly ShareAction[]) => actions.some((a) => REJECT_ACTIONS.includes(a));
export const canDecide = (actions: readonly ShareAction[]) => canApprove(actions) || canReject(actions);
/** Only the data's department narrows, and only at its own node. */
export const decidesSource = (actions: readonly ShareAction[]) => actions.some((a) => SOURCE_ACTIONS.includes(a));

/** What the application asked for: its shareable applied items and its period. */
export function appliedOf(detail: ShareDetail): Narrowing {
  return {
    items: detail.items.filter((i) => i.applied && isSelectable(i)).map((i) => i.name),
    period: { forever: detail.ifForever, start: detail.startTime, end: detail.endTime },
  };
}

/** Where narrowing starts: what was granted already (saved earlier), else what was applied for. */
export function initialNarrowing(detail: ShareDetail): Narrowing {
  const applied = appliedOf(detail);
  const granted = detail.items.filter((i) => i.granted).map((i) => i.name);
  const periodSaved = detail.grantedForever || detail.grantedStartTime !== null || detail.grantedEndTime !== null;
  return {
    items: granted.length ? applied.items.filter((name) => granted.includes(name)) : applied.items,
    period: periodSaved
      ? { forever: detail.grantedForever, start: detail.grantedStartTime, end: detail.grantedEndTime }
      : applied.period,
  };
}

export const sameNarrowing = (a: Narrowing, b: Narrowing) =>
  a.items.join('\n') === b.items.join('\n') &&
  a.period.forever === b.period.forever &&
  (a.period.forever ||
    ((a.period.start ?? '') === (b.period.start ?? '') && (a.period.end ?? '') === (b.period.end ?? '')));

export const narrowingProblem = (detail: ShareDetail, narrowing: Narrowing) =>
  narrowProblem(appliedOf(detail), narrowing);

/** The call that saves it; a forever grant keeps the applied start, as the server compares starts. */
export function toNodeInput(detail: ShareDetail, { items, period }: Narrowing): ShareNodeInput {
  return {
    applyId: detail.applyId,
    items,
    ifForever: period.forever ? '1' : '0',
    dataStartTime: period.forever ? detail.startTime : (period.start ?? null),
    dataEndTime: period.forever ? null : (period.end ?? null),
  };
}
