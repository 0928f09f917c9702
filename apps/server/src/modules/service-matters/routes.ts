import { ServiceMatterIdQuery, ServiceMattersFilter, ServiceMattersPageQuery } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { mechanismTree, mechanismTree2, serviceAmount, serviceMatter, serviceMattersPage } from './service.js';

const tags = ['事项主线目录'];

/** A bodiless POST (the original portal's calls often send none) is an empty filter. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

/** Form bodies up to this size; a filter never needs more. */
const FORM_LIMIT = 16 * 1024;

/**
 * `application/x-www-form-urlencoded`, as the original portal posts `sourceUnitList`: a key sent
 * twice (or `key[]`) becomes a list. Registered in this plugin only, so no other route takes forms.
 */
function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const held = out[key];
    if (held === undefined) out[key] = rawKey.endsWith('[]') ? [value] : value;
    else out[key] = Array.isArray(held) ? [...held, value] : [held, value];
  }
  return out;
}

/** 事项主线目录: public, read-only calls over published entries related to government service items. */
export async function serviceMattersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_req, body, done) => done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8'))),
  );

  app.post(
    '/api/ServiceMatters/page',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '事项主线目录检索（实施清单、业务办理项、目录名称、数源部门、筛选、按更新时间排序、分页）',
        body: orEmpty(ServiceMattersPageQuery),
      },
    },
    async (req) => ok(await serviceMattersPage(db, req.body)),
  );

  app.post(
    '/api/ServiceMatters/getMatters',
    {
      config: { access: 'public' },
      schema: { tags, summary: '目录关联的政务服务事项', querystring: ServiceMatterIdQuery },
    },
    async (req) => ok(await serviceMatter(db, req.query.id)),
  );

  app.post(
    '/api/ServiceMatters/mechanismTree',
    { config: { access: 'public' }, schema: { tags, summary: '有事项主线目录的数源部门' } },
    async () => ok(await mechanismTree(db)),
  );

  app.post(
    '/api/ServiceMatters/mechanismTree2',
    { config: { access: 'public' }, schema: { tags, summary: '有事项主线目录的数源部门（按上级部门、区县分组）' } },
    async () => ok(await mechanismTree2(db)),
  );

  app.post(
    '/api/resourceMarket/getServiceAmount',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '事项主线目录筛选项计数（更新周期、是否电子证照、资源类型；可按 sourceUnitList 限定部门）',
        body: orEmpty(ServiceMattersFilter),
      },
    },
    async (req) => ok(await serviceAmount(db, req.body)),
  );
}
