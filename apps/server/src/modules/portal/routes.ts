import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { indexNum, siteSettings } from './service.js';

const tags = ['门户'];

export async function portalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/IndexPage/indexNum',
    { config: { access: 'public' }, schema: { tags, summary: '门户首页统计数字' } },
    async () => ok(await indexNum(db)),
  );

  app.get(
    '/api/config/site',
    { config: { access: 'public' }, schema: { tags, summary: '站点配置（页脚、主办单位等）' } },
    async () => ok(await siteSettings(db)),
  );
}
