import {
  NewsIdsInput,
  NewsIdsQuery,
  NewsMessages,
  NewsPageQuery,
  NewsQuickReplyInput,
  NewsReleaseInput,
  NoticeCentreQuery,
  Perm,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { deleteNews, newsPage, noticeCentre, quickReply, readNews, releaseNews, unreadNewsCount } from './service.js';

const tags = ['业务消息'];

/** 业务消息 of the signed-in user (spec §7.3 /api/news); every route works on the caller's own rows only. */
export async function newsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/api/news/page',
    { config: { access: 'login' }, schema: { tags, summary: '我的业务消息（分页）', body: NewsPageQuery } },
    async (req) => ok(await newsPage(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/news/centre',
    {
      config: { access: 'login' },
      schema: { tags, summary: '消息中心：我的公告和业务消息（合并分页）', body: NoticeCentreQuery },
    },
    async (req) => ok(await noticeCentre(db, actorOf(req), req.body)),
  );

  app.put(
    '/api/news/readBatch',
    { config: { access: 'login' }, schema: { tags, summary: '批量标为已读', body: NewsIdsInput } },
    async (req) => ok(await readNews(db, actorOf(req), req.body.ids), NewsMessages.read),
  );

  app.put(
    '/api/news/readAll',
    { config: { access: 'login' }, schema: { tags, summary: '全部标为已读' } },
    async (req) => ok(await readNews(db, actorOf(req), null), NewsMessages.read),
  );

  app.delete(
    '/api/news/deleteBatch',
    { config: { access: 'login' }, schema: { tags, summary: '批量删除', querystring: NewsIdsQuery } },
    async (req) => ok(await deleteNews(db, actorOf(req), req.query.ids), NewsMessages.deleted),
  );

  app.get(
    '/api/news/getUnreadMessageQuantity',
    { config: { access: 'login' }, schema: { tags, summary: '未读业务消息数' } },
    async (req) => ok(await unreadNewsCount(db, actorOf(req))),
  );

  app.post(
    '/api/news/quickReply',
    { config: { access: 'login' }, schema: { tags, summary: '快捷回复消息所涉事项', body: NewsQuickReplyInput } },
    async (req) => ok(await quickReply(db, actorOf(req), req.body), NewsMessages.replied),
  );

  app.post(
    '/api/news/doReleaseData',
    {
      config: { access: Perm.announcementRelease },
      schema: { tags, summary: '向指定用户发送业务消息', body: NewsReleaseInput },
    },
    async (req) => ok(await releaseNews(db, actorOf(req), req.body), NewsMessages.sent),
  );
}
