import { Constants, LoginInput, Messages, SelectDepartInput, UpdatePasswordInput } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { issueCaptcha } from './captcha.js';
import { slidingWindowLimiter } from './rate-limit.js';
import { currentUserDeparts, login, logout, selectDepart, updatePassword, userPermissions } from './service.js';

const tags = ['登录与会话'];

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  // Per address, on top of the per-account lockout: slows password spraying across many accounts.
  const loginLimiter = slidingWindowLimiter({ limit: app.deps.config.loginRateLimit, windowMs: 60_000 });

  app.get(
    '/sys/randomImage/:checkKey',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '获取验证码图片',
        params: z.object({
          checkKey: z
            .string()
            .min(8)
            .max(64)
            .regex(/^[A-Za-z0-9_-]+$/, '校验码格式不正确'),
        }),
      },
    },
    async (req) => ok(await issueCaptcha(db, req.params.checkKey)),
  );

  app.post(
    '/sys/login',
    { config: { access: 'public' }, schema: { tags, summary: '账号密码登录', body: LoginInput } },
    async (req) => {
      if (!loginLimiter.allow(req.ip)) throw new AppError(429, '请求过于频繁，请稍后再试');
      return ok(await login(db, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }), '登录成功');
    },
  );

  app.post('/sys/logout', { config: { access: 'login' }, schema: { tags, summary: '退出登录' } }, async (req) => {
    await logout(db, actorOf(req));
    return ok(null, '退出登录成功');
  });

  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { access: 'login' }, schema: { tags, summary: '当前用户的菜单与按钮权限' } },
    async (req) => ok(await userPermissions(db, actorOf(req))),
  );

  app.get(
    '/sys/user/getCurrentUserDeparts',
    {
      config: { access: 'login', expiredSessionCode: Constants.departListExpiredCode },
      schema: { tags, summary: '当前用户的部门' },
    },
    async (req) => ok(await currentUserDeparts(db, actorOf(req))),
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/sys/selectDepart',
      config: { access: 'login' },
      schema: { tags, summary: '切换当前部门', body: SelectDepartInput },
      handler: async (req) => ok(await selectDepart(db, actorOf(req), req.body), Messages.switchSuccess),
    });
  }

  app.put(
    '/sys/user/updatePassword',
    { config: { access: 'login' }, schema: { tags, summary: '修改本人密码', body: UpdatePasswordInput } },
    async (req) => {
      await updatePassword(db, actorOf(req), req.body);
      return ok(null, Messages.passwordChanged);
    },
  );
}
