import multipart from '@fastify/multipart';
import {
  CataloguePerm,
  FileDeleteInput,
  FileIdQuery,
  FileListQuery,
  FilePreviewQuery,
  FileUploadQuery,
  MAX_UPLOAD_BYTES,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { notFound } from '../../platform/http/errors.js';
import { sendAsAttachment } from '../../platform/storage/disposition.js';
import { createStorage } from '../../platform/storage/storage.js';
import { receiveUpload } from './receive.js';
import {
  assertCanAttach,
  deleteCatalogueFile,
  listCatalogueFiles,
  originalForStaff,
  previewForStaff,
  uploadCatalogueFile,
} from './service.js';

const tags = ['目录附件'];

export async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const storage = createStorage(app.deps.config.dataDir);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/api/file/upload',
    {
      config: { access: CataloguePerm.edit },
      schema: {
        tags,
        summary: '上传目录附件（数据文件或文档，multipart，最大 100 MB）',
        querystring: FileUploadQuery,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      await assertCanAttach(db, actor, req.query.catalogId);
      const upload = await receiveUpload(req, reply, storage);
      const file = await uploadCatalogueFile(db, storage, actor, {
        catalogId: req.query.catalogId,
        kind: req.query.kind,
        fileName: upload.fileName,
        tempPath: upload.tempPath,
        sha256: upload.sha256,
        signal: upload.signal,
        headerRow: req.query.headerRow,
      });
      return ok(file, '上传成功');
    },
  );

  app.get(
    '/api/file/list',
    { config: { access: 'login' }, schema: { tags, summary: '目录的附件列表', querystring: FileListQuery } },
    async (req) => ok(await listCatalogueFiles(db, actorOf(req), req.query.catalogId)),
  );

  app.post(
    '/api/file/delete',
    {
      config: { access: CataloguePerm.edit },
      schema: { tags, summary: '删除目录附件（可恢复）', body: FileDeleteInput },
    },
    async (req) => {
      await deleteCatalogueFile(db, actorOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/api/file/download',
    {
      config: { access: 'login' },
      schema: { tags, summary: '下载附件原文件（本部门或审核员）', querystring: FileIdQuery },
    },
    async (req, reply) => {
      const file = await originalForStaff(db, actorOf(req), req.query.id);
      const size = await storage.size(file.storedName).catch(() => {
        throw notFound('文件已丢失，请重新上传');
      });
      return sendAsAttachment(reply, file.fileName, file.mimeType, size).send(storage.read(file.storedName));
    },
  );

  app.get(
    '/api/file/preview',
    {
      config: { access: 'login' },
      schema: { tags, summary: '预览数据文件的前若干行（CSV、XLSX 可指定表头所在行）', querystring: FilePreviewQuery },
    },
    async (req) =>
      ok(await previewForStaff(db, storage, actorOf(req), req.query.id, req.query.limit, req.query.headerRow)),
  );
}
