import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { dataSources, users } from '../../../db/schema/index.js';

export type DataSourceRow = typeof dataSources.$inferSelect;

export async function findDataSource(db: Executor, id: string): Promise<DataSourceRow | null> {
  const [row] = await db.select().from(dataSources).where(eq(dataSources.id, id)).limit(1);
  return row ?? null;
}

export async function userNamesOf(db: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.realname }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function dataNameTaken(db: Executor, orgCode: string, dataName: string, exceptId?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(dataSources)
    .where(
      and(
        eq(dataSources.orgCode, orgCode),
        eq(dataSources.dataName, dataName),
        exceptId ? ne(dataSources.id, exceptId) : undefined,
      ),
    );
  return row.n > 0;
}

/** The picker's options: id, type and name of the sources in a scope. */
export function dataSourceOptions(db: Executor, scope: SQL | undefined) {
  return db
    .select({
      id: dataSources.id,
      databaseType: dataSources.databaseType,
      dataName: dataSources.dataName,
      databaseName: dataSources.databaseName,
      orgCode: dataSources.orgCode,
    })
    .from(dataSources)
    .where(scope)
    .orderBy(asc(dataSources.dataName))
    .limit(1000);
}
