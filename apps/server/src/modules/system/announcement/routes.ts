import {
  AnnouncementCreateInput,
  AnnouncementIdInput,
  AnnouncementListQuery,
  AnnouncementUpdateInput,
  MarkNoticeReadInput,
  MyAnnouncementQuery,
  NoticeByIdQuery,
  NoticeMessages,
  Perm,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { registerCrudRoutes } from '../../../platform/resource/routes.js';
import {
  createAnnouncement,
  deleteAnnouncement,
  editAnnouncement,
  listAnnouncements,
  markAllNoticesRead,
  markNoticeRead,
  myAnnouncements,
  noticeById,
  noticesOfUser,
  releaseAnnouncement,
  revokeAnnouncement,
} from './service.js';

const tags = ['系统公告'];

export async function announcementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  // list / add / edit (drafts only) / delete (drafts and revoked only, soft).
  registerCrudRoutes(app, {
    base: '/sys/annountCement',
    label: '公告',
    tags,
    access: {
      list: Perm.announcementList,
      add: Perm.announcementEdit,
      edit: Perm.announcementEdit,
      delete: Perm.announcementDelete,
    },
    schemas: { list: AnnouncementListQuery, create: AnnouncementCreateInput, update: AnnouncementUpdateInput },
    handlers: {
      list: listAnnouncements,
      create: createAnnouncement,
      update: editAnnouncement,
      remove: deleteAnnouncement,
    },
  });

  app.post(
    '/sys/annountCement/doReleaseData',
    {
      config: { access: Perm.announcementRelease },
      schema: { tags, summary: '发布公告（草稿 → 已发布）', body: AnnouncementIdInput },
    },
    async (req) => ok(await releaseAnnouncement(db, actorOf(req), req.body.id), NoticeMessages.released),
  );

  app.post(
    '/sys/annountCement/doReovkeData',
    {
      config: { access: Perm.announcementRelease },
      schema: { tags, summary: '撤销公告（已发布 → 已撤销）', body: AnnouncementIdInput },
    },
    async (req) => ok(await revokeAnnouncement(db, actorOf(req), req.body.id), NoticeMessages.revoked),
  );

  // The header bell: unread counts and the newest unread items per tab.
  app.get(
    '/sys/annountCement/listByUser',
    { config: { access: 'login' }, schema: { tags, summary: '我的未读通知与系统消息（消息铃）' } },
    async (req) => ok(await noticesOfUser(db, actorOf(req))),
  );

  app.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    { config: { access: 'login' }, schema: { tags, summary: '我的公告（分页）', querystring: MyAnnouncementQuery } },
    async (req) => ok(await myAnnouncements(db, actorOf(req), req.query)),
  );

  app.put(
    '/sys/annountCement/editByAnntIdAndUserId',
    { config: { access: 'login' }, schema: { tags, summary: '标记公告为已读', body: MarkNoticeReadInput } },
    async (req) => {
      await markNoticeRead(db, actorOf(req), req.body.anntId);
      return ok(null, NoticeMessages.markedRead);
    },
  );

  app.put(
    '/sys/sysAnnouncementSend/readAll',
    { config: { access: 'login' }, schema: { tags, summary: '全部公告标为已读' } },
    async (req) => ok(await markAllNoticesRead(db, actorOf(req)), NoticeMessages.allRead),
  );

  app.get(
    '/sys/annountCement/queryById',
    { config: { access: 'login' }, schema: { tags, summary: '公告详情', querystring: NoticeByIdQuery } },
    async (req) => ok(await noticeById(db, actorOf(req), req.query.id)),
  );
}
