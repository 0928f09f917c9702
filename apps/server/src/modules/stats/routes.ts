import { OPEN_CALL_TREND_DAYS, OPEN_STAT_DIM_LABEL, OpenStatExportQuery } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { sendAsAttachment } from '../../platform/storage/disposition.js';
import { FILE_TYPES } from '../files/formats.js';
import { callTrend } from './calls.js';
import { statsByDepartment, statsByKeyArea, statsWorkbook } from './service.js';

const tags = ['开放统计'];

export async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/openstat/byDepartment',
    { config: { access: 'public' }, schema: { tags, summary: '按数源部门的开放统计' } },
    async () => ok(await statsByDepartment(db)),
  );

  app.get(
    '/api/openstat/byKeyArea',
    { config: { access: 'public' }, schema: { tags, summary: '按重点领域的开放统计' } },
    async () => ok(await statsByKeyArea(db)),
  );

  app.get(
    '/api/openstat/callTrend',
    { config: { access: 'public' }, schema: { tags, summary: `近 ${OPEN_CALL_TREND_DAYS} 天开放接口调用量（按天）` } },
    async () => ok(await callTrend(db)),
  );

  app.get(
    '/api/openstat/export',
    {
      config: { access: 'public' },
      schema: { tags, summary: '导出开放统计（xlsx）', querystring: OpenStatExportQuery },
    },
    async (req, reply) => {
      const bytes = await statsWorkbook(db, req.query.dim);
      const name = `开放统计（按${OPEN_STAT_DIM_LABEL[req.query.dim]}）.xlsx`;
      return sendAsAttachment(reply, name, FILE_TYPES.xlsx.mime, bytes.length).send(bytes);
    },
  );
}
