import { ShareStatus as S, type ShareStatus } from '@odp/contracts';
import dayjs from 'dayjs';

export const STATUS_COLORS: Record<ShareStatus, string> = {
  [S.draft]: 'default',
  [S.source]: 'processing',
  [S.bureau]: 'processing',
  [S.inUse]: 'success',
  [S.rejected]: 'error',
  [S.released]: 'default',
};

export const formatDate = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD') : '-');
export const formatTime = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-');

/** 使用期限 as one line: 永久, or from – to. */
export function periodText(start: string | null | undefined, end: string | null | undefined, forever: boolean) {
  if (forever) return '永久';
  if (!start && !end) return '-';
  return `${formatDate(start)} 至 ${formatDate(end)}`;
}

/** A decision of the flow, in words; the server may already send words. */
const DECISION_TEXT: Record<string, string> = {
  approve: '通过',
  reject: '驳回',
  recall: '撤回',
  submit: '提交申请',
  '1': '通过',
  '2': '驳回',
};
export const decisionText = (decision: string | null | undefined) =>
  decision ? (DECISION_TEXT[decision] ?? decision) : null;

/** The node's colour: decided green or red, waiting blue, not reached (or skipped) grey. */
export const decisionColor = (decision: string | null | undefined) => {
  const text = decisionText(decision) ?? '';
  if (/驳回|不通过/.test(text)) return 'red';
  if (/待/.test(text)) return 'blue';
  if (!text || /撤回|草稿|无需/.test(text)) return 'gray';
  return 'green';
};

/** The use page of a granted application. */
export const dataUsePath = (applyId: string) => `/datasharing/useing/useData?${new URLSearchParams({ applyId })}`;
