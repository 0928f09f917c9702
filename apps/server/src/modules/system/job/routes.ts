import {
  JobCreateInput,
  JobIdQuery,
  JobListQuery,
  JobNextRunsQuery,
  JobRunListQuery,
  JobUpdateInput,
  Perm,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.js';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { registerCrudRoutes } from '../../../platform/resource/routes.js';
import { createStorage } from '../../../platform/storage/storage.js';
import { listRuns } from './repository.js';
import { createRunner } from './runner.js';
import { createScheduler, type Scheduler } from './scheduler.js';
import { handlerInfos, type JobService, jobService, listJobs, nextRuns } from './service.js';

const tags = ['定时任务'];

/** The scheduler of the app using this database handle; tests and diagnostics look it up here. */
const schedulers = new WeakMap<Db, Scheduler>();
export const schedulerFor = (db: Db) => schedulers.get(db);
/** The job operations of the app using this database handle, for 任务运维's 立即执行 / 暂停 / 恢复. */
const services = new WeakMap<Db, JobService>();
export const jobServiceFor = (db: Db) => services.get(db);

export async function jobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.deps;
  const { db } = database;

  const runner = createRunner({
    db,
    storage: createStorage(config.dataDir),
    config,
    log: app.log,
  });
  const scheduler = createScheduler({ db, runner, log: app.log });
  schedulers.set(db, scheduler);
  const jobs = jobService(scheduler, runner);
  services.set(db, jobs);

  // Timers start when the app is ready and stop when it closes, before the database does; runs in
  // flight (scheduled or 立即执行) finish writing their outcome first. JOBS_ENABLED=0 leaves the
  // timers off (tests, or an instance meant only to serve requests); 立即执行 still works.
  if (config.jobsEnabled) app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', async () => {
    scheduler.stop();
    await runner.drain();
  });

  app.get(
    '/sys/quartzJob/handlers',
    { config: { access: Perm.jobList }, schema: { tags, summary: '可用的任务类型（服务端注册的处理程序）' } },
    async () => ok(handlerInfos()),
  );

  app.get(
    '/sys/quartzJob/nextRuns',
    {
      config: { access: Perm.jobList },
      schema: { tags, summary: 'Cron 表达式接下来五次执行时间', querystring: JobNextRunsQuery },
    },
    async (req) => ok({ times: nextRuns(req.query.cron) }),
  );

  app.get(
    '/sys/quartzJob/runs',
    { config: { access: Perm.jobList }, schema: { tags, summary: '任务执行记录', querystring: JobRunListQuery } },
    async (req) => ok(await listRuns(db, req.query)),
  );

  registerCrudRoutes(app, {
    base: '/sys/quartzJob',
    label: '定时任务',
    tags,
    access: { list: Perm.jobList, add: Perm.jobEdit, edit: Perm.jobEdit, delete: Perm.jobEdit },
    schemas: { list: JobListQuery, create: JobCreateInput, update: JobUpdateInput },
    // Listing adds each job's last run; deleting stops this instance's timer first.
    handlers: { ...jobs, list: listJobs },
  });

  app.post(
    '/sys/quartzJob/pause',
    { config: { access: Perm.jobEdit }, schema: { tags, summary: '停止定时任务', body: JobIdQuery } },
    async (req) => ok(await jobs.pause(db, actorOf(req), req.body.id), '已停止'),
  );

  app.post(
    '/sys/quartzJob/resume',
    { config: { access: Perm.jobEdit }, schema: { tags, summary: '启动定时任务', body: JobIdQuery } },
    async (req) => ok(await jobs.resume(db, actorOf(req), req.body.id), '已启动'),
  );

  app.post(
    '/sys/quartzJob/execute',
    { config: { access: Perm.jobRun }, schema: { tags, summary: '立即执行一次', body: JobIdQuery } },
    async (req) => {
      const run = await jobs.execute(db, actorOf(req), req.body.id);
      return ok(run, run.outcome === 'success' ? '执行成功' : '执行失败');
    },
  );
}
