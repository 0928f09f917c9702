import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import { notFound } from '../http/errors.js';

/**
 * Development only: what the `log` providers sent from this instance, so that demos and browser tests
 * need no carrier and no mail server. 404 in production and for a provider without an inbox.
 */
export async function notifyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const inDevelopment = config.env !== 'production';

  app.get(
    '/dev/sms-inbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['开发'],
        summary: '开发用短信收件箱：验证码与短信通知（生产环境 404）',
        querystring: z.object({ mobile: z.string().trim().max(20).optional() }),
      },
    },
    async (req) => {
      const inbox = inDevelopment ? app.notify.sms.inbox?.() : undefined;
      if (!inbox) throw notFound();
      const { mobile } = req.query;
      return ok(mobile ? inbox.filter((m) => m.mobile === mobile) : inbox);
    },
  );

  app.get(
    '/dev/mail-inbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['开发'],
        summary: '开发用邮件收件箱：邮件通知（生产环境 404）',
        querystring: z.object({ to: z.string().trim().max(320).optional() }),
      },
    },
    async (req) => {
      const inbox = inDevelopment ? app.notify.mail.inbox?.() : undefined;
      if (!inbox) throw notFound();
      const { to } = req.query;
      return ok(to ? inbox.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : inbox);
    },
  );
}
