import { PersonalCatalogueInput, PersonalPageQuery } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { removeOwnCollect, removeOwnRating } from '../market/service.js';
import { appliesOf, collectionsOf, downloadsOf, evaluationsOf, submissionsOf, viewsOf } from './repository.js';

const tags = ['个人中心'];
const login = { access: 'login' } as const;

/**
 * The personal centre's records of the signed-in user (`/api/userManage/*`): 我的收藏, 我的评价 and
 * 操作记录. Each answers the caller's own rows only; there is no id of another user to ask for.
 */
export async function personalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  const lists = [
    ['/api/userManage/myCollections', '我的收藏', collectionsOf],
    ['/api/userManage/myEvaluations', '我的评价', evaluationsOf],
    ['/api/userManage/userViewHistory', '浏览记录', viewsOf],
    ['/api/userManage/userDownloadHistory', '下载记录', downloadsOf],
    ['/api/userManage/userApplyHistory', '申请记录', appliesOf],
    ['/api/userManage/userSubmitHistory', '提交记录（发起的审核）', submissionsOf],
  ] as const;
  for (const [url, summary, list] of lists) {
    app.get(url, { config: login, schema: { tags, summary, querystring: PersonalPageQuery } }, async (req) =>
      ok(await list(db, actorOf(req).userId, req.query)),
    );
  }

  app.post(
    '/api/userManage/cancelCollection',
    { config: login, schema: { tags, summary: '取消收藏', body: PersonalCatalogueInput } },
    async (req) => {
      const removed = await removeOwnCollect(db, actorOf(req), req.body.catalogId);
      return ok({ removed }, removed ? '已取消收藏' : '该目录未被收藏');
    },
  );

  app.post(
    '/api/userManage/deleteEvaluation',
    { config: login, schema: { tags, summary: '删除我的评价', body: PersonalCatalogueInput } },
    async (req) => {
      const removed = await removeOwnRating(db, actorOf(req), req.body.catalogId);
      return ok({ removed }, removed ? '评价已删除' : '没有该目录的评价');
    },
  );
}
