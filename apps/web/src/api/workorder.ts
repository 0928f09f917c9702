import type { CatalogueTodo, LifecycleResult, Page, WorkOrderItem, WorkOrderListQuery } from '@odp/contracts';
import { http } from './client';

/** The work-order filters as the page sends them; the server validates them against `WorkOrderListQuery`. */
export type WorkOrderParams = Partial<WorkOrderListQuery> & Pick<WorkOrderListQuery, 'type' | 'pageNo' | 'pageSize'>;

export const workOrderKeys = {
  all: ['workorder'] as const,
  list: (params: object) => ['workorder', 'list', params] as const,
  todo: ['workorder', 'todo'] as const,
};

export const listWorkOrders = (query: WorkOrderParams) =>
  http.post<Page<WorkOrderItem>>('/api/workcatalog/list', query);

export const getTodoCounts = () => http.get<CatalogueTodo>('/api/workcatalog/todo', undefined, { silent: true });

/**
 * Decisions name the entry (`dataId` is the catalogue id) and apply to whichever review of it is
 * pending; they answer per entry like the lifecycle calls, silent so the page can show each refusal.
 */
export const approveWorkOrder = (dataId: string, comment?: string) =>
  http.post<LifecycleResult>('/flowable/task/completeByDataId', { dataId, comment }, { silent: true });

export const rejectWorkOrder = (dataId: string, comment: string) =>
  http.post<LifecycleResult>('/flowable/task/taskRejectByDataId', { dataId, comment }, { silent: true });

export const batchApproveWorkOrders = (dataIds: string[], comment?: string) =>
  http.post<LifecycleResult>('/flowable/task/batchCompleteByDataId', { dataIds, comment }, { silent: true });

export const batchRejectWorkOrders = (dataIds: string[], comment: string) =>
  http.post<LifecycleResult>('/flowable/task/batchTaskRejectByDataId', { dataIds, comment }, { silent: true });
