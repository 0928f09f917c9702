import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogues, datastoreResources } from '../../db/schema/index.js';

/**
 * Staged copies a crash left behind. A table mount's full sync and an Excel 数据上报 load their rows
 * into a new `table` resource (`t_<hex>`, named like every copy) in short statements outside any
 * transaction, and only then make it the entry's copy (`mount.resourceId`) or merge it and drop it; a
 * process that dies in between leaves the resource and its table. What tells one apart from a live
 * copy is that no entry's mount names it, so this removes the `table` resources no mount names and
 * unchanged since `cutoff` (their tables go with them, trigger ds_resource_drop). Data files'
 * resources and every entry's current copy are never touched; a copy being made current meanwhile is
 * touched by `claimStaged` in that transaction, and the age is checked again on the row it waited for.
 */
export async function removeLeftoverCopies(ex: Executor, cutoff: Date): Promise<number> {
  const r = datastoreResources;
  const removed = await ex
    .delete(r)
    .where(
      and(
        eq(r.kind, 'table'),
        isNull(r.fileId),
        lt(r.updatedAt, cutoff),
        sql`not exists (select 1 from ${catalogues} c where c.mount->>'resourceId' = ${r.id}::text)`,
      ),
    )
    .returning({ id: r.id });
  return removed.length;
}
