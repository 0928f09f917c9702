import { randomBytes } from 'node:crypto';
import {
  type BoundIdentity,
  IDM_STATUS,
  SG_SSO_ISSUER,
  SSO_ERRORS,
  type SsoErrorCode,
  type SsoOutcome,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { ssoIdentities, users } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/password.js';
import { systemActor } from '../../platform/auth/system-actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { type ClientMeta, signInUser } from '../auth/service.js';
import type { OidcIdentity } from './oidc.js';
import {
  findIdentity,
  grantRoleAndDepart,
  identitiesOfUser,
  identityById,
  isTaken,
  putTicket,
  roleByCode,
  takeTicket,
  userById,
  userByName,
} from './repository.js';
import { SG_TOKEN_REFUSALS, verifySgToken } from './sg-token.js';

/** How long the web has to exchange a hand-off code for its session. */
export const HANDOFF_SECONDS = 60;
/** How long a visitor may take at the provider's sign-in page. */
export const FLOW_SECONDS = 600;

/** A user name the platform accepts (as the user form's account field). */
export const USERNAME = /^[A-Za-z0-9_.@-]{2,64}$/;

export type SignOn = { kind: 'user'; userId: string } | { kind: 'pending' } | { kind: 'refused'; code: SsoErrorCode };

/** A random password nobody knows: an account made for sign-on has no password sign-in until one is set. */
export async function unusablePasswordHash() {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/**
 * Decides who an external identity signs in as, in one transaction with the identity row locked:
 * an authorised identity signs in as its local account; a new identity whose claimed name is a local
 * account's is linked to it; with auto-provisioning a new 注册用户 account is made; otherwise the
 * identity is registered 待授权 for an administrator. Every sighting refreshes its claims.
 */
export async function resolveIdentity(
  db: Db,
  identity: OidcIdentity,
  opts: { autoProvision: boolean; providerName: string },
): Promise<SignOn> {
  // Hashed before the transaction: argon2 takes its time and the row lock should not wait on it.
  const passwordHash = opts.autoProvision ? await unusablePasswordHash() : '';
  return db.transaction(async (tx): Promise<SignOn> => {
    const now = new Date();
    const claims = {
      claimedName: identity.claimedName,
      displayName: identity.displayName,
      email: identity.email,
      phone: identity.phone,
    };
    const existing = await findIdentity(tx, identity.issuer, identity.subject, true);
    if (existing) {
      await tx
        .update(ssoIdentities)
        .set({ ...withoutNulls(claims), lastSeenAt: now, updatedAt: now })
        .where(eq(ssoIdentities.id, existing.id));
      if (existing.status === IDM_STATUS.disabled) return { kind: 'refused', code: 'disabled' };
      if (existing.status === IDM_STATUS.active && existing.userId) {
        const user = await userById(tx, existing.userId);
        if (user) return { kind: 'user', userId: user.id };
      }
      if (existing.status === IDM_STATUS.active) {
        // Its account was deleted: it waits for an administrator again.
        await tx
          .update(ssoIdentities)
          .set({ status: IDM_STATUS.pending, userId: null })
          .where(eq(ssoIdentities.id, existing.id));
      }
      return { kind: 'pending' };
    }

    const system = systemActor([]);
    const local = identity.claimedName ? await userByName(tx, identity.claimedName) : null;
    if (local) {
      const [row] = await tx
        .insert(ssoIdentities)
        .values({
          issuer: identity.issuer,
          subject: identity.subject,
          ...claims,
          status: IDM_STATUS.active,
          userId: local.id,
          authorisedAt: now,
        })
        .returning();
      await logOperation(tx, system, {
        content: `${opts.providerName}身份按账号关联本地用户：${local.username}`,
        operateType: 'ssoLink',
        target: row.id,
      });
      return { kind: 'user', userId: local.id };
    }

    const name = identity.claimedName;
    if (opts.autoProvision && name && USERNAME.test(name)) {
      const role = await roleByCode(tx, 'registered');
      const [user] = await tx
        .insert(users)
        .values({
          username: name,
          realname: identity.displayName ?? name,
          passwordHash,
          email: identity.email && !(await isTaken(tx, 'email', identity.email)) ? identity.email : null,
          phone: identity.phone && !(await isTaken(tx, 'phone', identity.phone)) ? identity.phone : null,
        })
        .returning();
      if (role) await grantRoleAndDepart(tx, user.id, role.id);
      const [row] = await tx
        .insert(ssoIdentities)
        .values({
          issuer: identity.issuer,
          subject: identity.subject,
          ...claims,
          status: IDM_STATUS.active,
          userId: user.id,
          authorisedAt: now,
        })
        .returning();
      await logOperation(tx, system, {
        content: `${opts.providerName}首次登录，自动开通注册用户：${user.username}`,
        operateType: 'ssoProvision',
        target: row.id,
      });
      return { kind: 'user', userId: user.id };
    }

    await tx
      .insert(ssoIdentities)
      .values({ issuer: identity.issuer, subject: identity.subject, ...claims, status: IDM_STATUS.pending });
    return { kind: 'pending' };
  });
}

function withoutNulls<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null)) as Partial<T>;
}

