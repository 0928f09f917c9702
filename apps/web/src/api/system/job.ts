import type {
  JobCreateInput,
  JobHandlerInfo,
  JobListQuery,
  JobNextRuns,
  JobRecord,
  JobRunRecord,
  JobUpdateInput,
  Page,
} from '@odp/contracts';
import { http } from '../client';
import { resourceKeys } from './query-keys';

const jobs = resourceKeys('quartzJob');

/** Keys of the job list, the handler registry, cron previews and each job's run history. */
export const jobKeys = {
  ...jobs,
  handlers: [...jobs.all, 'handlers'] as const,
  nextRuns: (cron: string) => [...jobs.all, 'nextRuns', cron] as const,
  runs: (jobId: string, pageNo: number, pageSize: number) => [...jobs.all, 'runs', jobId, pageNo, pageSize] as const,
};

export type JobListParams = Partial<JobListQuery> & Pick<JobListQuery, 'pageNo' | 'pageSize'>;

export const listJobs = (query: JobListParams) => http.get<Page<JobRecord>>('/sys/quartzJob/list', query);
export const addJob = (input: JobCreateInput) => http.post<JobRecord>('/sys/quartzJob/add', input);
export const editJob = (input: JobUpdateInput) => http.put<JobRecord>('/sys/quartzJob/edit', input);
export const deleteJob = (id: string) => http.delete<unknown>('/sys/quartzJob/delete', { id });
export const pauseJob = (id: string) => http.post<JobRecord>('/sys/quartzJob/pause', { id });
export const resumeJob = (id: string) => http.post<JobRecord>('/sys/quartzJob/resume', { id });
/** Runs the job once now and resolves with the finished run (outcome and message). */
export const executeJob = (id: string) => http.post<JobRunRecord>('/sys/quartzJob/execute', { id });

export const listJobHandlers = () => http.get<JobHandlerInfo[]>('/sys/quartzJob/handlers');

/** Silent: the form shows the reason under the cron field itself. */
export const previewNextRuns = (cron: string) =>
  http.get<JobNextRuns>('/sys/quartzJob/nextRuns', { cron }, { silent: true });

export const listJobRuns = (jobId: string, pageNo: number, pageSize: number) =>
  http.get<Page<JobRunRecord>>('/sys/quartzJob/runs', { jobId, pageNo, pageSize });
