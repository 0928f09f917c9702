import multipart from '@fastify/multipart';
import { CatalogueExportInput, IMPORT_MAX_BYTES, CataloguePerm as P } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { AppError, badRequest } from '../../../platform/http/errors.js';
import { attachment, XLSX_MIME } from './columns.js';
import { exportEntries } from './export.js';
import { importEntries } from './import.js';
import { buildTemplate } from './template.js';

const tags = ['数据目录'];
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export async function ioRoutes(fastify: FastifyInstance) {
  // Multipart only for this plugin's routes.
  await fastify.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/cataLog/importTemplate',
    { config: { access: P.import }, schema: { tags, summary: '目录导入模板（.xlsx）' } },
    async (_req, reply) =>
      reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', attachment('目录导入模板.xlsx', 'catalogue-import-template.xlsx'))
        .send(await buildTemplate(db)),
  );

  app.post(
    '/api/cataLog/importExcel',
    {
      config: { access: P.import },
      schema: {
        tags,
        summary: '导入目录（multipart，一个 .xlsx，不超过 10 MB）',
        description: '任何一行有误时不写入任何目录，返回 400，result.errors 为逐行错误 {sheet, row, field, message}。',
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
      const file = await req.file();
      if (!file) throw badRequest('请选择要导入的文件');
      if (!/\.xlsx$/i.test(file.filename)) throw badRequest('只支持导入 .xlsx 文件');
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, '导入文件不能超过 10 MB');
        }
        throw error;
      }
      if (!buffer.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest('文件不是有效的 .xlsx 文件，请使用导入模板');
      const result = await importEntries(db, actorOf(req), { fileName: file.filename.slice(0, 100), buffer });
      return ok(result, `成功导入 ${result.created} 条目录`);
    },
  );

  app.post(
    '/api/cataLog/exportExcel',
    {
      config: { access: P.export },
      schema: { tags, summary: '导出目录（按列表的筛选条件，可选列）', body: CatalogueExportInput },
    },
    async (req, reply) =>
      reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', attachment('数据目录.xlsx', 'catalogue.xlsx'))
        .send(await exportEntries(db, actorOf(req), req.body)),
  );
}
