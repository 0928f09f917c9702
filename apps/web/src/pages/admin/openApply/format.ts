import { OPEN_APPLY_STATUS_LABEL, type OpenApplyItem, type OpenApplyStatus } from '@odp/contracts';
import { localDate } from '@odp/contracts/calendar';
import dayjs from 'dayjs';

export const STATUS_COLOR: Record<OpenApplyStatus, string> = {
  '0': 'default',
  '1': 'processing',
  '2': 'processing',
  '3': 'success',
  '4': 'error',
  '5': 'warning',
  '6': 'default',
};

/** The statuses the back office filters by (a draft is submitted as it is made, so it never shows). */
export const STATUS_OPTIONS = (Object.entries(OPEN_APPLY_STATUS_LABEL) as [OpenApplyStatus, string][])
  .filter(([value]) => value !== '0')
  .map(([value, label]) => ({ value, label }));

export const formatTime = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-');

/** The calendar day of an instant in Beijing (the platform's dates are UTC+8 days), YYYY-MM-DD. */
export function beijingDay(at: string, shiftMs = 0): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return at.slice(0, 10);
  return localDate(new Date(time + shiftMs));
}

/** The last day a report due at `dueAt` may be filed on: due is the midnight (UTC+8) that ends that day. */
export const reportLastDay = (dueAt: string) => beijingDay(dueAt, -1);

/** 申请期限 as one line. */
export const periodText = (item: Pick<OpenApplyItem, 'startDate' | 'endDate'>) =>
  `${item.startDate} 至 ${item.endDate}`;

/** 授权期限, once granted: from the start to the granted end. */
export const grantedPeriodText = (item: Pick<OpenApplyItem, 'startDate' | 'grantedEndDate'>) =>
  item.grantedEndDate ? `${item.startDate} 至 ${item.grantedEndDate}` : null;

/** What the reason of a refusal or a revocation is called. */
export function reasonLabel(item: Pick<OpenApplyItem, 'status' | 'reason'>): string | null {
  if (!item.reason) return null;
  if (item.status === '4') return '不通过理由';
  if (item.status === '5') return '撤销原因';
  return null;
}
