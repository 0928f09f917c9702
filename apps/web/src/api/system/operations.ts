import type {
  OpsRetryInput,
  OpsRun,
  OpsRunQuery,
  OpsSourceInfo,
  OpsTask,
  OpsTaskAction,
  OpsTaskQuery,
  Page,
} from '@odp/contracts';
import { http } from '../client';
import { resourceKeys } from './query-keys';

const work = resourceKeys('opsWork');
const examples = resourceKeys('opsExamples');

/** 任务运维: the kinds, the task list and the run history; an action on a task makes both lists stale. */
export const opsKeys = { kinds: ['opsKinds'] as const, work, examples };

type Params<Q extends { pageNo: number; pageSize: number }> = Partial<Q> & Pick<Q, 'pageNo' | 'pageSize'>;

export const listOpsKinds = () => http.get<OpsSourceInfo[]>('/api/ops/kinds');
export const listOpsTasks = (query: Params<OpsTaskQuery>) => http.get<Page<OpsTask>>('/api/ops/work/list', query);
export const listOpsRuns = (query: Params<OpsRunQuery>) => http.get<Page<OpsRun>>('/api/ops/examples/list', query);
export const actOnOpsTask = (input: OpsTaskAction) =>
  http.post<{ task: OpsTask | null; message: string }>('/api/ops/work/action', input);
export const retryOpsRun = (input: OpsRetryInput) => http.post<{ message: string }>('/api/ops/examples/retry', input);
