import { type ShareItemInput, type ShareItemView, ShareMessages } from '@odp/contracts';

/** 共享属性 (dict share_property): 10 无条件, 20 有条件, 30 不予共享. */
export const SHARE_PROPERTY = { free: '10', conditional: '20', none: '30' } as const;

export const SHARE_PROPERTY_LABEL: Record<string, string> = {
  '10': '无条件共享',
  '20': '有条件共享',
  '30': '不予共享',
};

/** The colours of the original form: black 无条件, blue 有条件, red 不予共享. */
export const SHARE_PROPERTY_COLOR: Record<string, string> = {
  '10': 'rgba(0, 0, 0, 0.88)',
  '20': '#1677ff',
  '30': '#cf1322',
};

type ItemLike = Pick<ShareItemView, 'name' | 'shareProperty'>;

/** 不予共享 items can never be ticked, whatever the server's list says. */
export const isSelectable = (item: ItemLike) => item.shareProperty !== SHARE_PROPERTY.none;

/** 有条件 items are applied for with a reason. */
export const needsReason = (item: ItemLike) => item.shareProperty === SHARE_PROPERTY.conditional;

export const colorOf = (item: ItemLike) =>
  SHARE_PROPERTY_COLOR[item.shareProperty ?? SHARE_PROPERTY.free] ?? SHARE_PROPERTY_COLOR['10'];

/** The items' ticks and reasons while the form is filled in. */
export type ItemSelection = { selected: string[]; reasons: Record<string, string> };

/** The form's starting selection: what an application asked for, or nothing on a new one. */
export function initialSelection(items: ShareItemView[]): ItemSelection {
  const applied = items.filter((item) => item.applied && isSelectable(item));
  return {
    selected: applied.map((item) => item.name),
    reasons: Object.fromEntries(applied.filter((i) => i.reason).map((i) => [i.name, i.reason ?? ''])),
  };
}

/** Ticks or unticks items; 不予共享 ones and unknown names are left out. */
export function selectItems(items: ItemLike[], selection: ItemSelection, names: string[]): ItemSelection {
  const allowed = new Set(items.filter(isSelectable).map((item) => item.name));
  const wanted = new Set(names.filter((name) => allowed.has(name)));
  // Keep the order of the catalogue's items, as the table shows them.
  return { ...selection, selected: items.map((item) => item.name).filter((name) => wanted.has(name)) };
}

export function setReason(selection: ItemSelection, name: string, reason: string): ItemSelection {
  return { ...selection, reasons: { ...selection.reasons, [name]: reason } };
}

/** The first thing wrong with the selection, in the server's words; null when it may be sent. */
export function selectionProblem(items: ItemLike[], selection: ItemSelection): string | null {
  if (selection.selected.length === 0) return ShareMessages.itemsMissing;
  const byName = new Map(items.map((item) => [item.name, item]));
  for (const name of selection.selected) {
    const item = byName.get(name);
    if (!item || !isSelectable(item)) return ShareMessages.itemNotShareable(name);
    if (needsReason(item) && !selection.reasons[name]?.trim()) return ShareMessages.itemReasonMissing(name);
  }
  return null;
}

/** The items as the application sends them: a reason only for 有条件 items. */
export function toApplyItems(items: ItemLike[], selection: ItemSelection): ShareItemInput[] {
  const byName = new Map(items.map((item) => [item.name, item]));
  return selection.selected
    .filter((name) => {
      const item = byName.get(name);
      return item !== undefined && isSelectable(item);
    })
    .map((name) => {
      const item = byName.get(name) as ItemLike;
      const reason = selection.reasons[name]?.trim();
      return { name, reason: needsReason(item) && reason ? reason : null };
    });
}

/** The period as the form keeps it. */
export type Period = { forever: boolean; start?: string | null; end?: string | null };

/** 使用期限: 永久, or a start and a later end (dates as YYYY-MM-DD). */
export function periodProblem({ forever, start, end }: Period): string | null {
  if (forever) return null;
  if (!start || !end) return ShareMessages.periodMissing;
  return end > start ? null : ShareMessages.periodOrder;
}

/**
 * The source department may only narrow: granted items among the applied ones, a period within the
 * applied one (a forever application may be given an end, never the other way round).
 */
export function narrowProblem(
  applied: { items: string[]; period: Period },
  granted: { items: string[]; period: Period },
): string | null {
  if (granted.items.length === 0) return ShareMessages.itemsMissing;
  const allowed = new Set(applied.items);
  if (granted.items.some((name) => !allowed.has(name))) return ShareMessages.narrowOnly;
  const problem = periodProblem(granted.period);
  if (problem) return problem;
  if (applied.period.forever || granted.period.forever) {
    return granted.period.forever && !applied.period.forever ? ShareMessages.narrowOnly : null;
  }
  const { start, end } = granted.period;
  const from = applied.period.start ?? '';
  const to = applied.period.end ?? '';
  if ((start ?? '') < from || (end ?? '') > to) return ShareMessages.narrowOnly;
  return null;
}
