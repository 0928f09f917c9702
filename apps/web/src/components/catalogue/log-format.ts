import {
  CATALOG_STATUS_LABEL,
  CATALOGUE_LOG_ACTION_LABEL,
  type CatalogueLogAction,
  type CatalogueLogItem,
  SHELF_STATUS_LABEL,
} from '@odp/contracts';

export function actionLabel(log: Pick<CatalogueLogItem, 'action'> & { actionLabel?: string | null }): string {
  return log.actionLabel || CATALOGUE_LOG_ACTION_LABEL[log.action as CatalogueLogAction] || log.action;
}

/** Options of the log's 操作 filter, from the contract's labels. */
export const LOG_ACTION_OPTIONS = Object.entries(CATALOGUE_LOG_ACTION_LABEL).map(([value, label]) => ({
  value,
  label,
}));

type StatusColumns = Pick<
  CatalogueLogItem,
  'fromCatalogStatus' | 'toCatalogStatus' | 'fromShelfStatus' | 'toShelfStatus'
>;

const change = (from: number | null, to: number | null, labels: Record<number, string>) => {
  if (to === null || to === undefined || from === to) return null;
  const fromLabel = from === null || from === undefined ? '—' : (labels[from] ?? String(from));
  return `${fromLabel} → ${labels[to] ?? String(to)}`;
};

/** The state change a log row records, e.g. `编目：草稿 → 待审核`; empty when nothing moved. */
export function statusChanges(log: StatusColumns): string[] {
  const catalog = change(log.fromCatalogStatus, log.toCatalogStatus, CATALOG_STATUS_LABEL);
  const shelf = change(log.fromShelfStatus, log.toShelfStatus, SHELF_STATUS_LABEL);
  return [catalog && `编目：${catalog}`, shelf && `上架：${shelf}`].filter((s): s is string => Boolean(s));
}
