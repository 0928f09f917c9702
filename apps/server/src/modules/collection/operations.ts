import { UPDATE_STEPS } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import { defineOpsSource } from '../../platform/operations/source.js';
import { tableMountService } from './table-mount.js';

/** The 更新频率 label of an entry (`c`), for the schedule column. */
const frequencyLabel = sql`(select i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id
  where d.dict_code = 'update_frequency' and i.item_value = c.update_frequency limit 1)`;

/**
 * When data last updated at `last` is next due under the 更新频率 code in `frequency` (SQL expressions
 * over the statement's own rows), from the contract's steps — PostgreSQL adds months as `nextUpdateDue`
 * does; null for 不定期. Data never updated is due now.
 */
export function nextUpdateDueSql(frequency: string, last: string) {
  const steps = Object.entries(UPDATE_STEPS).map(([code, step]) => {
    const interval = 'ms' in step ? `${step.ms} milliseconds` : `${step.months} months`;
    return `when ${frequency} = '${code}' then ${last} + interval '${interval}'`;
  });
  return sql.raw(`case when ${last} is null then now() ${steps.join(' ')} end`);
}

const syncMessage = (rows: number) => `同步 ${rows} 行`;

/**
 * 库表同步 in 任务运维: every entry with a mounted table, synced by `syncMountedTables` when its 更新频率
 * is due; its runs are the 更新记录 of syncs (Excel 数据上报 are not background work).
 */
export const tableSyncOps = defineOpsSource({
  kind: 'tableSync',
  label: '库表同步',
  tasks: sql`
    select c.id::text as id, c.catalog_name as name, d.depart_name,
      '按更新频率：' || coalesce(${frequencyLabel}, c.update_frequency) as schedule,
      case when c.shelf_status = 9 then 'stopped' else 'active' end as status,
      l.started_at as last_started_at, l.finished_at as last_finished_at,
      case l.outcome when 'ok' then 'success' when 'failed' then 'failure' else l.outcome end as last_outcome,
      l.message as last_message,
      case when c.shelf_status = 9 then null
        else ${nextUpdateDueSql('c.update_frequency', "(c.mount->>'lastSyncAt')::timestamptz")} end as next_run_at
    from data_catalog c
    left join sys_depart d on d.org_code = c.org_code
    left join lateral (
      select started_at, finished_at, outcome, message from ds_sync_log
      where catalog_id = c.id and mode in ('full', 'incremental') order by started_at desc limit 1
    ) l on true
    where c.mount->>'dataSourceId' is not null`,
  runs: sql`
    select l.id::text as id, c.id::text as task_id, c.catalog_name as task_name,
      case when l.operator_id is null then 'scheduled' else 'manual' end as trigger,
      l.started_at, l.finished_at,
      case l.outcome when 'ok' then 'success' when 'failed' then 'failure' else l.outcome end as outcome,
      coalesce(l.message, case when l.outcome = 'ok' then '同步 ' || l.rows || ' 行' end) as message
    from ds_sync_log l join data_catalog c on c.id = l.catalog_id
    where l.mode in ('full', 'incremental') and c.mount->>'dataSourceId' is not null`,
  allows: (task, action) => action === 'run' && task.status === 'active',
  async run({ db, actor, config }, id) {
    return syncMessage((await tableMountService(config).syncByOperator(db, actor, id)).rows);
  },
  async retry({ db, actor, config }, run) {
    return syncMessage((await tableMountService(config).syncByOperator(db, actor, run.taskId)).rows);
  },
});
