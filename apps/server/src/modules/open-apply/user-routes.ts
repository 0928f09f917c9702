import {
  MyServiceIdInput,
  MyServiceIdQuery,
  MyServicesQuery,
  OpenApplyPerm as P,
  TestApiDetailInput,
} from '@odp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { myServices, testApiCall, testApiInfo } from './my-services.js';
import { openApiProbe } from './probe.js';
import { cancelOwnGrant } from './service.js';

const tags = ['个人中心'];

/** The session token the caller came with: 接口测试 calls the open API with it, as 在线调试 does. */
const tokenOf = (req: FastifyRequest) => String(req.headers['x-access-token'] ?? '');

/** 我的服务 of the personal centre (`/api/userManage/*`): granted datasets, 接口测试 and 取消服务. */
export async function userManageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const base = app.deps.config.apiBase;
  const probe = openApiProbe(fastify);

  app.get(
    '/api/userManage/myServicesList',
    {
      config: { access: P.apply },
      schema: { tags, summary: '我的服务（已开通的数据）', querystring: MyServicesQuery },
    },
    async (req) => ok(await myServices(db, actorOf(req), req.query)),
  );

  app.get(
    '/api/userManage/testApi',
    {
      config: { access: P.apply },
      schema: { tags, summary: '接口测试：接口地址、授权字段与今日调用', querystring: MyServiceIdQuery },
    },
    async (req) => ok(await testApiInfo(db, probe, actorOf(req), tokenOf(req), req.query.id, base)),
  );

  app.post(
    '/api/userManage/testApiDetail',
    {
      config: { access: P.apply },
      schema: { tags, summary: '接口测试：用绑定的应用调用一次数据行接口', body: TestApiDetailInput },
    },
    async (req) => ok(await testApiCall(db, probe, actorOf(req), tokenOf(req), req.body)),
  );

  app.post(
    '/api/userManage/endService',
    { config: { access: P.apply }, schema: { tags, summary: '取消服务（立即停止数据访问）', body: MyServiceIdInput } },
    async (req) => {
      await cancelOwnGrant(db, actorOf(req), req.body.id);
      return ok(null, '服务已取消');
    },
  );
}
