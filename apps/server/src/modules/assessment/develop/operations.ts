import { PERIOD_TYPE_LABEL, type PeriodType, periodOf } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import { defineOpsSource } from '../../../platform/operations/source.js';
import { computeNow, rerunFailed } from './service.js';

const TYPES = Object.keys(PERIOD_TYPE_LABEL) as PeriodType[];

/** One row per period type, with the latest run of that type. */
const taskRows = sql.join(
  TYPES.map(
    (type) => sql`
    select ${type}::text as id, ${`${PERIOD_TYPE_LABEL[type]}指标计算`}::text as name, null::text as depart_name,
      '每日由定时任务“指标计算”计算本期与上一期' as schedule, 'active' as status,
      r.started_at as last_started_at, r.finished_at as last_finished_at,
      case r.status when 'failed' then 'failure' else r.status end as last_outcome,
      r.message as last_message, null::timestamptz as next_run_at
    from (select 1) one
    left join lateral (
      select started_at, finished_at, status, message from indicator_run
      where period_type = ${type} order by started_at desc limit 1
    ) r on true`,
  ),
  sql` union all `,
);

const message = (r: { valueCount: number }) => `计算得到 ${r.valueCount} 个指标值`;

/**
 * 指标计算 in 任务运维: the indicators' values per period type (月度 / 季度 / 年度), computed by the job
 * `computeIndicators` and on demand; the runs are `indicator_run`. 立即执行 computes the current period
 * of the type as the operator; 重试 re-runs a failed run for its own period and indicators.
 */
export const indicatorOps = defineOpsSource({
  kind: 'indicator',
  label: '指标计算',
  tasks: taskRows,
  runs: sql`
    select r.id::text as id, r.period_type as task_id,
      coalesce(${sql.raw(
        `case r.period_type ${TYPES.map((t) => `when '${t}' then '${PERIOD_TYPE_LABEL[t]}指标计算'`).join(' ')} end`,
      )}, r.period_type) || '（' || r.period_key || '）' as task_name,
      case r.trigger when 'schedule' then 'scheduled' when 'retry' then 'retry' else 'manual' end as trigger,
      r.started_at, r.finished_at,
      case r.status when 'failed' then 'failure' else r.status end as outcome, r.message
    from indicator_run r`,
  allows: (_task, action) => action === 'run',
  async run({ db, actor }, type) {
    const periodType = type as PeriodType;
    return message(await computeNow(db, actor, { periodType, periodKey: periodOf(periodType, new Date()) }));
  },
  async retry({ db, actor }, run) {
    const result = await rerunFailed(db, run.id, actor.userId);
    return result.status === 'failed' ? `重试仍失败：${result.message ?? ''}` : message(result);
  },
});
