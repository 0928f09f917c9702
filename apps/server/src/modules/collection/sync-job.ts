import { nextUpdateDue } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/client.js';
import { defineHandler } from '../../platform/jobs/handler.js';
import { tableMountService } from './table-mount.js';

type Mounted = { id: string; frequency: string; last_sync_at: string | null };

/** Mounted tables are copied again when their 更新频率 says they are due (不定期 only by hand). */
export const syncMountedTables = defineHandler({
  name: 'syncMountedTables',
  title: '库表挂载同步',
  description: '按目录的更新频率，把到期的挂载数据表从数据源同步到数据存储，并记录更新记录。',
  parameterHelp: 'limit：每次最多同步的目录数，1 至 500，默认 50',
  schema: z.strictObject({
    limit: z.number({ error: '须为整数' }).int('须为整数').min(1, '不能小于 1').max(500, '不能超过 500').default(50),
  }),
  async run(ctx, { limit }) {
    const mounted = await rowsOf<Mounted>(
      ctx.db,
      sql`select id::text as id, update_frequency as frequency, mount->>'lastSyncAt' as last_sync_at
        from data_catalog
        where mount->>'dataSourceId' is not null and shelf_status <> 9
        order by mount->>'lastSyncAt' nulls first`,
    );
    const due = mounted
      .filter((m) => {
        if (!m.last_sync_at) return true;
        const next = nextUpdateDue(m.frequency, new Date(m.last_sync_at));
        return next !== null && next <= ctx.now;
      })
      .slice(0, limit);
    if (due.length === 0) return '没有到期需要同步的挂载数据表';
    const mounts = tableMountService(ctx.config);
    let rows = 0;
    const failed: string[] = [];
    for (const m of due) {
      ctx.signal.throwIfAborted();
      try {
        rows += (await mounts.syncForJob(ctx.db, m.id, '定时任务', ctx.signal)).rows;
      } catch {
        failed.push(m.id);
      }
    }
    const okCount = due.length - failed.length;
    return `同步 ${okCount} 个目录共 ${rows} 行${failed.length ? `，${failed.length} 个失败（见更新记录）` : ''}`;
  },
});
