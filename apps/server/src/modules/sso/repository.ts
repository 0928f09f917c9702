import { createHash } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { departs, roles, ssoIdentities, ssoTickets, userDeparts, userRoles, users } from '../../db/schema/index.js';

export type IdentityRow = typeof ssoIdentities.$inferSelect;
export type TicketKind = 'flow' | 'handoff' | 'jti';

/** Tickets are stored under a hash of what the browser holds: a leaked table gives no usable value. */
const keyOf = (kind: TicketKind, value: string) => createHash('sha256').update(`${kind}:${value}`).digest('hex');

/** Stores a single-use value until `expiresAt`; passed ones are swept on the way. */
export async function putTicket(
  db: Executor,
  kind: TicketKind,
  value: string,
  payload: Record<string, unknown>,
  expiresAt: Date,
): Promise<boolean> {
  await db.delete(ssoTickets).where(lt(ssoTickets.expiresAt, new Date()));
  const rows = await db
    .insert(ssoTickets)
    .values({ key: keyOf(kind, value), kind, payload, expiresAt })
    .onConflictDoNothing()
    .returning({ key: ssoTickets.key });
  return rows.length === 1;
}

/** Takes a live ticket once: the delete is the read, so a second taker finds nothing. */
export async function takeTicket(db: Executor, kind: TicketKind, value: string) {
  const [row] = await db
    .delete(ssoTickets)
    .where(and(eq(ssoTickets.key, keyOf(kind, value)), eq(ssoTickets.kind, kind)))
    .returning();
  if (!row || row.expiresAt <= new Date()) return null;
  return row.payload;
}

export async function findIdentity(db: Executor, issuer: string, subject: string, lock = false) {
  const q = db
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function identityById(db: Executor, id: string, lock = false) {
  const q = db.select().from(ssoIdentities).where(eq(ssoIdentities.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The live (not deleted) local account of a user name. */
export async function userByName(db: Executor, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, sql`${users.deletedAt} is null`));
  return row ?? null;
}

export async function userById(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), sql`${users.deletedAt} is null`));
  return row ?? null;
}

export async function isTaken(db: Executor, column: 'email' | 'phone', value: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users[column], value), sql`${users.deletedAt} is null`))
    .limit(1);
  return Boolean(row);
}

export async function roleByCode(db: Executor, code: string) {
  const [row] = await db.select().from(roles).where(eq(roles.roleCode, code));
  return row ?? null;
}

export async function roleById(db: Executor, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}

export async function departById(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(departs)
    .where(and(eq(departs.id, id), sql`${departs.deletedAt} is null`));
  return row ?? null;
}

/** Adds a role and a department to a user, keeping what they had. */
export async function grantRoleAndDepart(db: Executor, userId: string, roleId: string, departId?: string) {
  await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
  if (departId) await db.insert(userDeparts).values({ userId, departId }).onConflictDoNothing();
}

export async function identitiesOfUser(db: Executor, userId: string) {
  return db
    .select()
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId))
    .orderBy(desc(ssoIdentities.lastSeenAt));
}

export async function usernamesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${users.id} in ${ids}`);
  return new Map(rows.map((r) => [r.id, r.username]));
}
