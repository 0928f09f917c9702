import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogues } from '../../db/schema/index.js';

/** What a table or interface mount reads of its entry: who owns it, its format and its current mount. */
export async function mountEntryOf(db: Executor, catalogId: string, where?: SQL) {
  const [entry] = await db
    .select({
      id: catalogues.id,
      orgCode: catalogues.orgCode,
      catalogName: catalogues.catalogName,
      dataFormat: catalogues.dataFormat,
      mount: catalogues.mount,
    })
    .from(catalogues)
    .where(and(eq(catalogues.id, catalogId), where));
  return entry ?? null;
}
