import multipart from '@fastify/multipart';
import {
  CONTENT_LIMITS,
  ContentFileParams,
  ContentFileQuery,
  ContentIdQuery,
  ContentIdsInput,
  type ContentKind,
  ContentMessages,
  ContentTransitionInput,
  ContentUploadQuery,
  FaqIdQuery,
  FaqListQuery,
  FaqSaveInput,
  FaqUpdateInput,
  InformationIdQuery,
  InformationListQuery,
  InformationSaveInput,
  InformationUpdateInput,
  ContentPerm as P,
  PublicFaqQuery,
  PublicInformationQuery,
  PublicStudyWorldQuery,
  StudyWorldIdQuery,
  StudyWorldListQuery,
  StudyWorldSaveInput,
  StudyWorldUpdateInput,
} from '@odp/contracts';
import { asc } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { roles } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { sendAsAttachment } from '../../platform/storage/disposition.js';
import { createStorage } from '../../platform/storage/storage.js';
import { settle } from '../../platform/workflow/apply.js';
import { receiveUpload } from '../files/receive.js';
import { saveContentFile } from './files.js';
import { findFile } from './repository.js';
import { contentLists } from './resource.js';
import { contentService, GUEST_ROLE, mayReadFile } from './service.js';

const tags = ['内容管理'];

/**
 * 内容管理: 资讯 (`/api/information`), 资料 (`/api/studyWorld`) and 常见问题 (`/api/commonQuestion`) —
 * one table, one publish machine — with their public reads, and the files of all three (`/api/content`).
 */
