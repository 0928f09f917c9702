import { PUSH_PATH, PUSH_PUBLIC_PATH } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/plugin.js';

/**
 * `GET <apiBase>/websocket`: the live-push socket of a signed-in user. The auth hook has already
 * refused upgrades without a live session (the token comes as subprotocol, see plugin.ts).
 */
export async function pushRoutes(api: FastifyInstance) {
  api.get(
    PUSH_PATH,
    { websocket: true, config: { access: 'login' }, schema: { tags: ['平台'], summary: '实时推送 (WebSocket)' } },
    (socket, request) => {
      const actor = actorOf(request);
      api.push.accept(socket, { userId: actor.userId, sessionId: actor.sessionId });
    },
  );

  // Public notices only (the big screen's feed): no session, nothing personal.
  api.get(
    PUSH_PUBLIC_PATH,
    {
      websocket: true,
      config: { access: 'public' },
      schema: { tags: ['平台'], summary: '公开实时推送 (WebSocket，大屏动态)' },
    },
    (socket) => api.push.acceptPublic(socket),
  );
}
