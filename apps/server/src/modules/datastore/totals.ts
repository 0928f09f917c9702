import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogues } from '../../db/schema/index.js';

/**
 * totalNum = rows of the entry's live data files and of its mounted table's current copy; the data
 * update time moves when data changed. A copy being synced (not yet named by the mount) and the rows
 * of a hidden or deleted file do not count.
 */
export async function refreshRowTotal(tx: Executor, catalogId: string, dataChanged: boolean) {
  const total = sql`(select coalesce(sum(r.row_count), 0) from ds_resource r
    left join data_catalog_file f on f.id = r.file_id
    where r.catalog_id = ${catalogId}
      and ((r.kind = 'file' and f.deleted_at is null and f.kind = 'data')
        or (r.kind = 'table' and r.id::text = (select c.mount->>'resourceId' from data_catalog c where c.id = ${catalogId}))))`;
  const now = new Date();
  await tx
    .update(catalogues)
    .set(dataChanged ? { totalNum: total, dataUpdateTime: now, updatedAt: now } : { totalNum: total, updatedAt: now })
    .where(sql`${catalogues.id} = ${catalogId}`);
}