export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { apiBase, dataDir } = app.deps.config;
  const storage = createStorage(dataDir);
  const svc = contentService(apiBase);
  const lists = contentLists(svc);
  await app.register(multipart, { limits: { fileSize: CONTENT_LIMITS.fileBytes, files: 1, fields: 2, parts: 3 } });

  const transition = (kind: ContentKind) => async (db: Db, actor: Actor, body: ContentTransitionInput) =>
    settle(await svc.transition(db, actor, kind, body), '操作成功');
  const remove = async (kind: ContentKind, actor: Actor, ids: string[]) => {
    const { result, message } = settle(
      await svc.transition(db, actor, kind, { ids, action: 'delete', appointTime: null }),
      ContentMessages.deleted,
    );
    return ok(result, message);
  };
  const savedMessage = (release: string) =>
    release === 'publish'
      ? ContentMessages.published
      : release === 'schedule'
        ? ContentMessages.scheduled
        : ContentMessages.saved;

  // — 资讯: 新闻动态 / 政策法规 —
  app.post(
    '/api/information/page',
    { config: { access: P.list }, schema: { tags, summary: '资讯列表', body: InformationListQuery } },
    async (req) => ok(await lists.information.list(db, actorOf(req), req.body)),
  );
  app.get(
    '/api/information/getInformationInfo',
    { config: { access: P.list }, schema: { tags, summary: '资讯详情', querystring: InformationIdQuery } },
    async (req) => ok(await svc.get(db, 'information', req.query.informationId)),
  );
  app.post(
    '/api/information/save',
    {
      config: { access: P.edit },
      schema: { tags, summary: '新增资讯（保存、立即发布或预约发布）', body: InformationSaveInput },
    },
    async (req) =>
      ok(await svc.save(db, actorOf(req), { kind: 'information', input: req.body }), savedMessage(req.body.release)),
  );
  app.put(
    '/api/information/update',
    { config: { access: P.edit }, schema: { tags, summary: '修改资讯', body: InformationUpdateInput } },
    async (req) =>
      ok(
        await svc.save(db, actorOf(req), { kind: 'information', input: req.body }, req.body.id),
        savedMessage(req.body.release),
      ),
  );
  app.delete(
    '/api/information/deleteInformation',
    { config: { access: P.delete }, schema: { tags, summary: '删除资讯', body: ContentIdsInput } },
    async (req) => remove('information', actorOf(req), req.body),
  );
  app.post(
    '/api/information/transition',
    {
      config: { access: 'login' },
      schema: { tags, summary: '发布、预约发布、取消预约、撤回、置顶、删除资讯', body: ContentTransitionInput },
    },
    async (req) => {
      const { result, message } = await transition('information')(db, actorOf(req), req.body);
      return ok(result, message);
    },
  );
  app.get(
    '/api/information/public/page',
    {
      config: { access: 'public' },
      schema: { tags, summary: '资讯中心列表（已发布）', querystring: PublicInformationQuery },
    },
    async (req) => ok(await svc.publicPage(db, req.actor, 'information', req.query.informationType, req.query)),
  );
  app.get(
    '/api/information/public/detail',
    { config: { access: 'public' }, schema: { tags, summary: '资讯详情（计访问量）', querystring: ContentIdQuery } },
    async (req) => ok(await svc.publicDetail(db, req.actor, req.query.id)),
  );
  app.get(
    '/api/information/public/home',
    { config: { access: 'public' }, schema: { tags, summary: '首页资讯（新闻动态、政策法规、公告通知）' } },
    async () => ok(await svc.home(db)),
  );
  app.get(
    '/api/information/public/notice',
    { config: { access: 'public' }, schema: { tags, summary: '公开的公告通知', querystring: ContentIdQuery } },
    async (req) => ok(await svc.publicNotice(db, req.query.id)),
  );

  // — 资料管理 (学习天地): 帮助文档 / 政策法规 / 数据规范 —
  app.post(
    '/api/studyWorld/page',
    { config: { access: P.list }, schema: { tags, summary: '资料列表', body: StudyWorldListQuery } },
    async (req) => ok(await lists.document.list(db, actorOf(req), req.body)),
  );
  app.get(
    '/api/studyWorld/getStudyWorldInfo',
    { config: { access: P.list }, schema: { tags, summary: '资料详情', querystring: StudyWorldIdQuery } },
    async (req) => ok(await svc.get(db, 'document', req.query.studyWorldId)),
  );
  app.post(
    '/api/studyWorld/save',
    { config: { access: P.edit }, schema: { tags, summary: '新增资料', body: StudyWorldSaveInput } },
    async (req) =>
      ok(await svc.save(db, actorOf(req), { kind: 'document', input: req.body }), savedMessage(req.body.release)),
  );
  app.put(
    '/api/studyWorld/update',
    { config: { access: P.edit }, schema: { tags, summary: '修改资料', body: StudyWorldUpdateInput } },
    async (req) =>
      ok(
        await svc.save(db, actorOf(req), { kind: 'document', input: req.body }, req.body.id),
        savedMessage(req.body.release),
      ),
  );
  app.delete(
    '/api/studyWorld/deleteStudyWorld',
    { config: { access: P.delete }, schema: { tags, summary: '删除资料', body: ContentIdsInput } },
    async (req) => remove('document', actorOf(req), req.body),
  );
  app.post(
    '/api/studyWorld/transition',
    {
      config: { access: 'login' },
      schema: { tags, summary: '发布、撤回、置顶、删除资料', body: ContentTransitionInput },
    },
    async (req) => {
      const { result, message } = await transition('document')(db, actorOf(req), req.body);
      return ok(result, message);
    },
  );
  app.get(
    '/api/studyWorld/getAllRole',
    { config: { access: P.list }, schema: { tags, summary: '发布范围可选的角色' } },
    async () => {
      const rows = await db
        .select({ roleCode: roles.roleCode, roleName: roles.roleName })
        .from(roles)
        .orderBy(asc(roles.createdAt));
      return ok([{ roleCode: GUEST_ROLE, roleName: '访客（未登录）' }, ...rows]);
    },
  );
  app.get(
    '/api/studyWorld/public/page',
    {
      config: { access: 'public' },
      schema: { tags, summary: '资料列表（已发布、按发布范围）', querystring: PublicStudyWorldQuery },
    },
    async (req) => ok(await svc.publicPage(db, req.actor, 'document', req.query.dataManagementType, req.query)),
  );
  app.get(
    '/api/studyWorld/public/file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '资料文件下载或在线预览（inline=1）',
        querystring: ContentIdQuery.extend(ContentFileQuery.shape),
      },
    },
    async (req, reply) => {
      const file = await svc.publicDocument(db, req.actor, req.query.id);
      return sendFile(reply, file, req.query.inline === '1');
    },
  );

  // — 常见问题 —
  app.post(
    '/api/commonQuestion/questionList',
    { config: { access: P.list }, schema: { tags, summary: '常见问题列表', body: FaqListQuery } },
    async (req) => ok(await lists.faq.list(db, actorOf(req), req.body)),
  );
  app.get(
    '/api/commonQuestion/getQuestionById',
    { config: { access: P.list }, schema: { tags, summary: '常见问题详情', querystring: FaqIdQuery } },
    async (req) => ok(await svc.get(db, 'faq', req.query.id)),
  );
  app.post(
    '/api/commonQuestion/save',
    { config: { access: P.edit }, schema: { tags, summary: '新增常见问题（保存或上架）', body: FaqSaveInput } },
    async (req) =>
      ok(await svc.save(db, actorOf(req), { kind: 'faq', input: req.body }), savedMessage(req.body.release)),
  );
  app.put(
    '/api/commonQuestion/update',
    { config: { access: P.edit }, schema: { tags, summary: '修改常见问题', body: FaqUpdateInput } },
    async (req) =>
      ok(
        await svc.save(db, actorOf(req), { kind: 'faq', input: req.body }, req.body.id),
        savedMessage(req.body.release),
      ),
  );
  app.delete(
    '/api/commonQuestion/delQuestion',
    { config: { access: P.delete }, schema: { tags, summary: '删除常见问题', querystring: FaqIdQuery } },
    async (req) => remove('faq', actorOf(req), [req.query.id]),
  );
  app.delete(
    '/api/commonQuestion/delQuestionBatch',
    { config: { access: P.delete }, schema: { tags, summary: '批量删除常见问题', body: ContentIdsInput } },
    async (req) => remove('faq', actorOf(req), req.body),
  );
  app.post(
    '/api/commonQuestion/transition',
    {
      config: { access: 'login' },
      schema: { tags, summary: '上架、下架、置顶、删除常见问题', body: ContentTransitionInput },
    },
    async (req) => {
      const { result, message } = await transition('faq')(db, actorOf(req), req.body);
      return ok(result, message);
    },
  );
  app.get(
    '/api/commonQuestion/public/list',
    {
      config: { access: 'public' },
      schema: { tags, summary: '帮助中心常见问题（已上架）', querystring: PublicFaqQuery },
    },
    async (req) => ok(await svc.publicFaqs(db, req.query)),
  );

  // — files of all kinds —
  app.post(
    '/api/content/upload',
    {
      config: { access: P.edit },
      schema: {
        tags,
        summary: '上传内容图片、附件或资料文件（按内容校验，最大 20 MB，multipart）',
        querystring: ContentUploadQuery,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const upload = await receiveUpload(req, reply, storage).catch((e: unknown) => {
        throw e instanceof AppError && e.status === 413 ? new AppError(413, '文件不能超过 20 MB') : e;
      });
      const saved = await saveContentFile(db, storage, actorOf(req), apiBase, {
        purpose: req.query.purpose,
        fileName: upload.fileName,
        tempPath: upload.tempPath,
      });
      return ok(saved, '上传成功');
    },
  );
  app.get(
    '/api/content/file/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '内容图片、附件（inline=1 在线预览 PDF）',
        params: ContentFileParams,
        querystring: ContentFileQuery,
      },
    },
    async (req, reply) => {
      const file = await findFile(db, req.params.id);
      if (!file || !(await mayReadFile(db, req.actor, file))) throw notFound(ContentMessages.fileNotFound);
      return sendFile(reply, file, file.purpose === 'image' || req.query.inline === '1');
    },
  );

  /** Pictures and PDFs may be shown in the browser; everything else is a download. */
  async function sendFile(
    reply: FastifyReply,
    file: { fileName: string; storedName: string; mimeType: string },
    inline: boolean,
  ) {
    const size = await storage.size(file.storedName).catch(() => {
      throw notFound(ContentMessages.fileLost);
    });
    sendAsAttachment(reply, file.fileName, file.mimeType, size);
    const showable = file.mimeType === 'application/pdf' || file.mimeType.startsWith('image/');
    if (inline && showable) {
      const disposition = String(reply.getHeader('Content-Disposition')).replace(/^attachment/, 'inline');
      reply.header('Content-Disposition', disposition);
    }
    return reply.send(storage.read(file.storedName));
  }
}