/** A one-time code the web exchanges for the session (the callback's address never carries the session). */
export async function issueHandoff(db: Executor, userId: string, how: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await putTicket(db, 'handoff', code, { userId, how }, new Date(Date.now() + HANDOFF_SECONDS * 1000));
  return code;
}

/** `/thirdLogin/getLoginUser/{code}`: the session of a hand-off code, once. */
export async function exchangeHandoff(db: Db, code: string, meta: ClientMeta) {
  const ticket = await takeTicket(db, 'handoff', code);
  const user = ticket ? await userById(db, String(ticket.userId)) : null;
  if (!ticket || !user) throw badRequest(SSO_ERRORS.expired);
  return signInUser(db, user, meta, String(ticket.how ?? '单点登录成功'));
}

/**
 * `/thirdLogin/sgSso`: the sibling system's signed, short-lived, single-use token (sg-token.ts).
 * A refusal is a Chinese 400 and writes nothing but the token's `jti` once its signature holds.
 */
export async function sgSsoLogin(
  db: Db,
  secret: string | undefined,
  token: string,
  meta: ClientMeta,
): Promise<SsoOutcome> {
  if (!secret) throw badRequest('本平台尚未配置业务协同系统单点登录');
  const check = verifySgToken(secret, token);
  if (!check.ok) throw badRequest(SG_TOKEN_REFUSALS[check.reason]);
  const { payload } = check;
  // exp is at most 60 s away; the jti is kept a little beyond it, as the clock skew allows.
  const fresh = await putTicket(db, 'jti', payload.jti, {}, new Date((payload.exp + 10) * 1000));
  if (!fresh) throw badRequest(SG_TOKEN_REFUSALS.replayed);
  const outcome = await resolveIdentity(
    db,
    {
      issuer: SG_SSO_ISSUER,
      subject: payload.user,
      claimedName: payload.user,
      displayName: payload.name ?? null,
      email: null,
      phone: null,
    },
    { autoProvision: false, providerName: '业务协同系统' },
  );
  if (outcome.kind === 'pending') return { outcome: 'pending' };
  if (outcome.kind === 'refused') throw badRequest(SSO_ERRORS[outcome.code]);
  const user = await userById(db, outcome.userId);
  if (!user) throw badRequest(SSO_ERRORS.failed);
  return { outcome: 'signedIn', login: await signInUser(db, user, meta, '业务协同系统单点登录成功') };
}

/** 绑定: the signed-in user's external identities. */
export async function myIdentities(db: Db, actor: Actor, oidcName: string | undefined): Promise<BoundIdentity[]> {
  const rows = await identitiesOfUser(db, actor.userId);
  return rows.map((r) => ({
    id: r.id,
    providerName: r.issuer === SG_SSO_ISSUER ? '业务协同系统' : (oidcName ?? '统一身份认证'),
    issuer: r.issuer,
    claimedName: r.claimedName,
    displayName: r.displayName,
    email: r.email,
    status: r.status,
    firstSeenTime: r.firstSeenAt.toISOString(),
    lastSeenTime: r.lastSeenAt.toISOString(),
  }));
}

/**
 * 解除绑定: the identity no longer signs in as the user and is 已停用 (else its claimed name would
 * link it again at its next sign-on); an administrator may authorise it again.
 */
export async function unbindIdentity(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const row = await identityById(tx, id, true);
    if (!row || row.userId !== actor.userId) throw notFound('绑定不存在或已解除');
    await tx
      .update(ssoIdentities)
      .set({ status: IDM_STATUS.disabled, userId: null, updatedAt: new Date() })
      .where(eq(ssoIdentities.id, id));
    await logOperation(tx, actor, {
      content: `解除绑定外部身份：${row.claimedName ?? row.subject}（${row.issuer}）`,
      operateType: 'ssoUnbind',
      target: id,
    });
  });
}
