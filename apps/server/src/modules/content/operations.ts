import { CONTENT_MACHINE, ContentStatus } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import { defineOpsSource } from '../../platform/operations/source.js';
import { applyTransition } from '../../platform/workflow/apply.js';
import { contentSubject } from './subject.js';

const subject = CONTENT_MACHINE.subject;

/**
 * 预约发布 in 任务运维: items waiting for their appointed time, published by `publishScheduledContent`;
 * a run is each item the scheduler published (its 定时发布 in the workflow history). 立即执行 publishes
 * now through the publish machine, as the operator.
 */
export const scheduledPublicationOps = defineOpsSource({
  kind: 'contentSchedule',
  label: '预约发布',
  tasks: sql`
    select c.id::text as id, c.title as name, c.dept_name as depart_name,
      '预约于 ' || to_char(c.appoint_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as schedule,
      'active' as status, null::timestamptz as last_started_at, null::timestamptz as last_finished_at,
      null as last_outcome, null as last_message, c.appoint_time as next_run_at
    from content_item c
    where c.status = ${ContentStatus.scheduled} and c.deleted_at is null`,
  runs: sql`
    select h.id::text as id, h.subject_id::text as task_id, c.title as task_name, 'scheduled' as trigger,
      h.created_at as started_at, h.created_at as finished_at, 'success' as outcome, '已定时发布' as message
    from wf_history h join content_item c on c.id = h.subject_id
    where h.subject_type = ${subject} and h.action = 'autoPublish'`,
  allows: (_task, action) => action === 'run',
  async run({ db, actor }, id) {
    await applyTransition(db, actor, contentSubject, id, 'publish');
    return '已发布';
  },
});
