import { ForceLogoutInput, Perm } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { forceLogout, onlineUsers, systemInfo } from './service.js';

const tags = ['系统监控'];

/** Monitoring: online users and system information. */
export async function monitorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.deps;

  app.get(
    '/sys/online/list',
    { config: { access: Perm.onlineList }, schema: { tags, summary: '在线用户' } },
    async (req) => ok(await onlineUsers(database.db, actorOf(req), config.sessionIdleMs)),
  );

  app.post(
    '/sys/online/forceLogout',
    { config: { access: Perm.forceLogout }, schema: { tags, summary: '强制退出', body: ForceLogoutInput } },
    async (req) => {
      await forceLogout(database.db, actorOf(req), req.body.sessionId);
      return ok(null, '强制退出成功');
    },
  );

  app.get('/sys/info', { config: { access: Perm.systemInfo }, schema: { tags, summary: '系统信息' } }, async () =>
    ok(await systemInfo(database)),
  );
}
