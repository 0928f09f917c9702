import { createHmac } from 'node:crypto';
import {
  CheckOnlyUserInput,
  AccountMessages as M,
  PasswordChangeInput,
  PhoneLoginInput,
  PhoneVerificationInput,
  RegisterInput,
  SmsInput,
} from '@odp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { loadSecretKey } from '../../platform/secret/cipher.js';
import { slidingWindowLimiter } from '../auth/rate-limit.js';
import { createIdentityVerifier } from './identity.js';
import { profileRoutes } from './profile-routes.js';
import { captchaAnswer } from './repository.js';
import type { AccountDeps } from './service.js';
import { checkOnlyUser, passwordChange, phoneLogin, phoneVerification, register, sendSms } from './service.js';

const tags = ['注册与找回密码'];

/**
 * The account calls of visitors (register, SMS codes, password recovery, phone login) and, in
 * `profile-routes.ts`, the signed-in user's own account. The spec's `/auth/register`,
 * `/auth/forge-password` and `/account/sms` answer as the JeecgBoot calls the pages use.
 */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { config } = app.deps;
  const provider = app.notify.sms;
  let codeKey: Buffer | undefined;
  const deps: AccountDeps = {
    sms: {
      provider,
      dailyPerMobile: config.sms.dailyPerMobile,
      dailyPerIp: config.sms.dailyPerIp,
      key: () => {
        codeKey ??= createHmac(
          'sha256',
          loadSecretKey({ configured: config.datasourceSecretKey, dataDir: config.dataDir }),
        )
          .update('sms-code')
          .digest();
        return codeKey;
      },
      now: () => new Date(),
    },
    verifier: createIdentityVerifier(config),
    sessionIdleMs: config.sessionIdleMs,
  };
  // Per client address, as the password login's: bounds guessing codes and probing names.
  const limiter = slidingWindowLimiter({ limit: config.loginRateLimit, windowMs: 60_000 });
  const limited = (req: FastifyRequest) => {
    if (!limiter.allow(req.ip)) throw new AppError(429, M.smsTooFast);
  };
  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

  for (const url of ['/sys/sms', '/account/sms']) {
    app.post(
      url,
      {
        config: { access: 'public' },
        schema: { tags, summary: '发送短信验证码（smsmode 0 登录、1 注册、2 忘记密码、3 更换手机号）', body: SmsInput },
      },
      async (req) => {
        limited(req);
        await sendSms(db, deps, req.body, { ip: req.ip, actor: req.actor ?? undefined });
        return ok(null, M.smsSent);
      },
    );
  }

  app.post(
    '/sys/user/checkOnlyUser',
    {
      config: { access: 'public' },
      schema: { tags, summary: '注册时校验用户名或邮箱是否可用', body: CheckOnlyUserInput },
    },
    async (req) => {
      limited(req);
      return ok(true, await checkOnlyUser(db, req.body));
    },
  );

  for (const url of ['/sys/user/register', '/auth/register']) {
    app.post(
      url,
      { config: { access: 'public' }, schema: { tags, summary: '用户注册（个人 / 法人）', body: RegisterInput } },
      async (req) => {
        limited(req);
        return ok(await register(db, deps, req.body, meta(req)), M.registered);
      },
    );
  }

  app.post(
    '/sys/user/phoneVerification',
    {
      config: { access: 'public' },
      schema: { tags, summary: '忘记密码：手机验证', body: PhoneVerificationInput },
    },
    async (req) => {
      limited(req);
      return ok(await phoneVerification(db, deps, req.body));
    },
  );

  for (const url of ['/sys/user/passwordChange', '/auth/forge-password']) {
    app.post(
      url,
      {
        config: { access: 'public' },
        schema: { tags, summary: '忘记密码：设置新密码（结束该用户的全部会话）', body: PasswordChangeInput },
      },
      async (req) => {
        limited(req);
        await passwordChange(db, deps, req.body, meta(req));
        return ok(null, M.passwordReset);
      },
    );
  }

  app.post(
    '/sys/phoneLogin',
    {
      config: { access: 'public' },
      schema: { tags: ['登录与会话'], summary: '手机号验证码登录', body: PhoneLoginInput },
    },
    async (req) => {
      limited(req);
      return ok(await phoneLogin(db, deps, req.body, meta(req)), M.phoneLoginOk);
    },
  );

  // Development only, like the inbox: the answer of an image captcha, so browser tests can ask for a code.
  app.get(
    '/dev/captcha/:checkKey',
    {
      config: { access: 'public' },
      schema: {
        tags: ['开发'],
        summary: '开发用：图形验证码的答案（生产环境 404）',
        params: z.object({ checkKey: z.string().min(8).max(64) }),
      },
    },
    async (req) => {
      const answer = config.env === 'production' ? null : await captchaAnswer(db, req.params.checkKey);
      if (!answer) throw notFound();
      return ok(answer);
    },
  );

  await app.register(profileRoutes, { deps });
}
