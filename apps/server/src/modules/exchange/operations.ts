import { CONVEY_TYPE, EXCHANGE_TASK_STATE, type ExchangeRunResult } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest } from '../../platform/http/errors.js';
import { defineOpsSource } from '../../platform/operations/source.js';
import { nextUpdateDueSql } from '../collection/operations.js';
import { exchangeService } from './service.js';

const frequencyLabel = sql`(select i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id
  where d.dict_code = 'update_frequency' and i.item_value = t.repeat_type limit 1)`;

async function runTask(db: Db, actor: Actor, config: Config, taskId: string) {
  const result: ExchangeRunResult = await exchangeService(config).runByOperator(db, actor, taskId);
  if (result.outcome !== '1') throw badRequest(result.message ?? '交换失败');
  return `写入 ${result.rows} 行`;
}

/**
 * 交换任务 in 任务运维: copies of granted data into the applying department's source, one-off or repeated
 * by `runExchangeTasks`; its runs are the tasks' 使用记录. 停止 is final (a released grant), so there is no
 * 暂停 / 恢复 here.
 */
export const exchangeOps = defineOpsSource({
  kind: 'exchange',
  label: '交换任务',
  tasks: sql`
    select t.id::text as id, c.catalog_name || ' → ' || t.target_table as name, d.depart_name,
      case when t.convey_type = ${CONVEY_TYPE.repeat} then '重复性：' || coalesce(${frequencyLabel}, t.repeat_type)
        else '一次性' end as schedule,
      case when t.state = ${EXCHANGE_TASK_STATE.active} then 'active' else 'stopped' end as status,
      r.started_at as last_started_at, r.finished_at as last_finished_at,
      case r.outcome when '1' then 'success' when '0' then 'failure' when '2' then 'running' end as last_outcome,
      r.message as last_message,
      case when t.state = ${EXCHANGE_TASK_STATE.active} and t.convey_type = ${CONVEY_TYPE.repeat}
        then ${nextUpdateDueSql('t.repeat_type', 't.last_run_at')} end as next_run_at
    from exchange_task t
    join share_apply a on a.id = t.share_apply_id
    join data_catalog c on c.id = a.catalog_id
    left join sys_depart d on d.org_code = t.org_code
    left join lateral (
      select started_at, finished_at, outcome, message from exchange_run
      where task_id = t.id order by started_at desc limit 1
    ) r on true`,
  runs: sql`
    select r.id::text as id, t.id::text as task_id, c.catalog_name || ' → ' || t.target_table as task_name,
      case when r.operator_id is null then 'scheduled' else 'manual' end as trigger,
      r.started_at, r.finished_at,
      case r.outcome when '1' then 'success' when '0' then 'failure' else 'running' end as outcome,
      coalesce(r.message, case when r.outcome = '1' then '写入 ' || r.rows || ' 行' end) as message
    from exchange_run r
    join exchange_task t on t.id = r.task_id
    join share_apply a on a.id = t.share_apply_id
    join data_catalog c on c.id = a.catalog_id`,
  allows: (task, action) => action === 'run' && task.status === 'active',
  run: ({ db, actor, config }, id) => runTask(db, actor, config, id),
  retry: ({ db, actor, config }, run) => runTask(db, actor, config, run.taskId),
});
