import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { appSystems, catalogues, departs } from '../../../db/schema/index.js';

export type AppSystemRow = typeof appSystems.$inferSelect;

export async function departNamesOf(db: Executor, orgCodes: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(orgCodes)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ orgCode: departs.orgCode, name: departs.departName })
    .from(departs)
    .where(inArray(departs.orgCode, unique));
  return new Map(rows.map((r) => [r.orgCode, r.name]));
}

export async function nameTakenInDepartment(db: Executor, orgCode: string, appName: string, exceptId?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(appSystems)
    .where(
      and(
        eq(appSystems.orgCode, orgCode),
        eq(appSystems.appName, appName),
        exceptId ? ne(appSystems.id, exceptId) : undefined,
      ),
    );
  return row.n > 0;
}

/** Catalogue entries naming a system: same department, `source_system` equal to its name. */
export async function cataloguesUsing(db: Executor, orgCode: string, appName: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(catalogues)
    .where(and(eq(catalogues.orgCode, orgCode), eq(catalogues.sourceSystem, appName)));
  return row.n;
}

export async function findAppSystem(db: Executor, id: string): Promise<AppSystemRow | null> {
  const [row] = await db.select().from(appSystems).where(eq(appSystems.id, id)).limit(1);
  return row ?? null;
}

export async function setAppSystemState(db: Executor, id: string, state: string) {
  const [row] = await db
    .update(appSystems)
    .set({ state, updatedAt: new Date() })
    .where(eq(appSystems.id, id))
    .returning();
  return row;
}

export async function namesInDepartment(db: Executor, orgCode: string): Promise<Set<string>> {
  const rows = await db.select({ appName: appSystems.appName }).from(appSystems).where(eq(appSystems.orgCode, orgCode));
  return new Set(rows.map((r) => r.appName));
}

/** Enabled systems of one department, by name. */
export function enabledSystemsOf(db: Executor, orgCode: string) {
  return db
    .select({ id: appSystems.id, appName: appSystems.appName })
    .from(appSystems)
    .where(and(eq(appSystems.orgCode, orgCode), eq(appSystems.state, '1')))
    .orderBy(asc(appSystems.appName));
}
