import { Messages } from '@odp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, unauthorized } from '../http/errors.js';
import type { Actor } from './actor.js';
import { loadGrants, resolveSession } from './sessions.js';

/** What a route needs: anyone, any signed-in user, or a permission code. Every route must say. */
export type Access = 'public' | 'login' | (string & {});

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface FastifyContextConfig {
    access?: Access;
    /** The envelope code an expired or unknown session gets on this route (spec §8: the department list's 10000001). */
    expiredSessionCode?: number;
  }
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export type AuthOptions = { db: Db; apiBase: string; sessionIdleMs: number };

export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthOptions) => {
    app.decorateRequest('actor', null);

    app.addHook('onRoute', (route) => {
      const declared = route.config?.access;
      if (declared && route.schema) {
        // Shown in the OpenAPI document next to the input schema.
        const need = declared === 'public' ? '公开' : declared === 'login' ? '登录用户' : `权限码 ${declared}`;
        const line = `访问控制：${need}`;
        // GET routes pass here twice (their HEAD twin shares the schema object).
        if (!route.schema.description?.includes(line)) {
          route.schema.description = [route.schema.description, line].filter(Boolean).join('\n\n');
        }
        if (declared !== 'public') route.schema.security = [{ token: [] }];
      }
      if (declared) return;
      // The API documentation is the only thing registered by a third-party plugin under the base path.
      if (route.url.startsWith(`${opts.apiBase}/doc`)) {
        route.config = { ...route.config, access: 'public' };
        return;
      }
      if (!route.url.startsWith(opts.apiBase)) {
        route.config = { ...route.config, access: 'public' };
        return;
      }
      throw new Error(`路由 ${route.method} ${route.url} 未声明访问权限 (config.access)`);
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access) return; // not-found handler
      const token = tokenOf(request);
      if (access === 'public') {
        if (token) request.actor = await actorFor(opts, request, token).catch(() => null);
        return;
      }
      if (!token) throw unauthorized(Messages.unauthorized);
      const actor = await actorFor(opts, request, token, request.routeOptions.config?.expiredSessionCode);
      request.actor = actor;
      if (access !== 'login' && !actor.perms.has(access)) throw forbidden();
    });
  },
  { name: 'odp-auth' },
);

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers['x-access-token'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 200 ? value : null;
}

async function actorFor(
  opts: AuthOptions,
  request: FastifyRequest,
  token: string,
  expiredCode?: number,
): Promise<Actor> {
  const found = await resolveSession(opts.db, token, opts.sessionIdleMs);
  if (found.state !== 'ok') throw new AppError(401, Messages.tokenExpired, null, expiredCode);
  const { perms, roleCodes } = await loadGrants(opts.db, found.user.id);
  const tenantHeader = Number(request.headers.tenant_id ?? 0);
  return {
    userId: found.user.id,
    username: found.user.username,
    realname: found.user.realname,
    orgCode: found.user.orgCode,
    sessionId: found.sessionId,
    tenantId: Number.isInteger(tenantHeader) ? tenantHeader : 0,
    perms,
    roleCodes,
    ip: request.ip,
    request: { method: request.method, url: request.url, startedAt: Date.now() },
  };
}

/** For handlers behind 'login' or a permission: the actor is guaranteed by the hook above. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
