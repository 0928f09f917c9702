import {
  OpenApplyBindAppInput,
  OpenApplyDecisionInput,
  OpenApplyIdQuery,
  OpenApplyInput,
  OpenApplyListQuery,
  OpenApplyPageQuery,
  OpenApplyRevokeInput,
  OpenApplyTemplateQuery,
  OverdueReportQuery,
  OpenApplyPerm as P,
  UsageReportInput,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { sendAsAttachment } from '../../platform/storage/disposition.js';
import { fileUsageReport, overdueReportList } from './reports.js';
import {
  agreement,
  applyForOpenData,
  bindApp,
  decideOpenApply,
  listForStaff,
  myApplies,
  openApplyDetail,
  revokeOpenApply,
} from './service.js';
import { DOCX_MIME, templateOf } from './templates.js';

const tags = ['开放申请'];

/** 开放申请: a registered user's application for 有条件开放 data, its reviews, the app bound to it and its usage reports. */
export async function openApplyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/openApply/agreement',
    { config: { access: 'public' }, schema: { tags, summary: '开放利用协议（当前版本全文）' } },
    async () => ok(agreement()),
  );

  app.get(
    '/api/openApply/template',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '下载申请材料模板（application 申请表，pledge 安全承诺书）',
        querystring: OpenApplyTemplateQuery,
      },
    },
    async (req, reply) => {
      const { fileName, bytes } = await templateOf(req.query.kind);
      return sendAsAttachment(reply, fileName, DOCX_MIME, bytes.length).send(bytes);
    },
  );

  app.post(
    '/api/openApply/apply',
    {
      config: { access: P.apply },
      schema: { tags, summary: '申请使用有条件开放数据（创建并提交）', body: OpenApplyInput },
    },
    async (req) => ok(await applyForOpenData(db, actorOf(req), req.body), '申请已提交，请等待数据提供部门审核'),
  );

  app.get(
    '/api/openApply/mine',
    { config: { access: P.apply }, schema: { tags, summary: '我的开放申请', querystring: OpenApplyPageQuery } },
    async (req) => ok(await myApplies(db, actorOf(req), req.query)),
  );

  app.get(
    '/api/openApply/detail',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '开放申请详情与流转记录（申请人、数据提供部门、审核员）',
        querystring: OpenApplyIdQuery,
      },
    },
    async (req) => ok(await openApplyDetail(db, actorOf(req), req.query.id)),
  );

  app.post(
    '/api/openApply/list',
    {
      config: { access: P.list },
      schema: { tags, summary: '开放申请列表（本部门数据的申请；审核员看全部）', body: OpenApplyListQuery },
    },
    async (req) => ok(await listForStaff(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/openApply/decide',
    {
      config: { access: P.list },
      schema: {
        tags,
        summary: '审核开放申请（提供部门可收窄字段和结束日期；不通过须填写理由）',
        body: OpenApplyDecisionInput,
      },
    },
    async (req) => ok(await decideOpenApply(db, actorOf(req), req.body), '审核完成'),
  );

  app.post(
    '/api/openApply/revoke',
    {
      config: { access: P.revoke },
      schema: { tags, summary: '撤销授权（立即停止数据访问）', body: OpenApplyRevokeInput },
    },
    async (req) => ok(await revokeOpenApply(db, actorOf(req), req.body), '授权已撤销'),
  );

  app.post(
    '/api/openApply/bindApp',
    {
      config: { access: P.apply },
      schema: { tags, summary: '为已开通的申请绑定（或更换）应用', body: OpenApplyBindAppInput },
    },
    async (req) => ok(await bindApp(db, actorOf(req), req.body), '应用已绑定'),
  );

  app.post(
    '/api/openApply/report',
    { config: { access: P.apply }, schema: { tags, summary: '提交利用情况报告', body: UsageReportInput } },
    async (req) => ok(await fileUsageReport(db, actorOf(req), req.body), '报告已提交'),
  );

  app.get(
    '/api/openApply/overdueReports',
    {
      config: { access: P.list },
      schema: {
        tags,
        summary: '逾期未提交的利用情况报告（本部门数据；审核员看全部）',
        querystring: OverdueReportQuery,
      },
    },
    async (req) => ok(await overdueReportList(db, actorOf(req), req.query)),
  );
}
