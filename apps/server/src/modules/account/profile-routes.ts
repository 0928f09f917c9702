import { readFile } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import {
  ChangePhoneInput,
  AccountMessages as M,
  MAX_PICTURE_BYTES,
  PictureMessages,
  ProfileUpdateInput,
  RealNameInput,
  SessionIdInput,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { createStorage } from '../../platform/storage/storage.js';
import { sniffPicture } from '../system/picture/sniff.js';
import { avatarOwner } from './repository.js';
import {
  type AccountDeps,
  changePhone,
  endOtherSessions,
  endSession,
  profileOf,
  sessionsOf,
  setAvatar,
  submitRealName,
  updateProfile,
} from './service.js';

const tags = ['个人中心'];

/** An avatar's public name: the uuid of its stored file (`ab/<uuid>.bin`), unguessable and never reused. */
const AvatarParams = z.object({ file: z.string().uuid('头像不存在') });
const storedName = (uuid: string) => `${uuid.slice(0, 2)}/${uuid}.bin`;

/** The signed-in user's own account: 基本信息 (profile, phone, 实名认证, avatar) and 安全 (sessions). */
export async function profileRoutes(fastify: FastifyInstance, opts: { deps: AccountDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { apiBase, dataDir } = app.deps.config;
  const { deps } = opts;
  const storage = createStorage(dataDir);
  await app.register(multipart, { limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/user/info',
    { config: { access: 'login' }, schema: { tags, summary: '我的账号（基本信息）' } },
    async (req) => ok(await profileOf(db, actorOf(req))),
  );

  app.put(
    '/user/info',
    { config: { access: 'login' }, schema: { tags, summary: '修改昵称与邮箱', body: ProfileUpdateInput } },
    async (req) => ok(await updateProfile(db, actorOf(req), req.body), M.profileSaved),
  );

  app.post(
    '/user/changePhone',
    {
      config: { access: 'login' },
      schema: { tags, summary: '更换手机号（新号码的短信验证码，smsmode 3）', body: ChangePhoneInput },
    },
    async (req) => ok(await changePhone(db, deps, actorOf(req), req.body), M.phoneChanged),
  );

  app.post(
    '/user/realName',
    { config: { access: 'login' }, schema: { tags, summary: '实名认证（姓名与身份证号码）', body: RealNameInput } },
    async (req) => {
      const { profile, message } = await submitRealName(db, deps, actorOf(req), req.body);
      return ok(profile, message);
    },
  );

  app.post(
    '/user/avatar',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '上传头像（multipart：file；JPG/PNG/WebP，最大 5MB）',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const actor = actorOf(req);
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传图片');
      let bytes: Buffer | null = null;
      try {
        const part = await req.file();
        bytes = part ? await part.toBuffer() : null;
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(PictureMessages.tooLarge);
        throw e;
      }
      if (!bytes || bytes.length === 0) throw badRequest(PictureMessages.noFile);
      if (!sniffPicture(bytes)) throw badRequest(PictureMessages.typeNotAllowed);
      const file = await storage.put(bytes, 'bin');
      const uuid = file.slice(3, -4);
      let previous: string | null;
      try {
        previous = await setAvatar(db, actor, file, `${apiBase}/user/avatar/${uuid}`);
      } catch (e) {
        await storage.remove(file);
        throw e;
      }
      if (previous) await storage.remove(previous).catch(() => undefined);
      return ok(await profileOf(db, actor), M.avatarSaved);
    },
  );

  // Public, as any picture an <img> shows: the address is the file's own uuid, and a new upload is a new address.
  app.get(
    '/user/avatar/:file',
    { config: { access: 'public' }, schema: { tags, summary: '头像图片', params: AvatarParams } },
    async (req, reply) => {
      const name = storedName(req.params.file);
      if (!(await avatarOwner(db, name))) throw notFound();
      const bytes = await readFile(storage.resolve(name)).catch(() => {
        throw notFound();
      });
      return reply
        .header('Content-Type', sniffPicture(bytes) ?? 'application/octet-stream')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=604800, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );

  app.get(
    '/user/sessions',
    { config: { access: 'login' }, schema: { tags, summary: '我的登录设备（有效会话）' } },
    async (req) => ok(await sessionsOf(db, deps, actorOf(req))),
  );

  app.post(
    '/user/sessions/end',
    { config: { access: 'login' }, schema: { tags, summary: '退出某台设备的登录', body: SessionIdInput } },
    async (req) => {
      await endSession(db, actorOf(req), req.body.id);
      return ok(null, M.sessionEnded);
    },
  );

  app.post(
    '/user/sessions/endOthers',
    { config: { access: 'login' }, schema: { tags, summary: '退出其他设备' } },
    async (req) => {
      await endOtherSessions(db, actorOf(req));
      return ok(null, M.othersEnded);
    },
  );
}
