import multipart from '@fastify/multipart';
import {
  ACHIEVEMENT_LIMITS,
  AchievementCollectInput,
  AchievementIdQuery,
  AchievementIdsInput,
  AchievementListQuery,
  AchievementMessages,
  AchievementRateInput,
  AchievementSaveInput,
  AchievementTransitionInput,
  AssociatedDataQuery,
  DatasetAchievementsQuery,
  AchievementPerm as P,
  PublicAchievementQuery,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { createStorage } from '../../platform/storage/storage.js';
import { settle } from '../../platform/workflow/apply.js';
import { findImage } from './repository.js';
import { achievementService, uploadImage } from './service.js';

const tags = ['应用成果'];
const ImageParams = z.object({ id: z.guid('图片编号不正确') });

/**
 * 应用成果 (`/api/achievement/*`): the back office's 成果管理 (a department's own, the bureau's all),
 * the personal centre's 我的成果 (`personal/*`), pictures, and the public list and detail.
 */
export async function achievementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { apiBase, dataDir } = app.deps.config;
  const storage = createStorage(dataDir);
  const svc = achievementService(apiBase);
  await app.register(multipart, { limits: { fileSize: ACHIEVEMENT_LIMITS.imageBytes, files: 1, fields: 2, parts: 3 } });

  // — back office: a department's results (the bureau sees every submitted one) —
  app.get(
    '/api/achievement/list',
    { config: { access: P.list }, schema: { tags, summary: '成果管理列表', querystring: AchievementListQuery } },
    async (req) => ok(await svc.list(db, actorOf(req), req.query, 'department')),
  );
  app.post(
    '/api/achievement/save',
    { config: { access: P.list }, schema: { tags, summary: '保存应用成果（部门）', body: AchievementSaveInput } },
    async (req) => ok((await svc.save(db, actorOf(req), req.body, 'department', false)).id, AchievementMessages.saved),
  );
  app.post(
    '/api/achievement/submitForReview',
    { config: { access: P.list }, schema: { tags, summary: '保存并提交审核（部门）', body: AchievementSaveInput } },
    async (req) =>
      ok((await svc.save(db, actorOf(req), req.body, 'department', true)).id, AchievementMessages.submitted),
  );

  // — personal centre: the caller's own results —
  app.get(
    '/api/achievement/personal/list',
    { config: { access: P.submit }, schema: { tags, summary: '我的成果', querystring: AchievementListQuery } },
    async (req) => ok(await svc.list(db, actorOf(req), req.query, 'personal')),
  );
  app.post(
    '/api/achievement/personal/save',
    { config: { access: P.submit }, schema: { tags, summary: '保存我的成果', body: AchievementSaveInput } },
    async (req) => ok((await svc.save(db, actorOf(req), req.body, 'personal', false)).id, AchievementMessages.saved),
  );
  app.post(
    '/api/achievement/personal/submitForReview',
    {
      config: { access: P.submit },
      schema: { tags, summary: '保存并提交审核（我的成果）', body: AchievementSaveInput },
    },
    async (req) => ok((await svc.save(db, actorOf(req), req.body, 'personal', true)).id, AchievementMessages.submitted),
  );

  // — both sides: one record, its history, transitions —
  app.get(
    '/api/achievement/getAchievementInfo',
    {
      config: { access: P.submit },
      schema: { tags, summary: '应用成果详情（所有者与审核人）', querystring: AchievementIdQuery },
    },
    async (req) => ok(await svc.get(db, actorOf(req), req.query.id)),
  );
  app.get(
    '/api/achievement/logs',
    { config: { access: P.submit }, schema: { tags, summary: '操作日志', querystring: AchievementIdQuery } },
    async (req) => ok(await svc.history(db, actorOf(req), req.query.id)),
  );
  app.post(
    '/api/achievement/transition',
    {
      config: { access: 'login' },
      schema: { tags, summary: '提交审核、撤回、审核通过、驳回、下架、删除', body: AchievementTransitionInput },
    },
    async (req) => {
      const { result, message } = settle(await svc.transition(db, actorOf(req), req.body), '操作成功');
      return ok(result, message);
    },
  );
  app.delete(
    '/api/achievement/deleteAchievement',
    { config: { access: P.submit }, schema: { tags, summary: '删除应用成果', body: AchievementIdsInput } },
    async (req) => {
      const batch = await svc.transition(db, actorOf(req), { ids: req.body, action: 'delete' });
      const { result, message } = settle(batch, AchievementMessages.deleted);
      return ok(result, message);
    },
  );
  app.get(
    '/api/achievement/getAssociatedData',
    {
      config: { access: P.submit },
      schema: { tags, summary: '可关联的数据集（已开放目录）', querystring: AssociatedDataQuery },
    },
    async (req) => {
      const ids = (req.query.ids ?? '').split(',').filter((x) => /^[0-9a-f-]{36}$/i.test(x));
      return ok(await svc.associatedData(db, req.query.catalogName, ids));
    },
  );

  // — pictures —
  app.post(
    '/api/achievement/image',
    {
      config: { access: P.submit },
      schema: {
        tags,
        summary: '上传成果图片（logo、截图、二维码；JPG/PNG/WebP，最大 5MB）',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传图片');
      let bytes: Buffer | null = null;
      try {
        for await (const part of req.parts()) if (part.type === 'file' && !bytes) bytes = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw badRequest(AchievementMessages.imageTooLarge);
        throw e;
      }
      if (!bytes?.length) throw badRequest('请选择图片');
      return ok(await uploadImage(db, storage, actorOf(req), bytes, apiBase), '上传成功');
    },
  );
  app.get(
    '/api/achievement/image/:id',
    { config: { access: 'public' }, schema: { tags, summary: '成果图片', params: ImageParams } },
    async (req, reply) => {
      const row = await findImage(db, req.params.id);
      if (!row) throw notFound('图片不存在');
      return reply
        .header('Content-Type', row.mimeType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=604800, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(storage.read(row.storageKey));
    },
  );

  // — public —
  app.get(
    '/api/achievement/public/page',
    {
      config: { access: 'public' },
      schema: { tags, summary: '应用成果（公开列表）', querystring: PublicAchievementQuery },
    },
    async (req) => ok(await svc.publicPage(db, req.query)),
  );
  app.get(
    '/api/achievement/public/detail',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '应用成果详情（计访问量）',
        querystring: AchievementIdQuery.extend({ counted: z.enum(['0', '1']).optional() }),
      },
    },
    async (req) => ok(await svc.detail(db, req.actor ?? null, req.query.id, req.query.counted !== '1')),
  );
  app.get(
    '/api/achievement/public/byDataset',
    {
      config: { access: 'public' },
      schema: { tags, summary: '使用该数据集的应用成果', querystring: DatasetAchievementsQuery },
    },
    async (req) => ok(await svc.ofDataset(db, req.query.catalogId)),
  );
  app.get(
    '/api/achievement/public/home',
    { config: { access: 'public' }, schema: { tags, summary: '首页应用成果（最新、最热）' } },
    async () => ok(await svc.home(db)),
  );
  app.post(
    '/api/achievement/public/rate',
    {
      config: { access: 'login' },
      schema: { tags, summary: '为应用成果评分（1–5，每人一次，可修改）', body: AchievementRateInput },
    },
    async (req) => ok(await svc.rate(db, actorOf(req), req.body.id, req.body.score), AchievementMessages.rated),
  );
  app.post(
    '/api/achievement/public/collect',
    { config: { access: 'login' }, schema: { tags, summary: '收藏或取消收藏', body: AchievementCollectInput } },
    async (req) => {
      const r = await svc.collect(db, actorOf(req), req.body.id, req.body.collect);
      return ok(r, r.collected ? '已收藏' : '已取消收藏');
    },
  );
}
