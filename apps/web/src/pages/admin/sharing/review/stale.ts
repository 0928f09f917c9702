import { queryKeys } from '@/api/query-keys';
import { shareKeys } from '@/api/share';
import { workOrderKeys } from '@/api/workorder';

/**
 * What a decision on a share application makes stale: the sharing lists and details, the work-order
 * inbox, and the permission answer whose menu carries the 审批中 badge.
 */
export const SHARE_STALE_KEYS: ReadonlyArray<readonly unknown[]> = [
  shareKeys.all,
  workOrderKeys.all,
  queryKeys.permission,
];
