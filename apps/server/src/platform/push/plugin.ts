import websocket from '@fastify/websocket';
import { PUSH_HEARTBEAT_MS, PUSH_PATH, PUSH_PROTOCOL } from '@odp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { createPushHub, type PushHub } from './hub.js';

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface FastifyInstance {
    push: PushHub;
  }
}

export type PushOptions = {
  database: Database;
  apiBase: string;
  sessionIdleMs: number;
  /** How often sockets are pinged and sessions re-checked; tests shorten it. */
  heartbeatMs?: number;
};

/**
 * The WebSocket transport and this instance's push hub. Registered BEFORE the auth plugin: its
 * request hook hands the token a browser sent as subprotocol to the auth hook as the usual
 * X-Access-Token, so that the push route declares `access: 'login'` and upgrades are checked by the
 * same session rules as HTTP, and refused with 401 before any upgrade.
 */
export const pushPlugin = fp(
  async (app: FastifyInstance, opts: PushOptions) => {
    await app.register(websocket, {
      options: {
        // Browsers only ever send heartbeats.
        maxPayload: 4096,
        // Answer with our protocol name so the token is not echoed back; a legacy client that sent
        // only its token gets that one back, as the browser requires one of its own offers.
        handleProtocols: (offered) =>
          offered.has(PUSH_PROTOCOL) ? PUSH_PROTOCOL : (offered.values().next().value ?? false),
      },
    });

    const pushUrl = `${opts.apiBase}${PUSH_PATH}`;
    app.addHook('onRequest', async (request) => {
      if (!request.ws || request.headers['x-access-token']) return;
      if (request.url.split('?')[0] !== pushUrl) return;
      const token = subprotocolToken(request);
      if (token) request.headers = { 'x-access-token': token };
    });

    const hub = createPushHub({
      database: opts.database,
      sessionIdleMs: opts.sessionIdleMs,
      heartbeatMs: opts.heartbeatMs ?? PUSH_HEARTBEAT_MS,
      log: app.log,
    });
    app.decorate('push', hub);
    app.addHook('onReady', () => hub.start());
    app.addHook('onClose', () => hub.stop());
  },
  { name: 'odp-push' },
);

/** `Sec-WebSocket-Protocol: odp-push, <token>`, or the token alone. */
function subprotocolToken(request: FastifyRequest): string | null {
  const header = request.headers['sec-websocket-protocol'];
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && p !== PUSH_PROTOCOL);
  const token = offered[0];
  return token && token.length <= 200 ? token : null;
}
