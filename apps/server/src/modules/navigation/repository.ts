import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { navApps, navIcons, navLaunchTokens, userProfiles, users } from '../../db/schema/index.js';

export type NavAppRow = typeof navApps.$inferSelect;
export type NavIconRow = typeof navIcons.$inferSelect;

export async function findNavApp(db: Executor, id: string): Promise<NavAppRow | null> {
  const [row] = await db.select().from(navApps).where(eq(navApps.id, id)).limit(1);
  return row ?? null;
}

/** The enabled entries in their order (the public page). */
export function enabledNavApps(db: Executor): Promise<NavAppRow[]> {
  return db
    .select()
    .from(navApps)
    .where(eq(navApps.enabled, true))
    .orderBy(asc(navApps.sortNo), asc(navApps.createdAt));
}

export async function insertIcon(db: Executor, values: typeof navIcons.$inferInsert): Promise<NavIconRow> {
  const [row] = await db.insert(navIcons).values(values).returning();
  return row;
}

export async function findIcon(db: Executor, id: string): Promise<NavIconRow | null> {
  const [row] = await db.select().from(navIcons).where(eq(navIcons.id, id)).limit(1);
  return row ?? null;
}

export async function iconsExist(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: navIcons.id }).from(navIcons).where(inArray(navIcons.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Keeps a token's `jti` until it expires; expired ones are cleared on the way. */
export async function rememberToken(
  db: Executor,
  values: { jti: string; appId: string; userId: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(navLaunchTokens).where(lt(navLaunchTokens.expiresAt, now));
  await db.insert(navLaunchTokens).values(values);
}

/** Takes a live token of the application once: the row is deleted by the statement that finds it. */
export async function takeToken(
  db: Executor,
  jti: string,
  appId: string,
  now: Date,
): Promise<{ userId: string } | null> {
  const [row] = await db
    .delete(navLaunchTokens)
    .where(and(eq(navLaunchTokens.jti, jti), eq(navLaunchTokens.appId, appId), gt(navLaunchTokens.expiresAt, now)))
    .returning({ userId: navLaunchTokens.userId });
  return row ?? null;
}

/** The active account a token names, with its account type. */
export async function tokenUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      realname: users.realname,
      status: users.status,
      orgCode: users.orgCode,
      deletedAt: users.deletedAt,
      accountType: userProfiles.accountType,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
