import multipart from '@fastify/multipart';
import {
  MAX_UPLOAD_BYTES,
  ReportPerm as P,
  ReportImportQuery,
  ReportLogQuery,
  ReportPageQuery,
  ReportTemplateQuery,
  TableAlertQuery,
  UpdateBadDetailQuery,
  UpdateBadQuery,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { sendAsAttachment } from '../../platform/storage/disposition.js';
import { createStorage } from '../../platform/storage/storage.js';
import { FILE_TYPES } from '../files/formats.js';
import { receiveUpload } from '../files/receive.js';
import { importExcel } from './excel-report.js';
import { reportTarget } from './report-entry.js';
import { reportPage, reportTemplate } from './report-list.js';
import { tableMountService } from './table-mount.js';
import { catalogUpdateBadList, tableAlertList, updateBadDetailList } from './timeliness.js';

const tags = ['数据归集'];

/**
 * 数据归集 › 数据上报 (spec §7.3 `/api/cataLog/pageQuery|updateList`, `/api/datacollection/importExcel|
 * downloadShare`) and the timeliness reports (`/api/IndexPage/tableAlertList|catalogUpdateBadList|
 * updateBadDetailList`). Its own plugin, so that multipart parsing stays with the one upload route.
 */
export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const storage = createStorage(app.deps.config.dataDir);
  const mounts = tableMountService(app.deps.config);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/api/cataLog/pageQuery',
    { config: { access: P.list }, schema: { tags, summary: '数据上报列表（本部门库表目录）', body: ReportPageQuery } },
    async (req) => ok(await reportPage(db, actorOf(req), req.body)),
  );

  app.get(
    '/api/datacollection/downloadShare',
    {
      config: { access: P.list },
      schema: { tags, summary: '下载数据上报模板（表头为目录的信息项）', querystring: ReportTemplateQuery },
    },
    async (req, reply) => {
      const template = await reportTemplate(db, actorOf(req), req.query.dataId);
      return sendAsAttachment(reply, template.fileName, FILE_TYPES.xlsx.mime).send(template.body);
    },
  );

  app.post(
    '/api/datacollection/importExcel',
    {
      config: { access: P.import },
      schema: {
        tags,
        summary: '上报 Excel 数据（multipart，按主键冲突策略写入目录的数据）',
        querystring: ReportImportQuery,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      // Refused before the file is read, so that a refused caller does not send 100 MB for nothing.
      await reportTarget(db, actor, req.query.catalogId);
      const upload = await receiveUpload(req, reply, storage);
      const result = await importExcel(db, actor, { ...req.query, ...upload });
      return ok(result, `${result.fileName}上传成功`);
    },
  );

  app.post(
    '/api/cataLog/updateList',
    { config: { access: P.list }, schema: { tags, summary: '数据上报记录', body: ReportLogQuery } },
    async (req) => ok(await mounts.logs(db, actorOf(req), req.body, 'excel')),
  );

  app.post(
    '/api/IndexPage/tableAlertList',
    { config: { access: P.updateTime }, schema: { tags, summary: '更新时间统计（库表目录）', body: TableAlertQuery } },
    async (req) => ok(await tableAlertList(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/IndexPage/catalogUpdateBadList',
    {
      config: { access: P.overdue },
      schema: { tags, summary: '已发布目录超时统计（按部门与区域）', body: UpdateBadQuery },
    },
    async (req) => ok(await catalogUpdateBadList(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/IndexPage/updateBadDetailList',
    {
      config: { access: P.overdue },
      schema: { tags, summary: '已发布目录超时统计明细（一个部门的目录）', body: UpdateBadDetailQuery },
    },
    async (req) => ok(await updateBadDetailList(db, actorOf(req), req.body)),
  );
}
