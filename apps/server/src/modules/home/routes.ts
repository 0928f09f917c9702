import { HOME_TREND_MONTHS, MyDataPageQuery } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import {
  dataApply,
  dataCataloging,
  dataCollection,
  dataService,
  dataStatistics,
  myDataPage,
  myProvideService,
  myUseService,
  toDo,
  workOrder,
} from './service.js';

const tags = ['后台首页'];
/** Every figure is the caller department's (the city's for holders of the all-departments permission). */
const config = { access: 'login' } as const;

/**
 * The back-office home page's figures at the spec's addresses (`/api/shareData/*`, `/api/workcatalog/*`,
 * `/api/cataLog/*`, `/api/IndexPage/*`): the home module serves them all, whichever module owns the rest
 * of each prefix.
 */
export async function homeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/shareData/getMyProvideService',
    { config, schema: { tags, summary: '我提供的服务：本部门数据的共享申请（申请中、使用中、已停止）' } },
    async (req) => ok(await myProvideService(db, actorOf(req))),
  );
  app.get(
    '/api/shareData/getMyUseService',
    { config, schema: { tags, summary: '我使用的服务：本部门发起的共享申请（申请中、使用中、已停止）' } },
    async (req) => ok(await myUseService(db, actorOf(req))),
  );
  app.get(
    '/api/shareData/getDataApply',
    { config, schema: { tags, summary: '数据共享：已共享目录、批量数据、服务接口、共享数据量与接口调用' } },
    async (req) => ok(await dataApply(db, actorOf(req))),
  );
  app.get(
    '/api/workcatalog/getToDo',
    { config, schema: { tags, summary: '我的工作：已发起、已处理的工单与已读消息' } },
    async (req) => ok(await toDo(db, actorOf(req))),
  );
  app.get(
    '/api/workcatalog/getWorkOrder',
    { config, schema: { tags, summary: '我的工作：待处理的工单与未读消息' } },
    async (req) => ok(await workOrder(db, actorOf(req))),
  );
  app.get(
    '/api/cataLog/getDataCataloging',
    { config, schema: { tags, summary: '数据编目：已上架目录、库表与接口目录数' } },
    async (req) => ok(await dataCataloging(db, actorOf(req))),
  );
  app.get(
    '/api/cataLog/getDataCollection',
    { config, schema: { tags, summary: '数据归集：已归集目录、目录总数与归集数据量' } },
    async (req) => ok(await dataCollection(db, actorOf(req))),
  );
  app.get(
    '/api/IndexPage/getDataService',
    { config, schema: { tags, summary: `数据服务：近 ${HOME_TREND_MONTHS} 个月每月上架的目录、库表与接口数` } },
    async (req) => ok(await dataService(db, actorOf(req))),
  );
  app.get(
    '/api/IndexPage/getDataStatistics',
    { config, schema: { tags, summary: `数据统计：近 ${HOME_TREND_MONTHS} 个月每月的共享接口调用量与共享数据量` } },
    async (req) => ok(await dataStatistics(db, actorOf(req))),
  );
  app.get(
    '/api/IndexPage/myDataPage',
    { config, schema: { tags, summary: '我的数据目录：本部门已上架的目录（分页）', querystring: MyDataPageQuery } },
    async (req) => ok(await myDataPage(db, actorOf(req), req.query)),
  );
}
