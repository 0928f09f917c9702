import { isPushPing, PUSH_CLOSE_SESSION_ENDED, type PublicPush, type PushMessage, type PushPong } from '@odp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { PUSH_CHANNEL } from './publish.js';
import { createRegistry } from './registry.js';
import { liveSessionIds } from './repository.js';

const SESSION_ENDED_REASON = 'session ended';

const Uuids = z.array(z.string().uuid()).max(1000);
const Event = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ userIds: Uuids }),
  z.object({ revokedSessionIds: Uuids }),
  z.object({ public: z.object({ topic: z.string().min(1).max(64), data: z.unknown() }) }),
]);

/** Sockets without a session an instance keeps at most (a wall of screens, not a crowd of tabs). */
const MAX_PUBLIC_SOCKETS = 2000;

type PublicClient = { socket: WebSocket; alive: boolean };

const TOPIC = JSON.stringify({ cmd: 'topic' } satisfies PushMessage);
const USER = JSON.stringify({ cmd: 'user' } satisfies PushMessage);
const PONG = JSON.stringify({ cmd: 'pong' } satisfies PushPong);

export type PushHubOptions = {
  database: Database;
  sessionIdleMs: number;
  heartbeatMs: number;
  log: FastifyBaseLogger;
};

export type PushHub = ReturnType<typeof createPushHub>;

/**
 * The live-push side of one server instance: its open sockets, the channel listener that turns
 * NOTIFYs from any instance into messages on them, and the heartbeat that drops dead peers and
 * sockets whose session has ended.
 */
export function createPushHub({ database, sessionIdleMs, heartbeatMs, log }: PushHubOptions) {
  const registry = createRegistry();
  const publicClients = new Set<PublicClient>();
  let unlisten: (() => Promise<void>) | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let checking = false;

  const onPayload = (payload: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = null;
    }
    const event = Event.safeParse(parsed);
    if (!event.success) {
      log.warn({ payload: payload.slice(0, 200) }, '忽略无法识别的推送通知');
      return;
    }
    const e = event.data;
    if ('public' in e) {
      const text = JSON.stringify({ cmd: 'public', topic: e.public.topic, data: e.public.data } satisfies PublicPush);
      for (const client of publicClients) if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
    } else if ('all' in e) registry.sendAll(TOPIC);
    else if ('userIds' in e) registry.sendUsers(e.userIds, USER);
    else registry.closeSessions(e.revokedSessionIds, PUSH_CLOSE_SESSION_ENDED, SESSION_ENDED_REASON);
  };

  /** Pings every socket, terminates those that missed the previous ping, and re-checks sessions. */
  const beat = async () => {
    for (const client of registry.clients) {
      if (!client.alive) {
        registry.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
    for (const client of publicClients) {
      if (!client.alive) {
        publicClients.delete(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
    // Revocations arrive as notifications at once; this catches idle expiry and anything missed
    // while the listener was reconnecting. A slow database must not stack up checks.
    if (checking || registry.size === 0) return;
    checking = true;
    try {
      const ids = [...new Set([...registry.clients].map((c) => c.sessionId))];
      const live = await liveSessionIds(database.db, ids, sessionIdleMs);
      registry.closeSessions(
        ids.filter((id) => !live.has(id)),
        PUSH_CLOSE_SESSION_ENDED,
        SESSION_ENDED_REASON,
      );
    } catch (err) {
      log.warn({ err }, '推送连接的会话检查失败');
    } finally {
      checking = false;
    }
  };

  return {
    registry,

    async start() {
      // Notifications lost while PostgreSQL was unreachable: every browser reloads its notices once.
      unlisten = await database.listen(PUSH_CHANNEL, onPayload, () => registry.sendAll(TOPIC));
      heartbeat = setInterval(() => void beat(), heartbeatMs);
      heartbeat.unref();
    },

    async stop() {
      clearInterval(heartbeat);
      const stopListening = unlisten;
      unlisten = null;
      await stopListening?.();
      for (const client of registry.clients) {
        registry.remove(client);
        client.socket.close(1001, 'server closing');
      }
      for (const client of publicClients) client.socket.close(1001, 'server closing');
      publicClients.clear();
    },

    get publicSize() {
      return publicClients.size;
    },

    /** Takes a socket without a session: it hears public notices only. */
    acceptPublic(socket: WebSocket) {
      if (publicClients.size >= MAX_PUBLIC_SOCKETS) {
        socket.close(1013, 'too many public sockets');
        return;
      }
      const client: PublicClient = { socket, alive: true };
      publicClients.add(client);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        client.alive = true;
        if (!isBinary && isPing(data.toString())) socket.send(PONG);
      });
      socket.on('close', () => publicClients.delete(client));
    },

    /** Takes an authenticated socket into the registry until it closes. */
    accept(socket: WebSocket, session: { userId: string; sessionId: string }) {
      const client = { socket, userId: session.userId, sessionId: session.sessionId, alive: true };
      registry.add(client);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        client.alive = true;
        if (!isBinary && isPing(data.toString())) socket.send(PONG);
      });
      socket.on('close', () => registry.remove(client));
    },
  };
}

function isPing(text: string) {
  try {
    return isPushPing(JSON.parse(text));
  } catch {
    return false;
  }
}
