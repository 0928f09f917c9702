import {
  OPEN_CALL_TREND_DAYS,
  OPEN_STAT_DIM_LABEL,
  OpenStatExportQuery,
  StatisticPerm,
  StatisticQuery,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { sendAsAttachment } from '../../platform/storage/disposition.js';
import { FILE_TYPES } from '../files/formats.js';
import { callTrend } from './calls.js';
import { dailyCounterFor } from './daily.js';
import { openOverview } from './overview.js';
import { statsByDepartment, statsByKeyArea, statsWorkbook } from './service.js';
import { homeStatistics, statisticFileName, statisticTable, statisticWorkbook } from './statistic.js';

const tags = ['开放统计'];

export async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  // Search terms counted since the last write go in before the database closes.
  app.addHook('onClose', () => dailyCounterFor(db).close());

  app.get(
    '/api/openstat/overview',
    {
      config: { access: 'public' },
      schema: { tags, summary: '开放统计总览（资源总览、访问、注册、更新、评分、热词、自评）' },
    },
    async () => ok(await openOverview(db)),
  );

  app.get(
    '/api/statistic/departments',
    {
      config: { access: StatisticPerm.view },
      schema: { tags: ['统计分析'], summary: '各部门统计指标（按月/季/年）', querystring: StatisticQuery },
    },
    async (req) => ok(await statisticTable(db, actorOf(req), req.query)),
  );

  app.get(
    '/api/statistic/export',
    {
      config: { access: StatisticPerm.export },
      schema: { tags: ['统计分析'], summary: '导出各部门统计指标（xlsx）', querystring: StatisticQuery },
    },
    async (req, reply) => {
      const table = await statisticTable(db, actorOf(req), req.query);
      const bytes = await statisticWorkbook(table);
      return sendAsAttachment(reply, statisticFileName(table), FILE_TYPES.xlsx.mime, bytes.length).send(bytes);
    },
  );

  app.get(
    '/api/backgroundhome/statistics',
    { config: { access: StatisticPerm.view }, schema: { tags: ['后台首页'], summary: '后台首页统计（本月）' } },
    async (req) => ok(await homeStatistics(db, actorOf(req))),
  );

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
