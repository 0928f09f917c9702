import { ShelfStatus, UPDATE_STATUS } from '@odp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { catalogues } from '../../../db/schema/index.js';
import { remind } from '../../../platform/messaging/business-message.js';
import { updateStatusSql } from '../../collection/update-status.js';
import { dictLabels } from '../labels.js';

export const OVERDUE_MESSAGE_TYPE = 'catalogue_overdue';

const dateOf = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Reminds a department that its published (已上架) entries are 更新已超时 — the same rule as the
 * 库表更新, 数据上报 and 超时统计 lists (`updateStatusSql`) — `graceDays` later than they say. Each
 * active member of the owning department (数源单位) is told once per entry until it is updated again,
 * through the platform's reminder path.
 */
export async function remindOverdueEntries(
  db: Db,
  now: Date,
  graceDays: number,
): Promise<{ entries: number; users: number; messages: number }> {
  const labels = await dictLabels(db, 'update_frequency');
  const asOf = new Date(now.getTime() - graceDays * 86_400_000);
  return db.transaction(async (tx) => {
    // Two runs at once (a manual run during a scheduled one) would both see no reminder yet; the lock
    // makes the second wait and then find the first one's messages.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${OVERDUE_MESSAGE_TYPE}))`);
    const rows = await tx
      .select({
        id: catalogues.id,
        name: catalogues.catalogName,
        orgCode: catalogues.orgCode,
        frequency: catalogues.updateFrequency,
        lastUpdate: catalogues.dataUpdateTime,
        dataFormat: catalogues.dataFormat,
      })
      .from(catalogues)
      .where(
        and(
          eq(catalogues.shelfStatus, ShelfStatus.on),
          sql`${updateStatusSql(catalogues.updateFrequency, catalogues.dataUpdateTime, asOf)} = ${UPDATE_STATUS.overdue}`,
        ),
      )
      .orderBy(catalogues.catalogName);
    const users = new Set<string>();
    let entries = 0;
    let messages = 0;
    for (const row of rows) {
      // Overdue entries always have a last update (never updated is 待更新).
      const last = row.lastUpdate ?? now;
      const told = await remind(tx, {
        to: { orgCodes: [row.orgCode] },
        messageType: OVERDUE_MESSAGE_TYPE,
        busId: row.id,
        title: `目录「${row.name}」已超过更新周期`,
        text: `该目录的更新频率为${labels[row.frequency] ?? row.frequency}，最近更新于 ${dateOf(last)}，请及时更新数据。`,
        openPage: row.dataFormat === 'table' ? '/datacollection/excelReport' : '/cataloguemanage/list',
        sender: '系统',
        now,
        // Once per overdue spell: a reminder since the last update stands until the data moves again.
        notWithinMs: now.getTime() - last.getTime(),
      });
      if (told.length) entries += 1;
      messages += told.length;
      for (const id of told) users.add(id);
    }
    return { entries, users: users.size, messages };
  });
}
