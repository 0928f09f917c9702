import { NotifyMessages as M, NotifySettingsInput } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { notifySettingsOf, saveNotifySettings } from './service.js';

const tags = ['个人中心'];
const login = { access: 'login' } as const;

/** 个人中心 › 消息设置: the signed-in user's own settings only; there is no user id to ask for. */
export async function notifySettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/userManage/notifySettings',
    { config: login, schema: { tags, summary: '消息设置：各类消息是否另以短信、邮件通知' } },
    async (req) => ok(await notifySettingsOf(db, actorOf(req))),
  );

  app.put(
    '/api/userManage/notifySettings',
    { config: login, schema: { tags, summary: '保存消息设置', body: NotifySettingsInput } },
    async (req) => ok(await saveNotifySettings(db, actorOf(req), req.body), M.saved),
  );
}
