import {
  WorkflowDesignMessages as M,
  WorkflowDesignPerm as P,
  WorkflowConfigSaveInput,
  WorkflowSubjectQuery,
  WorkflowVersionQuery,
  WorkflowVersionsQuery,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { workflowDesignService as svc } from './service.js';

const tags = ['流程设计'];

/** 流程设计: the kernel's machines as diagrams, and the versions of what may be configured on them. */
export async function workflowDesignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/api/workflowDesign/list', { config: { access: P.list }, schema: { tags, summary: '流程列表' } }, async () =>
    ok(await svc.list(db)),
  );

  app.get(
    '/api/workflowDesign/detail',
    { config: { access: P.list }, schema: { tags, summary: '流程定义与当前配置', querystring: WorkflowSubjectQuery } },
    async (req) => ok(await svc.detail(db, req.query.subject)),
  );

  app.get(
    '/api/workflowDesign/versions',
    { config: { access: P.list }, schema: { tags, summary: '流程配置版本', querystring: WorkflowVersionsQuery } },
    async (req) => ok(await svc.versions(db, req.query)),
  );

  app.get(
    '/api/workflowDesign/version',
    { config: { access: P.list }, schema: { tags, summary: '查看流程配置版本', querystring: WorkflowVersionQuery } },
    async (req) => ok(await svc.version(db, req.query.subject, req.query.version)),
  );

  app.post(
    '/api/workflowDesign/save',
    { config: { access: P.edit }, schema: { tags, summary: '保存流程配置（新版本）', body: WorkflowConfigSaveInput } },
    async (req) => {
      const saved = await svc.save(db, actorOf(req), req.body);
      return ok(saved, M.saved(saved.version));
    },
  );
}
