import multipart from '@fastify/multipart';
import {
  NavigationMessages as M,
  NavAppCreateInput,
  NavAppIdsInput,
  NavAppPageQuery,
  NavAppUpdateInput,
  NavLaunchInput,
  NavTokenVerifyInput,
  NavigationPerm as P,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { registerCrudRoutes } from '../../platform/resource/routes.js';
import { loadSecretKey } from '../../platform/secret/cipher.js';
import { createStorage } from '../../platform/storage/storage.js';
import { slidingWindowLimiter } from '../auth/rate-limit.js';
import { findIcon } from './repository.js';
import { NAV_ICON_MAX_BYTES, navigationService } from './service.js';

const tags = ['功能导航'];
const IconParams = z.object({ id: z.guid('图标编号不正确') });

/** 功能导航: the back office's list, the portal's cards and launches, and the applications' token exchange. */
export async function navigationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { config } = app.deps;
  const storage = createStorage(config.dataDir);
  let key: Buffer | undefined;
  const svc = navigationService({
    apiBase: config.apiBase,
    embedOrigins: config.navEmbedOrigins,
    key: () => {
      key ??= loadSecretKey({
        configured: config.navTokenSecret,
        dataDir: config.dataDir,
        file: 'navigation-token.key',
        setting: 'NAV_TOKEN_SECRET',
      });
      return key;
    },
    now: () => new Date(),
  });
  await app.register(multipart, { limits: { fileSize: NAV_ICON_MAX_BYTES, files: 1, fields: 2, parts: 3 } });

  registerCrudRoutes(app, {
    base: '/api/navigation',
    label: '导航应用',
    tags,
    access: { list: P.list, add: P.edit, edit: P.edit, delete: P.edit },
    schemas: { list: NavAppPageQuery, create: NavAppCreateInput, update: NavAppUpdateInput },
    handlers: svc,
  });

  app.post(
    '/api/navigation/deleteBatch',
    { config: { access: P.edit }, schema: { tags, summary: '批量删除导航应用', body: NavAppIdsInput } },
    async (req) => {
      await svc.removeMany(db, actorOf(req), req.body.ids);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/navigation/icon',
    {
      config: { access: P.edit },
      schema: { tags, summary: '上传导航应用图标（JPG/PNG/WebP，最大 2MB）', consumes: ['multipart/form-data'] },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传图片');
      let bytes: Buffer | null = null;
      try {
        for await (const part of req.parts()) if (part.type === 'file' && !bytes) bytes = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(M.iconTooLarge);
        throw e;
      }
      if (!bytes?.length) throw badRequest('请选择图片');
      return ok(await svc.uploadIcon(db, storage, actorOf(req), bytes), '上传成功');
    },
  );

  app.get(
    '/api/navigation/icon/:id',
    { config: { access: 'public' }, schema: { tags, summary: '导航应用图标', params: IconParams } },
    async (req, reply) => {
      const row = await findIcon(db, req.params.id);
      if (!row) throw notFound('图标不存在');
      return reply
        .header('Content-Type', row.mimeType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=604800, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(storage.read(row.storageKey));
    },
  );

  app.get(
    '/api/navigation/public/list',
    { config: { access: 'public' }, schema: { tags, summary: '功能导航（启用的应用）' } },
    async () => ok(await svc.cards(db)),
  );

  // Public: an entry without login opens for visitors; one needing login answers 401 to them.
  app.post(
    '/api/navigation/launch',
    {
      config: { access: 'public' },
      schema: { tags, summary: '进入导航应用（需登录的应用附带一次性登录令牌）', body: NavLaunchInput },
    },
    async (req) => ok(await svc.launch(db, req.actor ?? null, req.body.id)),
  );

  // Server to server: the application exchanges the token it received for the user.
  const limiter = slidingWindowLimiter({ limit: config.loginRateLimit * 4, windowMs: 60_000 });
  app.post(
    '/api/navigation/token/verify',
    {
      config: { access: 'public' },
      schema: { tags, summary: '外部应用校验登录令牌（一次有效，60 秒内）', body: NavTokenVerifyInput },
    },
    async (req) => {
      if (!limiter.allow(req.ip)) throw new AppError(429, '请求过于频繁，请稍后再试');
      return ok(await svc.verify(db, req.body));
    },
  );
}
