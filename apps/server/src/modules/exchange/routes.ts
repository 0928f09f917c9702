import {
  ExchangeApplyQuery,
  ExchangeDestFieldsInput,
  ExchangeRecordQuery,
  ExchangeTaskIdInput,
  ExchangeTaskInput,
  ExchangePerm as P,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { exchangeService } from './service.js';

const tags = ['交换资源'];

/** 使用数据 › 交换资源 and 使用记录 (next-capabilities §12): `/api/shareData/get*TableFields`, `/api/exchange/task/*`, `/api/config/getList`. */
export async function exchangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const exchange = exchangeService(app.deps.config);

  app.post(
    '/api/shareData/getSourceTableFields',
    {
      config: { access: P.add },
      schema: { tags, summary: '源头表字段（仅授权的信息项）', querystring: ExchangeApplyQuery },
    },
    async (req) => ok(await exchange.sourceFields(db, actorOf(req), req.query.applyId)),
  );

  app.post(
    '/api/shareData/getDestTableFields',
    {
      config: { access: P.add },
      schema: { tags, summary: '目的表字段（本部门的数据源）', body: ExchangeDestFieldsInput },
    },
    async (req) => ok(await exchange.destFields(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/exchange/task/add',
    {
      config: { access: P.add },
      schema: { tags, summary: '新建交换任务（一次性任务随即执行）', body: ExchangeTaskInput },
    },
    async (req) => {
      const added = await exchange.add(db, actorOf(req), req.body);
      return ok(added, added.run ? `交换完成：${added.run.message}` : '交换任务已创建，将按频率定时执行');
    },
  );

  app.post(
    '/api/exchange/task/list',
    { config: { access: P.record }, schema: { tags, summary: '共享申请的交换任务', body: ExchangeApplyQuery } },
    async (req) => ok(await exchange.tasks(db, actorOf(req), req.body.applyId)),
  );

  app.post(
    '/api/exchange/task/run',
    { config: { access: P.run }, schema: { tags, summary: '立即执行交换任务', body: ExchangeTaskIdInput } },
    async (req) => {
      const run = await exchange.runNow(db, actorOf(req), req.body.taskId);
      return ok(run, `交换完成：${run.message}`);
    },
  );

  app.post(
    '/api/exchange/task/stop',
    { config: { access: P.run }, schema: { tags, summary: '停止交换任务', body: ExchangeTaskIdInput } },
    async (req) => ok(await exchange.stop(db, actorOf(req), req.body.taskId), '交换任务已停止'),
  );

  app.post(
    '/api/config/getList',
    {
      config: { access: P.record },
      schema: { tags, summary: '使用记录（交换任务的执行记录）', body: ExchangeRecordQuery },
    },
    async (req) => ok(await exchange.records(db, actorOf(req), req.body)),
  );
}
