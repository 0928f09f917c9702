import multipart from '@fastify/multipart';
import { AttachmentIdQuery, AttachmentMessages, AttachmentUploadQuery, MAX_ATTACHMENT_BYTES } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { sendAsAttachment } from '../../platform/storage/disposition.js';
import { createStorage } from '../../platform/storage/storage.js';
import { receiveUpload } from '../files/receive.js';
import { attachmentForReader, saveAttachment } from './service.js';

const tags = ['申请附件'];

/** Application attachments (申请表, 安全承诺书, 资源服务申请表): upload by a signed-in user, download by its readers. */
export async function attachmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const storage = createStorage(app.deps.config.dataDir);
  await app.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 2, parts: 3 } });

  app.post(
    '/api/attachment/upload',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '上传申请附件（PDF、DOC、DOCX、JPG、PNG，按内容校验，最大 10 MB，multipart）',
        querystring: AttachmentUploadQuery,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const upload = await receiveUpload(req, reply, storage).catch((e: unknown) => {
        // The catalogue's upload names its own 100 MB limit; attachments have theirs.
        throw e instanceof AppError && e.status === 413 ? new AppError(413, AttachmentMessages.tooLarge) : e;
      });
      const saved = await saveAttachment(db, storage, actor, {
        purpose: req.query.purpose,
        fileName: upload.fileName,
        tempPath: upload.tempPath,
        sha256: upload.sha256,
      });
      return ok(saved, '上传成功');
    },
  );

  app.get(
    '/api/attachment/download',
    {
      config: { access: 'login' },
      schema: { tags, summary: '下载申请附件（上传人，或可查看引用它的申请的人）', querystring: AttachmentIdQuery },
    },
    async (req, reply) => {
      const file = await attachmentForReader(db, actorOf(req), req.query.id);
      const size = await storage.size(file.storedName).catch(() => {
        throw notFound(AttachmentMessages.lost);
      });
      return sendAsAttachment(reply, file.fileName, file.mimeType, size).send(storage.read(file.storedName));
    },
  );
}
