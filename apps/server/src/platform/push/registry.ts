import type { WebSocket } from 'ws';

/** One open push socket and whose session it belongs to. */
export type PushClient = {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  /** Cleared at each ping, set again by the pong; still clear at the next ping means the peer is gone. */
  alive: boolean;
};

/** Open push sockets of this instance, found by user and by session. */
export type PushRegistry = ReturnType<typeof createRegistry>;

export function createRegistry() {
  const clients = new Set<PushClient>();
  const byUser = new Map<string, Set<PushClient>>();

  const send = (client: PushClient, text: string) => {
    // A socket that is closing is about to leave the registry; sending would only raise an error.
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  };

  return {
    clients: clients as ReadonlySet<PushClient>,
    get size() {
      return clients.size;
    },

    add(client: PushClient) {
      clients.add(client);
      let mine = byUser.get(client.userId);
      if (!mine) {
        mine = new Set();
        byUser.set(client.userId, mine);
      }
      mine.add(client);
    },

    remove(client: PushClient) {
      clients.delete(client);
      const mine = byUser.get(client.userId);
      mine?.delete(client);
      if (mine?.size === 0) byUser.delete(client.userId);
    },

    /** The text is serialised once by the caller and written to every socket as is. */
    sendAll(text: string) {
      for (const client of clients) send(client, text);
    },

    sendUsers(userIds: Iterable<string>, text: string) {
      for (const userId of userIds) {
        for (const client of byUser.get(userId) ?? []) send(client, text);
      }
    },

    /** Closes the sockets of the given sessions; returns how many were closed. */
    closeSessions(sessionIds: Iterable<string>, code: number, reason: string) {
      const ended = new Set(sessionIds);
      let closed = 0;
      for (const client of clients) {
        if (!ended.has(client.sessionId)) continue;
        this.remove(client);
        client.socket.close(code, reason);
        closed++;
      }
      return closed;
    },
  };
}
