import {
  DataSourceColumnsInput,
  DataSourceCreateInput,
  DataSourceIdBody,
  DataSourceIdQuery,
  DataSourcePageQuery,
  DataSourceTestInput,
  DataSourceUpdateInput,
  ResourcePerm as P,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { forbidden } from '../../../platform/http/errors.js';
import { dataSourceService } from './service.js';

const tags = ['数据源管理'];

/** 数据源管理 (spec §7.3 `/api/DataSource/*`, `/api/dataBase/listDatabase|testConnect`). */
export async function dataSourceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const sources = dataSourceService(app.deps.config);

  app.post(
    '/api/DataSource/page',
    { config: { access: P.dataSourceList }, schema: { tags, summary: '数据源列表', body: DataSourcePageQuery } },
    async (req) => ok(await sources.list(db, actorOf(req), req.body)),
  );

  app.get(
    '/api/DataSource/getDataSourceById',
    { config: { access: P.dataSourceList }, schema: { tags, summary: '数据源详情', querystring: DataSourceIdQuery } },
    async (req) => ok(await sources.get(db, actorOf(req), req.query.id)),
  );

  app.get(
    '/api/DataSource/getDataSourceList',
    { config: { access: P.dataSourceList }, schema: { tags, summary: '可选的数据源' } },
    async (req) => ok(await sources.options(db, actorOf(req))),
  );

  app.post(
    '/api/DataSource/addDataSource',
    { config: { access: P.dataSourceAdd }, schema: { tags, summary: '新增数据源', body: DataSourceCreateInput } },
    async (req) => ok(await sources.create(db, actorOf(req), req.body), '添加成功'),
  );

  app.post(
    '/api/DataSource/edit',
    { config: { access: P.dataSourceEdit }, schema: { tags, summary: '编辑数据源', body: DataSourceUpdateInput } },
    async (req) => ok(await sources.update(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/api/DataSource/deleteServiceMatters',
    { config: { access: P.dataSourceDelete }, schema: { tags, summary: '删除数据源', querystring: DataSourceIdQuery } },
    async (req) => {
      await sources.remove(db, actorOf(req), [req.query.id]);
      return ok(null, '删除成功');
    },
  );

  // Testing is part of adding or editing: either permission may test.
  app.post(
    '/api/dataBase/testConnect',
    {
      config: { access: 'login' },
      schema: { tags, summary: '测试数据源连接', body: DataSourceTestInput },
    },
    async (req) => {
      const actor = actorOf(req);
      if (!actor.perms.has(P.dataSourceAdd) && !actor.perms.has(P.dataSourceEdit)) throw forbidden();
      return ok(await sources.test(db, actor, req.body), '测试成功');
    },
  );

  app.post(
    '/api/dataBase/listDatabase',
    { config: { access: P.dataSourceList }, schema: { tags, summary: '数据源中的表', body: DataSourceIdBody } },
    async (req) => ok(await sources.tables(db, actorOf(req), req.body.id)),
  );

  app.post(
    '/api/dataBase/listColumns',
    { config: { access: P.dataSourceList }, schema: { tags, summary: '表的字段', body: DataSourceColumnsInput } },
    async (req) => ok(await sources.columns(db, actorOf(req), req.body)),
  );
}
