import { Constants, DepartListQuery, DepartSearchQuery } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { departIdTree, departsOfUser, departTree, govAreas, searchDeparts } from './service.js';

const tags = ['部门管理'];

export async function departRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/sysDepart/queryTreeList',
    { config: { access: 'login' }, schema: { tags, summary: '部门树' } },
    async () => ok(await departTree(db)),
  );

  // The tree as the data-catalogue and user forms pick a department from it.
  app.get(
    '/sys/sysDepart/queryDeptTreeList',
    { config: { access: 'login' }, schema: { tags, summary: '部门树（表单选择用）' } },
    async () => ok(await departTree(db)),
  );

  app.get(
    '/sys/sysDepart/queryIdTree',
    { config: { access: 'login' }, schema: { tags, summary: '部门树（选择器用）' } },
    async () => ok(await departIdTree(db)),
  );

  app.get(
    '/sys/sysDepart/searchBy',
    { config: { access: 'login' }, schema: { tags, summary: '按名称或编码搜索部门', querystring: DepartSearchQuery } },
    async (req) => ok(await searchDeparts(db, req.query.keyWord)),
  );

  // Public: the portal's county catalogue lists the districts to visitors.
  app.get(
    '/sys/sysDepart/getGovAreaList',
    { config: { access: 'public' }, schema: { tags, summary: '区县列表' } },
    async () => ok(await govAreas(db)),
  );

  app.get(
    '/sys/getDepartList',
    {
      config: { access: 'login', expiredSessionCode: Constants.departListExpiredCode },
      schema: { tags, summary: '用户所属部门', querystring: DepartListQuery },
    },
    async (req) => ok(await departsOfUser(db, actorOf(req), req.query.userName)),
  );
}
