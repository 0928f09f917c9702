import { MarkNoticeReadInput, NoticeByIdQuery, NoticeMessages } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { markNoticeRead, noticeById, noticesOfUser } from './service.js';

const tags = ['系统公告'];

export async function announcementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/annountCement/listByUser',
    { config: { access: 'login' }, schema: { tags, summary: '我的未读通知与系统消息' } },
    async (req) => ok(await noticesOfUser(db, actorOf(req))),
  );

  app.put(
    '/sys/annountCement/editByAnntIdAndUserId',
    { config: { access: 'login' }, schema: { tags, summary: '标记公告为已读', body: MarkNoticeReadInput } },
    async (req) => {
      await markNoticeRead(db, actorOf(req), req.body.anntId);
      return ok(null, NoticeMessages.markedRead);
    },
  );

  app.get(
    '/sys/annountCement/queryById',
    { config: { access: 'login' }, schema: { tags, summary: '公告详情', querystring: NoticeByIdQuery } },
    async (req) => ok(await noticeById(db, actorOf(req), req.query.id)),
  );
}
