import {
  Constants,
  PUSH_CLOSE_SESSION_ENDED,
  PUSH_HEARTBEAT_MS,
  PUSH_PATH,
  PUSH_PROTOCOL,
  type PushMessage,
  readPushMessage,
} from '@odp/contracts/constants';
import { useEffect } from 'react';
import { queryKeys } from '@/api/query-keys';
import { queryClient } from '@/app/query-client';
import { useSession } from './session';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

export type LivePushOptions = {
  url: string;
  /** The session's token; none for the public socket (the big screen's feed). */
  token?: string;
  /** Every message the socket receives, parsed (the public socket's notices). */
  onData?: (value: unknown) => void;
  /** A notice arrived, the session ended, or pushes may have been missed: reload the notices. */
  onNotice: () => void;
  heartbeatMs?: number;
  /** Injected by tests. */
  WebSocketImpl?: typeof WebSocket;
};

/**
 * Keeps one push socket open for a token: pings every heartbeat (a page cannot see protocol pings),
 * treats two silent heartbeats as a dead link, and reconnects with capped exponential back-off until
 * stopped. A socket closed because the session ended is not reopened; the reload it triggers meets
 * the 401 that ends the sign-in in this browser too. Returns `stop`.
 */
export function connectLivePush({
  url,
  token,
  onNotice,
  onData,
  heartbeatMs = PUSH_HEARTBEAT_MS,
  WebSocketImpl = WebSocket,
}: LivePushOptions): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let lastHeard = 0;

  /** Forgets a socket that closed or went silent and schedules the next attempt. */
  const drop = (ws: WebSocket, code: number) => {
    if (socket !== ws || stopped) return;
    socket = null;
    clearInterval(heartbeat);
    if (code === PUSH_CLOSE_SESSION_ENDED) {
      onNotice();
      return;
    }
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
    failures++;
    // Jitter keeps a restarted server from being hit by every browser in the same instant.
    retryTimer = setTimeout(open, delay * (0.75 + Math.random() * 0.5));
  };

  const open = () => {
    const ws = new WebSocketImpl(url, token ? [PUSH_PROTOCOL, token] : [PUSH_PROTOCOL]);
    socket = ws;
    ws.onopen = () => {
      // Whatever was pushed while we were away is only in the database: reload once.
      if (failures > 0) onNotice();
      failures = 0;
      lastHeard = Date.now();
      heartbeat = setInterval(() => {
        if (Date.now() - lastHeard > 2 * heartbeatMs) {
          // A dead link may take minutes to report its close: do not wait for it.
          ws.close();
          drop(ws, 1006);
          return;
        }
        ws.send(JSON.stringify({ cmd: 'ping' }));
      }, heartbeatMs);
    };
    ws.onmessage = (event) => {
      lastHeard = Date.now();
      if (onData && typeof event.data === 'string') {
        try {
          onData(JSON.parse(event.data));
        } catch {
          // Not JSON: not a notice.
        }
      }
      if (parse(event.data)) onNotice();
    };
    ws.onclose = (event) => drop(ws, event.code);
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(heartbeat);
    socket?.close(1000);
    socket = null;
  };
}

function parse(data: unknown): PushMessage | null {
  if (typeof data !== 'string') return null;
  try {
    return readPushMessage(JSON.parse(data));
  } catch {
    return null;
  }
}

/** `ws(s)://<host><apiBase>/websocket` (or another push path), through the Vite proxy in development. */
export function livePushUrl(location: Pick<Location, 'protocol' | 'host'> = window.location, path = PUSH_PATH) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${Constants.apiBase}${path}`;
}

/**
 * Live push for the signed-in user: a `user` or `topic` message reloads the notices at once. Mount it
 * once, next to the header bell; the bell's 6 s polling stays as the fallback. Signing out closes it.
 */
export function useLivePush() {
  const { token } = useSession();
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    return connectLivePush({
      url: livePushUrl(),
      token,
      onNotice: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notices }),
    });
  }, [token]);
}
