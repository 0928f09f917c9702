import type { BatchResult } from '@odp/contracts';

export const isBatchResult = (value: unknown): value is BatchResult =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as BatchResult).succeeded) &&
  Array.isArray((value as BatchResult).refused);

/**
 * The per-record outcome of a transition call: its answer, or the `result` of the 400 the server sends
 * when it refused every record. Null for any other failure (the caller shows its message).
 */
export function batchResultOf(answer: unknown): BatchResult | null {
  if (isBatchResult(answer)) return answer;
  const result = (answer as { result?: unknown } | null)?.result;
  return isBatchResult(result) ? result : null;
}

/**
 * Several records decided by a call per record (subjects without a batch route), answered per record
 * as a batch is: a refusal is the server's reason, the others go on.
 */
export async function oneByOne(ids: readonly string[], call: (id: string) => Promise<unknown>): Promise<BatchResult> {
  const result: BatchResult = { succeeded: [], refused: [] };
  for (const id of ids) {
    try {
      await call(id);
      result.succeeded.push(id);
    } catch (error) {
      result.refused.push({ id, reason: error instanceof Error ? error.message : '操作失败' });
    }
  }
  return result;
}
