import {
  DomainDeleteInput,
  DomainSaveInput,
  DomainUpdateInput,
  IndexIdInput,
  IndexPageQuery,
  IndexSaveInput,
  IndexUpdateInput,
  AssetMessages as M,
  AssessmentPerm as P,
} from '@odp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { forbidden } from '../../../platform/http/errors.js';
import * as svc from './service.js';

const tags = ['指标管理'];
/** Reading the tree and the indicators also serves 指标开发 and 绩效管理's pickers. */
const READ_PERMS = [P.indexList, P.indexManage, P.indexDevelop, P.manage];
/** Any of the three menus' permissions: access takes one code, so the rest is checked here. */
const READ = {
  access: 'login',
  async check(req: FastifyRequest) {
    if (!READ_PERMS.some((p) => actorOf(req).perms.has(p))) throw forbidden();
  },
};

/** 指标管理 (`/api/asset/domain/*`, `/api/asset/index/*`): the business-domain tree and the indicators. */
export async function assetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/asset/domain/domain_tree',
    { config: { access: READ.access }, preHandler: READ.check, schema: { tags, summary: '业务域树' } },
    async () => ok(await svc.domainTree(db)),
  );
  app.post(
    '/api/asset/domain/save',
    { config: { access: P.indexManage }, schema: { tags, summary: '新增业务域', body: DomainSaveInput } },
    async (req) => ok(await svc.saveDomain(db, actorOf(req), req.body), M.saved),
  );
  app.post(
    '/api/asset/domain/update',
    { config: { access: P.indexManage }, schema: { tags, summary: '编辑业务域', body: DomainUpdateInput } },
    async (req) => ok(await svc.updateDomain(db, actorOf(req), req.body.domainId, req.body), M.saved),
  );
  app.delete(
    '/api/asset/domain/delete',
    { config: { access: P.indexManage }, schema: { tags, summary: '删除业务域', querystring: DomainDeleteInput } },
    async (req) => ok(await svc.deleteDomain(db, actorOf(req), req.query.assetDomainId), M.deleted),
  );

  app.post(
    '/api/asset/index/page',
    {
      config: { access: READ.access },
      preHandler: READ.check,
      schema: { tags, summary: '指标分页', body: IndexPageQuery },
    },
    async (req) => ok(await svc.pageIndexes(db, req.body)),
  );
  app.get(
    '/api/asset/index/list',
    {
      config: { access: READ.access },
      preHandler: READ.check,
      schema: { tags, summary: '指标详情', querystring: IndexIdInput },
    },
    async (req) => ok(await svc.getIndex(db, req.query.assetIndexId)),
  );
  app.get(
    '/api/asset/index/domain_asset_tree',
    {
      config: { access: READ.access },
      preHandler: READ.check,
      schema: { tags, summary: '业务域与指标树（来源指标）' },
    },
    async () => ok(await svc.domainAssetTree(db)),
  );
  app.post(
    '/api/asset/index/save',
    { config: { access: P.indexManage }, schema: { tags, summary: '新增指标', body: IndexSaveInput } },
    async (req) => ok(await svc.saveIndex(db, actorOf(req), req.body), M.saved),
  );
  app.post(
    '/api/asset/index/update',
    { config: { access: P.indexManage }, schema: { tags, summary: '编辑指标（未提交）', body: IndexUpdateInput } },
    async (req) => ok(await svc.updateIndex(db, actorOf(req), req.body.assetIndexId, req.body), M.saved),
  );
  app.post(
    '/api/asset/index/submit',
    { config: { access: P.indexManage }, schema: { tags, summary: '提交指标（提交后不能修改）', body: IndexIdInput } },
    async (req) => ok(await svc.submitIndex(db, actorOf(req), req.body.assetIndexId), M.submitted),
  );
  app.delete(
    '/api/asset/index/delete',
    { config: { access: P.indexManage }, schema: { tags, summary: '删除指标（未提交）', querystring: IndexIdInput } },
    async (req) => ok(await svc.deleteIndex(db, actorOf(req), req.query.assetIndexId), M.deleted),
  );
}
