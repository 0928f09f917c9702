import type { BatchResult } from '@odp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { feedback } from '@/api/feedback';
import { isApiError } from '../ResourcePage/errors';
import { showBatchResult } from './BatchResult';
import { batchResultOf, isBatchResult } from './batch-result';

/** How the outcome of one call on some records is told. */
export type Outcome = {
  /** The action in messages: `<label>失败`. */
  label: string;
  /** Said when the one record went through. */
  success: string;
  /** The batch result's title: `<batchTitle>结果`. */
  batchTitle: string;
  /** What a record is called, e.g. 目录. */
  noun: string;
  ids: string[];
  nameOf: (id: string) => string;
  /** The call is silent: its failures are reported here, not by the request client. */
  silent?: boolean;
  invalidates: ReadonlyArray<readonly unknown[]>;
};

/** Makes a transition call and tells its outcome: one message for one record, a per-record table for several. */
export function useOutcome() {
  const { message, modal } = feedback;
  const queryClient = useQueryClient();

  /** The per-record outcome of the call, or null once any other failure has been reported. */
  const call = useCallback(async (outcome: Outcome, run: () => Promise<unknown>): Promise<BatchResult | null> => {
    try {
      const answer = await run();
      return isBatchResult(answer) ? answer : { succeeded: outcome.ids, refused: [] };
    } catch (error) {
      const result = batchResultOf(error);
      if (!result && (outcome.silent || !isApiError(error))) {
        message.error(error instanceof Error ? error.message : `${outcome.label}失败`);
      }
      return result;
    }
  }, []);

  /** Refreshes what the call made stale, lets the caller follow up, then tells the user. */
  const settle = useCallback(
    async (outcome: Outcome, result: BatchResult, onDone?: (result: BatchResult) => void) => {
      await Promise.all(outcome.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onDone?.(result);
      const single = outcome.ids.length === 1;
      if (single && result.refused.length === 0) message.success(outcome.success);
      else if (single) {
        modal.error({ title: `${outcome.label}失败`, content: result.refused[0]?.reason, okText: '知道了' });
      } else showBatchResult(modal, outcome.batchTitle, { result, nameOf: outcome.nameOf, noun: outcome.noun });
    },
    [queryClient],
  );

  return { call, settle };
}
