import { OpsPerm, OpsRetryInput, OpsRunQuery, OpsTaskAction, OpsTaskQuery } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { forbidden } from '../../platform/http/errors.js';
import { operationsService } from './service.js';

const tags = ['任务运维'];

/** 任务运维 (/OPS): Work lists every background task, Examples their runs. */
export async function operationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const svc = operationsService(app.deps.config);

  // Both pages filter by kind, so either page's permission reads the kinds.
  app.get('/api/ops/kinds', { config: { access: 'login' }, schema: { tags, summary: '任务类别' } }, async (req) => {
    const { perms } = actorOf(req);
    if (!perms.has(OpsPerm.work) && !perms.has(OpsPerm.examples)) throw forbidden();
    return ok(svc.kinds());
  });

  app.get(
    '/api/ops/work/list',
    { config: { access: OpsPerm.work }, schema: { tags, summary: '任务列表', querystring: OpsTaskQuery } },
    async (req) => ok(await svc.tasks(db, req.query)),
  );

  app.get(
    '/api/ops/examples/list',
    { config: { access: OpsPerm.examples }, schema: { tags, summary: '执行记录', querystring: OpsRunQuery } },
    async (req) => ok(await svc.runs(db, req.query)),
  );

  app.post(
    '/api/ops/work/action',
    { config: { access: OpsPerm.operate }, schema: { tags, summary: '立即执行、暂停或恢复任务', body: OpsTaskAction } },
    async (req) => ok(await svc.act(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/ops/examples/retry',
    { config: { access: OpsPerm.operate }, schema: { tags, summary: '重试失败的执行', body: OpsRetryInput } },
    async (req) => ok(await svc.retry(db, actorOf(req), req.body)),
  );
}
