import { JOB_STATUS } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { AppError, badRequest } from '../../../platform/http/errors.js';
import { defineOpsSource } from '../../../platform/operations/source.js';
import { nextRunTimes } from './cron.js';
import { listHandlers } from './registry.js';
import { jobServiceFor } from './routes.js';

/** A job's name is its handler's title (the registry is known once the modules are installed). */
function titleOf(handler: string) {
  const cases = listHandlers().map((h) => sql`when ${h.name} then ${h.title}`);
  return cases.length
    ? sql`(case ${sql.raw(handler)} ${sql.join(cases, sql` `)} else ${sql.raw(handler)} end)`
    : sql.raw(handler);
}

function service(db: Db) {
  const jobs = jobServiceFor(db);
  // The job routes create it with the app; a database without them has no scheduler to ask.
  if (!jobs) throw new AppError(503, '定时任务服务未启动');
  return jobs;
}

async function runJob(db: Db, actor: Parameters<ReturnType<typeof service>['execute']>[1], id: string) {
  const run = await service(db).execute(db, actor, id);
  if (run.outcome !== 'success') throw badRequest(`执行失败：${run.message ?? ''}`);
  return run.message ?? '';
}

/** 定时任务 in 任务运维: the rows of 系统管理 › 定时任务, run, paused and resumed through the job service. */
export const scheduledJobOps = defineOpsSource({
  kind: 'job',
  label: '定时任务',
  tasks: () => sql`
    select j.id::text as id, ${titleOf('j.handler')} as name, null::text as depart_name,
      j.cron_expression as schedule,
      case when j.status = ${JOB_STATUS.running} then 'active' else 'paused' end as status,
      r.started_at as last_started_at, r.finished_at as last_finished_at, r.outcome as last_outcome,
      r.message as last_message, null::timestamptz as next_run_at
    from sys_quartz_job j
    left join lateral (
      select started_at, finished_at, outcome, message from sys_quartz_job_run
      where job_id = j.id order by started_at desc limit 1
    ) r on true`,
  runs: () => sql`
    select r.id::text as id, j.id::text as task_id, ${titleOf('j.handler')} as task_name,
      case when r.trigger = 'scheduled' then 'scheduled' else 'manual' end as trigger,
      r.started_at, r.finished_at, r.outcome, r.message
    from sys_quartz_job_run r join sys_quartz_job j on j.id = r.job_id`,
  nextRun(task, now) {
    if (task.status !== 'active' || !task.schedule) return null;
    const next = nextRunTimes(task.schedule, 1, now);
    return next.ok ? (next.times[0] ?? null) : null;
  },
  allows: (task, action) => action === 'run' || (action === 'pause') === (task.status === 'active'),
  run: ({ db, actor }, id) => runJob(db, actor, id),
  async pause({ db, actor }, id) {
    await service(db).pause(db, actor, id);
  },
  async resume({ db, actor }, id) {
    await service(db).resume(db, actor, id);
  },
  retry: ({ db, actor }, run) => runJob(db, actor, run.taskId),
});
