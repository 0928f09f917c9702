import {
  NONCE_PATTERN,
  OPEN_APP_STATUS,
  OpenApiMessages,
  SIGNATURE_HEADERS,
  SIGNATURE_WINDOW_MS,
  stringToSign,
} from '@odp/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Executor, preparedOnce } from '../../db/client.js';
import { openApps, openGrants, openNonces } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { AppSecrets } from './keys.js';
import { sign, signatureMatches } from './keys.js';

export type OpenAppRow = typeof openApps.$inferSelect;
export type OpenGrantRow = typeof openGrants.$inferSelect;

/**
 * Who calls: nobody (counted by address), an application by its plain key (counted by application,
 * 无条件开放 data only), or an application that proved it holds the secret — by a signature, or by the
 * session of the user who owns it (the 在线调试 panel) — which may also read what it was granted.
 */
export type OpenCaller = { app: OpenAppRow | null; proven: boolean; ip: string };

const unauthorized = (message: string) => new AppError(401, message);

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const value = Array.isArray(v) ? v[0] : v;
  return value === undefined || value === '' ? undefined : value;
}

/** Every open API call with a key reads its application: prepared once (see `preparedOnce`). */
const activeAppStatement = (db: Executor, name: string) =>
  db
    .select()
    .from(openApps)
    .where(and(eq(openApps.appKey, sql.placeholder('appKey')), eq(openApps.status, OPEN_APP_STATUS.active)))
    .prepare(name);

async function activeApp(db: Executor, appKey: string): Promise<OpenAppRow> {
  if (appKey.length > 40) throw unauthorized(OpenApiMessages.keyInvalid);
  const [app] = await preparedOnce(db, 'open_active_app', activeAppStatement).execute({ appKey });
  if (!app) throw unauthorized(OpenApiMessages.keyInvalid);
  return app;
}

export async function resolveCaller(db: Executor, secrets: AppSecrets, req: FastifyRequest): Promise<OpenCaller> {
  const appKey = header(req, SIGNATURE_HEADERS.appKey);
  const timestamp = header(req, SIGNATURE_HEADERS.timestamp);
  const nonce = header(req, SIGNATURE_HEADERS.nonce);
  const signature = header(req, SIGNATURE_HEADERS.signature);
  const ip = req.ip;
  if (!appKey && !timestamp && !nonce && !signature) return { app: null, proven: false, ip };
  if (!appKey) throw unauthorized(OpenApiMessages.signatureIncomplete);
  if (!timestamp && !nonce && !signature) {
    const app = await activeApp(db, appKey);
    // The owner's own session proves the application as a signature would (在线调试).
    return { app, proven: req.actor?.userId === app.userId, ip };
  }
  if (!timestamp || !nonce || !signature) throw unauthorized(OpenApiMessages.signatureIncomplete);
  if (!NONCE_PATTERN.test(nonce)) throw unauthorized(OpenApiMessages.nonceBad);
  const at = /^\d{10,16}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  const now = Date.now();
  if (!Number.isFinite(at) || Math.abs(now - at) > SIGNATURE_WINDOW_MS)
    throw unauthorized(OpenApiMessages.timestampStale);
  const app = await activeApp(db, appKey);
  const raw = req.raw.url ?? '/';
  const q = raw.indexOf('?');
  const text = stringToSign({
    method: req.method,
    path: q < 0 ? raw : raw.slice(0, q),
    query: new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)),
    timestamp,
    nonce,
  });
  if (!signatureMatches(sign(secrets.open(app.secretEnc), text), signature)) {
    throw unauthorized(OpenApiMessages.signatureBad);
  }
  // Only a correctly signed call spends its nonce, so nobody can burn another's nonces.
  const [fresh] = await db
    .insert(openNonces)
    .values({ appId: app.id, nonce, expiresAt: new Date(at + SIGNATURE_WINDOW_MS) })
    .onConflictDoNothing()
    .returning({ nonce: openNonces.nonce });
  if (!fresh) throw unauthorized(OpenApiMessages.replay);
  return { app, proven: true, ip };
}

/** The live grant of an application on a dataset, if any. */
const grantStatement = (db: Executor, name: string) =>
  db
    .select()
    .from(openGrants)
    .where(
      and(
        eq(openGrants.appId, sql.placeholder('appId')),
        eq(openGrants.catalogId, sql.placeholder('catalogId')),
        isNull(openGrants.revokedAt),
        sql`${openGrants.startsAt} <= ${sql.placeholder('now')}`,
        or(isNull(openGrants.endsAt), sql`${openGrants.endsAt} > ${sql.placeholder('now')}`),
      ),
    )
    .limit(1)
    .prepare(name);

export async function grantOf(
  db: Executor,
  appId: string,
  catalogId: string,
  now = new Date(),
): Promise<OpenGrantRow | null> {
  const [grant] = await preparedOnce(db, 'open_grant_of', grantStatement).execute({
    appId,
    catalogId,
    now: now.toISOString(),
  });
  return grant ?? null;
}
