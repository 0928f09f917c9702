import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  IdmAuthorizeInput,
  IdmIdInput,
  IdmUserQuery,
  isSameSitePath,
  SgSsoInput,
  type SsoErrorCode,
  SsoPerm,
  type SsoProviders,
} from '@odp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { authorizeIdmUser, disableIdmUser, listIdmUsers } from './idm.js';
import { OidcFailure, type OidcFlow, oidcProvider } from './oidc.js';
import { putTicket, takeTicket } from './repository.js';
import {
  exchangeHandoff,
  FLOW_SECONDS,
  issueHandoff,
  myIdentities,
  resolveIdentity,
  sgSsoLogin,
  unbindIdentity,
} from './service.js';

const tags = ['单点登录'];
/** The web page every sign-on ends on (`code`, `result=pending` or `error`). */
const LANDING = '/sso-login';
/** Binds a flow to the browser that started it: a callback from another browser is refused. */
const BIND_COOKIE = 'odp_sso';
const CALLBACK = '/sso/oidc/callback';

const sha = (v: string) => createHash('sha256').update(v).digest('hex');

function cookieOf(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

const landing = (query: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  return `${LANDING}?${q}`;
};

/** 单点登录: OpenID Connect (`/sso/oidc/*`), the sibling system's hand-off, the session hand-over, IDM users, 绑定. */
export async function ssoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { config } = app.deps;
  const oidc = config.oidc ? oidcProvider(config.oidc, config.outboundLookup) : null;
  const secure = config.httpsOnly;

  const redirectUriOf = (req: FastifyRequest) =>
    config.oidc?.redirectUri ??
    `${config.publicUrl ? config.publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.host}`}${config.apiBase}${CALLBACK}`;

  const setBinding = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.header(
      'set-cookie',
      `${BIND_COOKIE}=${value}; Path=${config.apiBase}/sso; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );

  app.get(
    '/sso/providers',
    { config: { access: 'public' }, schema: { tags, summary: '可用的统一身份认证方式' } },
    async () => ok<SsoProviders>({ oidc: oidc ? { name: oidc.name } : null, sgSso: Boolean(config.sgSsoSecret) }),
  );

  app.get(
    '/sso/oidc/start',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '跳转统一身份认证登录',
        querystring: z.object({ redirect: z.string().max(2048).optional(), _t: z.unknown().optional() }),
      },
    },
    async (req, reply) => {
      if (!oidc) return reply.redirect(landing({ error: 'notConfigured' }));
      let started: Awaited<ReturnType<typeof oidc.start>>;
      try {
        started = await oidc.start(redirectUriOf(req));
      } catch (err) {
        req.log.warn({ err }, '统一身份认证发现失败');
        return reply.redirect(landing({ error: 'failed' }));
      }
      const binding = randomBytes(24).toString('base64url');
      const redirect = isSameSitePath(req.query.redirect) ? req.query.redirect : undefined;
      await putTicket(
        db,
        'flow',
        started.state,
        { ...started.flow, binding: sha(binding), redirect },
        new Date(Date.now() + FLOW_SECONDS * 1000),
      );
      setBinding(reply, binding, FLOW_SECONDS);
      return reply.redirect(started.url);
    },
  );

  app.get(
    CALLBACK,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '统一身份认证回调',
        querystring: z.object({ state: z.string().max(512).optional() }).passthrough(),
      },
    },
    async (req, reply) => {
      const fail = (error: SsoErrorCode) => reply.redirect(landing({ error }));
      if (!oidc) return fail('notConfigured');
      const state = req.query.state;
      // The flow is taken (deleted) before anything else: a replayed callback finds nothing.
      const flow = state ? await takeTicket(db, 'flow', state) : null;
      setBinding(reply, '', 0);
      if (!state || !flow) return fail('expired');
      const cookie = cookieOf(req, BIND_COOKIE);
      const expected = Buffer.from(String(flow.binding));
      const given = Buffer.from(cookie ? sha(cookie) : '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return fail('expired');

      const f = flow as unknown as OidcFlow & { redirect?: string };
      const callbackUrl = new URL(f.redirectUri);
      callbackUrl.search = new URL(req.url, 'http://x').search;
      let signOn: Awaited<ReturnType<typeof resolveIdentity>>;
      try {
        const identity = await oidc.finish(callbackUrl, state, f);
        signOn = await resolveIdentity(db, identity, {
          autoProvision: config.oidc?.autoProvision ?? false,
          providerName: oidc.name,
        });
      } catch (err) {
        if (err instanceof OidcFailure) return fail(err.code);
        req.log.warn({ err }, '统一身份认证回调失败');
        return fail('failed');
      }
      if (signOn.kind === 'pending') return reply.redirect(landing({ result: 'pending' }));
      if (signOn.kind === 'refused') return fail(signOn.code);
      const code = await issueHandoff(db, signOn.userId, `${oidc.name}登录成功`);
      return reply.redirect(landing({ code, redirect: f.redirect }));
    },
  );

  app.get(
    '/thirdLogin/getLoginUser/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '以一次性登录码换取登录信息',
        params: z.object({
          token: z
            .string()
            .min(16)
            .max(128)
            .regex(/^[A-Za-z0-9_-]+$/, '登录码格式不正确'),
        }),
      },
    },
    async (req) =>
      ok(await exchangeHandoff(db, req.params.token, { ip: req.ip, userAgent: req.headers['user-agent'] }), '登录成功'),
  );

  app.post(
    '/thirdLogin/sgSso',
    { config: { access: 'public' }, schema: { tags, summary: '业务协同系统单点登录', body: SgSsoInput } },
    async (req) =>
      ok(
        await sgSsoLogin(db, config.sgSsoSecret, req.body.token, { ip: req.ip, userAgent: req.headers['user-agent'] }),
      ),
  );

  app.get(
    '/sso/identity/mine',
    { config: { access: 'login' }, schema: { tags, summary: '我绑定的外部身份' } },
    async (req) => ok(await myIdentities(db, actorOf(req), oidc?.name)),
  );

  app.post(
    '/sso/identity/unbind',
    { config: { access: 'login' }, schema: { tags, summary: '解除绑定外部身份', body: IdmIdInput } },
    async (req) => {
      await unbindIdentity(db, actorOf(req), req.body.id);
      return ok(null, '已解除绑定');
    },
  );

  app.post(
    '/imd/user/queryList',
    { config: { access: SsoPerm.idmList }, schema: { tags, summary: 'IDM用户列表', body: IdmUserQuery } },
    async (req) => ok(await listIdmUsers(db, actorOf(req), req.body)),
  );

  // The spec says PUT, the original client POSTs: both are accepted.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/imd/user/authorization',
      config: { access: SsoPerm.idmAuthorize },
      schema: { tags, summary: 'IDM用户授权', body: IdmAuthorizeInput },
      handler: async (req) => ok(await authorizeIdmUser(db, actorOf(req), req.body), '授权成功'),
    });
  }

  app.post(
    '/imd/user/disable',
    { config: { access: SsoPerm.idmDisable }, schema: { tags, summary: '停用IDM用户', body: IdmIdInput } },
    async (req) => ok(await disableIdmUser(db, actorOf(req), req.body.id), '已停用'),
  );
}
