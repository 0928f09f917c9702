import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import {
  MAX_PICTURE_BYTES,
  Perm,
  PictureFileQuery,
  PictureIdParams,
  PictureIdQuery,
  PictureMessages,
  PictureSequenceInput,
  PictureUploadFields,
} from '@odp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { createStorage } from '../../../platform/storage/storage.js';
import { findPicture, presentPicture } from './repository.js';
import { addPicture, deletePicture, listPictures, reorderPictures } from './service.js';
import { pictureVariant } from './variants.js';

const tags = ['轮播图'];

/** Reads the multipart body: the text fields and the one image, held in memory (at most 5 MB). */
async function readUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Buffer | null }> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传图片');
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (bytes) throw badRequest('一次只能上传一张图片');
        bytes = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(PictureMessages.tooLarge);
    throw e;
  }
  return { fields, bytes };
}

export async function pictureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { apiBase, dataDir } = app.deps.config;
  const storage = createStorage(dataDir);
  const present = (row: Parameters<typeof presentPicture>[0]) => presentPicture(row, apiBase);
  // Registered here as well as in the files module: each is scoped to its own plugin and limits.
  await app.register(multipart, { limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 4, parts: 5 } });

  app.post(
    '/sys/common/picture/upload',
    {
      config: { access: Perm.pictureEdit },
      schema: {
        tags,
        summary: '上传轮播图（multipart：file、title、linkUrl；JPG/PNG/WebP，最大 5MB）',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { fields, bytes } = await readUpload(req);
      const parsed = PictureUploadFields.safeParse(fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '参数不正确');
      if (!bytes || bytes.length === 0) throw badRequest(PictureMessages.noFile);
      return ok(present(await addPicture(db, storage, actor, parsed.data, bytes)), '上传成功');
    },
  );

  // Public: the portal home shows the slideshow to visitors.
  app.post(
    '/sys/common/picture/query',
    { config: { access: 'public' }, schema: { tags, summary: '轮播图（按顺序）' } },
    async () => ok(await listPictures(db, present)),
  );

  app.get(
    '/sys/common/picture/list',
    { config: { access: Perm.pictureList }, schema: { tags, summary: '轮播图管理列表（按顺序）' } },
    async () => ok(await listPictures(db, present)),
  );

  // Public, and cacheable for long: a picture's bytes never change under its id (a new upload is a new id).
  app.get(
    '/sys/common/picture/file/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '轮播图图片（w：按宽度缩放的 WebP 副本）',
        params: PictureIdParams,
        querystring: PictureFileQuery,
      },
    },
    async (req, reply) => {
      const row = await findPicture(db, req.params.id);
      if (!row) throw notFound(PictureMessages.notFound);
      const size = await storage.size(row.storageKey).catch(() => {
        throw notFound(PictureMessages.notFound);
      });
      const { w } = req.query;
      // A picture the decoder cannot size is sent as it is rather than failing the slide.
      const variant = w ? await pictureVariant(storage, row.storageKey, w).catch(() => null) : null;
      const body = variant ? createReadStream(variant) : storage.read(row.storageKey);
      return reply
        .header('Content-Type', variant ? 'image/webp' : row.mimeType)
        .header('Content-Length', String(variant ? (await stat(variant)).size : size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=604800, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(body);
    },
  );

  app.delete(
    '/sys/common/picture/del',
    { config: { access: Perm.pictureEdit }, schema: { tags, summary: '删除轮播图', querystring: PictureIdQuery } },
    async (req) => {
      await deletePicture(db, storage, actorOf(req), req.query.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/sys/common/picture/reset/sequence',
    {
      config: { access: Perm.pictureEdit },
      schema: { tags, summary: '调整轮播图顺序（须包含全部图片）', body: PictureSequenceInput },
    },
    async (req) => {
      await reorderPictures(db, actorOf(req), req.body.ids);
      return ok(null, PictureMessages.orderSaved);
    },
  );
}
