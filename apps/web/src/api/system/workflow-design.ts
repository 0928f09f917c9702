import type {
  Page,
  WorkflowConfigSave,
  WorkflowConfigVersion,
  WorkflowMachineDetail,
  WorkflowMachineItem,
  WorkflowVersionItem,
} from '@odp/contracts';
import { http } from '../client';

export const workflowDesignKeys = {
  all: ['workflowDesign'] as const,
  list: ['workflowDesign', 'list'] as const,
  detail: (subject: string) => ['workflowDesign', 'detail', subject] as const,
  versions: (subject: string, pageNo: number) => ['workflowDesign', 'versions', subject, pageNo] as const,
  version: (subject: string, version: number) => ['workflowDesign', 'version', subject, version] as const,
};

export const listWorkflowMachines = () => http.get<WorkflowMachineItem[]>('/api/workflowDesign/list');
export const getWorkflowMachine = (subject: string) =>
  http.get<WorkflowMachineDetail>('/api/workflowDesign/detail', { subject });
export const listWorkflowVersions = (subject: string, pageNo: number, pageSize = 10) =>
  http.get<Page<WorkflowVersionItem>>('/api/workflowDesign/versions', { subject, pageNo, pageSize });
export const getWorkflowVersion = (subject: string, version: number) =>
  http.get<WorkflowConfigVersion>('/api/workflowDesign/version', { subject, version });
export const saveWorkflowConfig = (input: WorkflowConfigSave) =>
  http.post<{ version: number }>('/api/workflowDesign/save', input);
