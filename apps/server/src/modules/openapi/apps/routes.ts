import {
  OpenAppCreateInput,
  OpenAppIdInput,
  OpenAppPageQuery,
  OpenAppUpdateInput,
  OpenAppPerm as P,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { appSecrets } from '../keys.js';
import { openAppService } from './service.js';

const tags = ['我的应用'];

/** 我的应用: a signed-in user's applications of the open data API. */
export async function openAppRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const apps = openAppService(appSecrets(app.deps.config));

  app.get(
    '/api/openApp/list',
    { config: { access: P.list }, schema: { tags, summary: '我的应用列表', querystring: OpenAppPageQuery } },
    async (req) => ok(await apps.list(db, actorOf(req), req.query)),
  );
  app.post(
    '/api/openApp/add',
    { config: { access: P.add }, schema: { tags, summary: '创建应用（密钥只在此次返回）', body: OpenAppCreateInput } },
    async (req) => ok(await apps.create(db, actorOf(req), req.body), '应用已创建，请立即保存密钥'),
  );
  app.put(
    '/api/openApp/edit',
    { config: { access: P.edit }, schema: { tags, summary: '编辑应用', body: OpenAppUpdateInput } },
    async (req) => ok(await apps.update(db, actorOf(req), req.body), '修改成功'),
  );
  app.post(
    '/api/openApp/rotate',
    {
      config: { access: P.key },
      schema: { tags, summary: '更换应用密钥（新密钥只在此次返回）', body: OpenAppIdInput },
    },
    async (req) => ok(await apps.rotate(db, actorOf(req), req.body.id), '密钥已更换，请立即保存新密钥'),
  );
  app.post(
    '/api/openApp/revoke',
    { config: { access: P.key }, schema: { tags, summary: '停用应用（不可恢复）', body: OpenAppIdInput } },
    async (req) => {
      await apps.revoke(db, actorOf(req), req.body.id);
      return ok(null, '应用已停用');
    },
  );
}
