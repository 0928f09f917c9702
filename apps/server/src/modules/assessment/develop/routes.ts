import {
  CALCULATIONS,
  CalcConfigInput,
  ComputeInput,
  AssessmentPerm as P,
  RunIdInput,
  RunsQuery,
  ValuesQuery,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { badRequest } from '../../../platform/http/errors.js';
import * as svc from './service.js';

const tags = ['指标开发'];

/** 指标开发 (`/api/asset/dev/*`): how indicators are computed, 计算, their values and run history. */
export async function developRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const access = P.indexDevelop;

  app.get(
    '/api/asset/dev/calculations',
    { config: { access }, schema: { tags, summary: '已注册的计算方式' } },
    async () => ok(CALCULATIONS),
  );
  app.post(
    '/api/asset/dev/configure',
    { config: { access }, schema: { tags, summary: '设置指标的计算方式或公式', body: CalcConfigInput } },
    async (req) => ok(await svc.configureCalculation(db, actorOf(req), req.body), svc.DevelopMessages.saved),
  );
  app.post(
    '/api/asset/dev/compute',
    { config: { access }, schema: { tags, summary: '立即计算某一周期的指标值', body: ComputeInput } },
    async (req) => ok(await svc.computeNow(db, actorOf(req), req.body), '计算完成'),
  );
  app.get(
    '/api/asset/dev/values',
    {
      config: { access },
      schema: { tags, summary: '某一周期各部门的指标值（最新一次计算）', querystring: ValuesQuery },
    },
    async (req) => ok(await svc.valuesOf(db, req.query)),
  );
  app.get(
    '/api/asset/dev/runs',
    { config: { access }, schema: { tags, summary: '计算记录', querystring: RunsQuery } },
    async (req) => ok(await svc.pageRuns(db, req.query)),
  );
  app.post(
    '/api/asset/dev/rerun',
    { config: { access }, schema: { tags, summary: '重新执行失败的计算', body: RunIdInput } },
    async (req) => {
      const run = await svc.rerunFailed(db, req.body.runId, actorOf(req).userId);
      if (run.status === 'failed') throw badRequest(`计算失败：${run.message}`, { runId: run.id });
      return ok({ runId: run.id }, '重新执行成功');
    },
  );
}
