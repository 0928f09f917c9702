import { TenantListQuery } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.js';
import { tenantsByIds } from './service.js';

export async function tenantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/tenant/queryList',
    {
      config: { access: 'login' },
      schema: { tags: ['租户管理'], summary: '按编号查询租户', querystring: TenantListQuery },
    },
    async (req) => ok(await tenantsByIds(db, req.query.ids)),
  );
}
