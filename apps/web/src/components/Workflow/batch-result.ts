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
