import type { BatchResult } from '@odp/contracts';
import { decideShare } from '@/api/share';

/**
 * 通过 / 驳回 of several share applications at their current node, one call each, answered per
 * application as the inbox shows transitions: a refusal is the server's reason, the others go on.
 */
export async function decideShares(
  decision: 'approve' | 'reject',
  applyIds: string[],
  comment: string | undefined,
): Promise<BatchResult> {
  const result: BatchResult = { succeeded: [], refused: [] };
  for (const applyId of applyIds) {
    try {
      await decideShare({ applyId, decision, comment: comment?.trim() || null }, { silent: true });
      result.succeeded.push(applyId);
    } catch (error) {
      result.refused.push({ id: applyId, reason: error instanceof Error ? error.message : '操作失败' });
    }
  }
  return result;
}
