import { inArray } from 'drizzle-orm';
import type { Executor } from '../../client.js';
import { datastoreSyncLogs, departs } from '../../schema/index.js';
import type { PlannedEntry } from './build.js';

const DAY = 86_400_000;
/** How many of the demo's 库表 entries also have Excel 数据上报 history, and how many reports each. */
const ENTRIES = 4;
const REPORTS = 3;

/**
 * 上报记录 for a few demo 库表 entries: the department's officer reported the period's sheet before the
 * table was mounted (one report a frequency step apart, ending before the entry's last update), so
 * that 数据上报 and its history are not empty on first start. Counts only: the rows are the mount's.
 */
export async function seedDemoReports(tx: Executor, plan: readonly PlannedEntry[], now: Date): Promise<number> {
  const tables = plan.filter((p) => p.def.format === 'table' && p.row.mount).slice(0, ENTRIES);
  const names = new Map(
    (
      await tx
        .select({ orgCode: departs.orgCode, name: departs.departName })
        .from(departs)
        .where(inArray(departs.orgCode, [...new Set(tables.map((p) => p.def.org)), '']))
    ).map((d) => [d.orgCode, d.name]),
  );
  const logs = tables.flatMap(({ def, row, owner }, n) => {
    const last = (row.dataUpdateTime ?? now).getTime();
    return Array.from({ length: REPORTS }, (_, i) => {
      const at = new Date(last - (REPORTS - i) * 30 * DAY - n * 3_600_000);
      const added = 20 + ((n * 7 + i * 13) % 40);
      const replaced = i === 0 ? 0 : 3 + ((n + i) % 5);
      const month = `${at.getUTCFullYear()}年${at.getUTCMonth() + 1}月`;
      return {
        catalogId: row.id,
        mode: 'excel',
        outcome: 'ok',
        rows: added + replaced,
        message: `${def.name}${month}.xlsx：新增 ${added} 行，覆盖 ${replaced} 行，跳过 0 行（覆盖已有记录）`,
        operatorId: owner.id,
        operatorName: owner.realname,
        departName: names.get(def.org) ?? null,
        startedAt: at,
        finishedAt: new Date(at.getTime() + 4_000),
      };
    });
  });
  if (logs.length) await tx.insert(datastoreSyncLogs).values(logs);
  return logs.length;
}
