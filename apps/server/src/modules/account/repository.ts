import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { captchas, roles, sessions, smsCodes, userProfiles, userRoles, users } from '../../db/schema/index.js';

export type SmsCodeRow = typeof smsCodes.$inferSelect;
export type ProfileRow = typeof userProfiles.$inferSelect;

const live = isNull(users.deletedAt);

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return Boolean(row);
}

export async function emailTaken(db: Executor, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        live,
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Live accounts holding the number (an administrator may have given two staff one number). */
export function usersByPhone(db: Executor, phone: string) {
  return db
    .select()
    .from(users)
    .where(and(live, eq(users.phone, phone)))
    .limit(2);
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(live, eq(users.id, id)));
  return row ?? null;
}

export async function findProfile(db: Executor, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row ?? null;
}

/** Writes the user's profile row, creating it (个人, 未认证) for accounts that had none. */
export async function upsertProfile(db: Executor, userId: string, values: Partial<typeof userProfiles.$inferInsert>) {
  await db
    .insert(userProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { ...values, updatedAt: new Date() } });
}

export async function isVerified(db: Executor, userId: string): Promise<boolean> {
  const row = await findProfile(db, userId);
  return row?.realNameStatus === 1;
}

export async function roleIdOf(db: Executor, roleCode: string) {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, roleCode));
  return row?.id ?? null;
}

export async function insertUserWithRole(db: Executor, values: typeof users.$inferInsert, roleId: string) {
  const [user] = await db.insert(users).values(values).returning();
  await db.insert(userRoles).values({ userId: user.id, roleId });
  return user;
}

/** Serialises registrations naming the same number or email until the caller's transaction ends. */
export async function lockKeys(db: Executor, keys: string[]) {
  for (const key of [...new Set(keys)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`account:${key}`}))`);
  }
}

// SMS codes

export async function countCodesSince(db: Executor, by: { mobile: string } | { ip: string }, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsCodes)
    .where(
      and('mobile' in by ? eq(smsCodes.mobile, by.mobile) : eq(smsCodes.ip, by.ip), gte(smsCodes.createdAt, since)),
    );
  return row.n;
}

export async function lastCodeFor(db: Executor, mobile: string, purpose: string) {
  const [row] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Ends the number's earlier codes for the purpose and stores the new one: only the newest code is good. */
export async function replaceCode(db: Executor, values: typeof smsCodes.$inferInsert, now: Date) {
  await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.mobile, values.mobile), eq(smsCodes.purpose, values.purpose), isNull(smsCodes.consumedAt)));
  await db.insert(smsCodes).values(values);
}

export async function liveCode(db: Executor, mobile: string, purpose: string, now: Date): Promise<SmsCodeRow | null> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Counts a wrong try; the code dies with the last one allowed. Returns the tries so far. */
export async function countWrongTry(db: Executor, id: string, maxTries: number, now: Date): Promise<number> {
  const [row] = await db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + 1`,
      consumedAt: sql`case when ${smsCodes.attempts} + 1 >= ${maxTries} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ attempts: smsCodes.attempts });
  return row?.attempts ?? maxTries;
}

export async function markVerified(db: Executor, id: string, now: Date) {
  await db.update(smsCodes).set({ verifiedAt: now }).where(eq(smsCodes.id, id));
}

/** Spends a code once: false when another request spent it first. */
export async function spendCode(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}

export async function deleteOldCodes(db: Executor, before: Date) {
  await db.delete(smsCodes).where(sql`${smsCodes.createdAt} < ${before.toISOString()}::timestamptz`);
}

// Sessions

export function liveSessionsOf(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastSeenAt));
}

export async function liveSessionOf(db: Executor, userId: string, sessionId: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row ?? null;
}

export async function avatarOwner(db: Executor, file: string) {
  const [row] = await db
    .select({ userId: userProfiles.userId })
    .from(userProfiles)
    .where(eq(userProfiles.avatarFile, file));
  return row ?? null;
}

/** Development only (`/dev/captcha`): a live captcha's answer, not spent. */
export async function captchaAnswer(db: Executor, checkKey: string) {
  const [row] = await db
    .select({ answer: captchas.answer })
    .from(captchas)
    .where(and(eq(captchas.checkKey, checkKey), gt(captchas.expiresAt, new Date())));
  return row?.answer ?? null;
}
