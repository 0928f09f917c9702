import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Messages } from '@odp/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { modules } from './modules/index.js';
import { authPlugin } from './platform/auth/plugin.js';
import { installCompression } from './platform/http/compression.js';
import { fail } from './platform/http/envelope.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { installInputGuard } from './platform/http/input-guard.js';
import { renderPageHtml } from './platform/http/page-data.js';
import { installPathGuard } from './platform/http/path-guard.js';
import { loggerOptions, requestLogController } from './platform/http/request-log.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { notifyPlugin } from './platform/notify/plugin.js';
import { notifyRoutes } from './platform/notify/routes.js';
import { pushPlugin } from './platform/push/plugin.js';
import { pushRoutes } from './platform/push/routes.js';

z.config(z.locales.zhCN());

/** `pushHeartbeatMs` shortens the WebSocket heartbeat in tests (default 20 s). */
export type AppDeps = { config: Config; database: Database; pushHeartbeatMs?: number };

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Builds the HTTP application: external plugins, then the platform, then every module. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    logController: requestLogController(config.apiBase),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);

  await installSecurityHeaders(app, { httpsOnly: config.httpsOnly, frameOrigins: config.navEmbedOrigins });
  await installCompression(app);
  await app.register(swagger, {
    openapi: {
      info: { title: '滨江市公共数据开放平台 API', version: '0.1.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${config.apiBase}/doc` });

  installPathGuard(app);
  installInputGuard(app);
  installErrorHandler(app);
  // Before auth: it hands the token a WebSocket upgrade carries as subprotocol to the auth hook.
  await app.register(pushPlugin, {
    database,
    apiBase: config.apiBase,
    sessionIdleMs: config.sessionIdleMs,
    heartbeatMs: deps.pushHeartbeatMs,
  });
  await app.register(notifyPlugin, { config, database });
  await app.register(authPlugin, { db: database.db, apiBase: config.apiBase, sessionIdleMs: config.sessionIdleMs });

  await app.register(
    async (api) => {
      api.get(
        '/health',
        { config: { access: 'public' }, schema: { tags: ['平台'], summary: '健康检查' } },
        async (_req, reply) => {
          try {
            await database.db.execute('select 1');
            return {
              success: true,
              code: 200,
              message: '运行正常',
              result: { status: 'UP', database: database.kind },
              timestamp: Date.now(),
            };
          } catch {
            return reply.status(503).send(fail(503, '数据库不可用', { status: 'DOWN', database: database.kind }));
          }
        },
      );
      await api.register(pushRoutes);
      await api.register(notifyRoutes);
      for (const register of modules.routes) await api.register(register);
    },
    { prefix: config.apiBase },
  );

  serveWeb(app, config, database.db);
  return app;
}

/**
 * Serves the built web app when there is one; any other GET outside the API falls back to
 * index.html so that client-side routes load. Everything else unmatched is the 404 envelope.
 * The build leaves brotli and gzip copies beside each file (apps/web/scripts/precompress.ts), sent by
 * the visitor's Accept-Encoding. Files under assets/ carry a content hash in their name, so they
 * never change: cached for a year. index.html names the current hashes: revalidated on every visit.
 * A page some module gives first-screen data (`pageData` in its manifest) is index.html with those
 * answers written in (`platform/http/page-data.ts`).
 */
function serveWeb(app: FastifyInstance, config: Config, db: Db) {
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  // Read once: pages with first-screen data (modules' `pageData`) are this template plus their answers.
  const template = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  const assets = path.join(config.webDist, 'assets') + path.sep;
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, sentPath) {
        const filePath = sentPath.replace(/\.(br|gz)$/, '');
        if (filePath.startsWith(assets)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    const isPage = request.method === 'GET' && !url.startsWith(config.apiBase) && !path.extname(url.split('?')[0]);
    if (!hasWeb || !isPage) return reply.status(404).send(fail(404, Messages.notFound));
    const [pathname, search = ''] = url.split('?', 2);
    const providers = modules.pageData.get(pathname);
    if (!providers) return reply.sendFile('index.html');
    const query = new URLSearchParams(search);
    return renderPageHtml(template, providers, { db, apiBase: config.apiBase, query }).then((html) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
    );
  });
}
