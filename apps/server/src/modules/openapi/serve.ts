import { OpenApiMessages, type OpenQuotaTier } from '@odp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.js';
import { type CallKind, callLog } from './call-log.js';
import { grantOf, type OpenCaller, type OpenGrantRow, resolveCaller } from './caller.js';
import type { OpenEntry } from './datasets.js';
import { appSecrets } from './keys.js';
import { grantQuotaSubject, quotasOf, takeQuota } from './quota.js';

/** What a call answers: the envelope (or CSV), or an upstream's own answer passed through. */
export type Served = {
  body?: unknown;
  rows?: number;
  csv?: boolean;
  raw?: { status: number; contentType: string; body: Buffer };
};

/**
 * Which entry a call is about: its id when the path names it, and how to find it for this caller
 * (404 unless it is public, or the caller's proven application holds a live grant on it).
 */
export type Target = { id: string | null; find: (caller: OpenCaller) => Promise<OpenEntry> };

/** Kinds of call that use an entry's data, and so need a grant on 有条件开放 entries. */
const USES_DATA = new Set<CallKind>(['rows', 'service']);

/**
 * The pipeline every open data API call goes through, whatever it answers (datasets, rows, gateway
 * services): identify the caller (address, plain key or signature) → find the entry → check the
 * entry's open type against the application's grants → let the route check its parameters (a bad
 * call is a 400 before it is counted) → take the quota (X-RateLimit-* headers, 429 beyond it) →
 * run → log the call. One per route plugin; each has its own buffered call log.
 */
export function openApiServer(app: FastifyInstance) {
  const { db } = app.deps.database;
  const secrets = appSecrets(app.deps.config);
  const calls = callLog(db, app.log);
  // OPEN_API_QUOTAS=0: calls are logged but not counted against a quota.
  const counting = app.deps.config.openApiQuotas;
  app.addHook('onClose', async () => {
    await calls.close();
  });

  /** 有条件开放 data needs a proven application with a live grant; other reads are open to all. */
  async function access(caller: OpenCaller, entry: OpenEntry | null, needsGrant: boolean) {
    let grant: OpenGrantRow | null = null;
    if (entry && caller.app && caller.proven) grant = await grantOf(db, caller.app.id, entry.id);
    let tier: OpenQuotaTier = caller.app ? 'registered' : 'anonymous';
    // 有条件开放 data, and data found only through a grant (a department's share of an entry not
    // open to the public), is read with the grant or not at all.
    if (entry && entry.openType !== '1' && needsGrant) {
      if (!caller.app) throw new AppError(401, OpenApiMessages.conditional);
      if (!caller.proven) throw new AppError(403, OpenApiMessages.conditional);
      if (!grant) throw new AppError(403, OpenApiMessages.notGranted);
      tier = 'granted';
    }
    return { grant, tier };
  }

  return async function serve(
    req: FastifyRequest,
    reply: FastifyReply,
    kind: CallKind,
    target: Target | null,
    handle: (ctx: { entry: OpenEntry | null; grant: OpenGrantRow | null }) => Promise<() => Promise<Served>>,
  ) {
    const started = performance.now();
    let appId: string | null = null;
    let catalogId = target?.id ?? null;
    let status = 200;
    let rows = 0;
    try {
      const caller = await resolveCaller(db, secrets, req);
      appId = caller.app?.id ?? null;
      const entry = target ? await target.find(caller) : null;
      catalogId = entry?.id ?? catalogId;
      const { grant, tier } = await access(caller, entry, USES_DATA.has(kind));
      // Bad parameters are answered before the call is counted.
      const run = await handle({ entry, grant });
      if (counting) {
        const quotas = await quotasOf(db);
        // A grant with its own day limit (an open application's) is counted per grant, whichever app holds it.
        const own = tier === 'granted' && grant?.dailyQuota != null ? grant : null;
        const quota = own
          ? await takeQuota(db, grantQuotaSubject(own.id), {
              perSecond: quotas.granted.perSecond,
              perDay: own.dailyQuota ?? quotas.granted.perDay,
            })
          : await takeQuota(db, `${tier}:${caller.app?.id ?? caller.ip}`, quotas[tier]);
        reply.header('X-RateLimit-Limit', quota.limit);
        reply.header('X-RateLimit-Remaining', quota.remaining);
        reply.header('X-RateLimit-Reset', quota.reset);
        if (!quota.allowed) {
          reply.header('Retry-After', quota.retryAfter ?? 1);
          throw new AppError(429, quota.message ?? OpenApiMessages.perSecond);
        }
      }
      const out = await run();
      rows = out.rows ?? 0;
      if (out.raw) {
        status = out.raw.status;
        return reply.code(out.raw.status).type(out.raw.contentType).send(out.raw.body);
      }
      if (out.csv) return reply.type('text/csv; charset=utf-8').send(out.body);
      return out.body;
    } catch (err) {
      status = err instanceof AppError ? err.status : 500;
      throw err;
    } finally {
      calls.record({
        at: new Date(),
        appId,
        catalogId: status === 404 ? null : catalogId,
        kind,
        status,
        latencyMs: Math.round(performance.now() - started),
        rows,
        ip: req.ip.slice(0, 64),
      });
    }
  };
}
