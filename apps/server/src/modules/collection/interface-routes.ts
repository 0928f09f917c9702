import {
  InterfaceListQuery,
  InterfaceMountInput,
  InterfacePageQuery,
  InterfaceTarget,
  InterfacePerm as P,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { interfaceMountService } from './interface-mount.js';

const tags = ['数据归集'];

/** 数据归集 › 接口发布 (spec §7.3 `/api/cataLog/pageInterface|interfaceMount|cancelInterfaceMount|syncApi|interfaceMountList`). */
export async function interfaceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const service = interfaceMountService(app.deps.config);

  app.post(
    '/api/cataLog/pageInterface',
    {
      config: { access: P.list },
      schema: { tags, summary: '接口发布列表（本部门的接口目录与挂载状态）', body: InterfacePageQuery },
    },
    async (req) => ok(await service.page(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/cataLog/interfaceMount',
    {
      config: { access: P.mount },
      schema: { tags, summary: '挂载 / 重新挂载接口（登记上游地址、参数与示例）', body: InterfaceMountInput },
    },
    async (req) => ok(await service.mount(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/cataLog/cancelInterfaceMount',
    { config: { access: P.mount }, schema: { tags, summary: '取消接口挂载', body: InterfaceTarget } },
    async (req) => ok(await service.cancel(db, actorOf(req), req.body.catalogId)),
  );

  app.post(
    '/api/cataLog/syncApi',
    {
      config: { access: P.mount },
      schema: { tags, summary: '测试接口：调用一次上游并记录结果', body: InterfaceTarget },
    },
    async (req) => ok(await service.check(db, actorOf(req), req.body.catalogId)),
  );

  app.post(
    '/api/cataLog/interfaceMountList',
    { config: { access: P.list }, schema: { tags, summary: '已挂载的接口（转接口挂载）', body: InterfaceListQuery } },
    async (req) => ok(await service.list(db, actorOf(req), req.body)),
  );
}
