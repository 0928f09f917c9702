import {
  CategoryAddInput,
  CategoryDeleteInput,
  CategoryDirectoryQuery,
  CategoryNodesQuery,
  CategoryUpdateInput,
  CataloguePerm as P,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { addCategory, categoryNodes, directoryIds, editCategory, removeCategory, rootNodeIds } from './service.js';

const tags = ['类目管理'];

export async function categoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  // Public: the portal's left tree. Counts are of entries the public may see.
  app.get(
    '/api/category/getNodes',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '类目树（1 类目，2 部门，3 区县，10 首页四个根）',
        querystring: CategoryNodesQuery,
      },
    },
    async (req) => ok(await categoryNodes(db, req.query.treeItemId, req.query.keyword, 'public')),
  );

  app.get(
    '/api/category/getNodesShare',
    {
      config: { access: 'login' },
      schema: { tags, summary: '类目树（共享，计数为可共享的目录）', querystring: CategoryNodesQuery },
    },
    async (req) => ok(await categoryNodes(db, req.query.treeItemId, req.query.keyword, 'share')),
  );

  app.get(
    '/api/category/getDirectoryId',
    {
      config: { access: 'public' },
      schema: { tags, summary: '某棵类目树的根节点 ID', querystring: CategoryDirectoryQuery },
    },
    async (req) => ok(await directoryIds(db, req.query.treeItemId)),
  );

  app.get(
    '/api/category/getRootNodeId',
    { config: { access: 'public' }, schema: { tags, summary: '四个根节点的 ID' } },
    async () => ok(await rootNodeIds(db)),
  );

  app.post(
    '/api/category/addNodes',
    { config: { access: P.category }, schema: { tags, summary: '新增类目', body: CategoryAddInput } },
    async (req) => ok(await addCategory(db, actorOf(req), req.body), '添加成功'),
  );

  app.post(
    '/api/category/updateNodes',
    { config: { access: P.category }, schema: { tags, summary: '编辑类目', body: CategoryUpdateInput } },
    async (req) => ok(await editCategory(db, actorOf(req), req.body), '修改成功'),
  );

  app.post(
    '/api/category/deleteNodes',
    {
      config: { access: P.category },
      schema: { tags, summary: '删除类目（有目录或子类目时拒绝）', body: CategoryDeleteInput },
    },
    async (req) => {
      await removeCategory(db, actorOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );
}
