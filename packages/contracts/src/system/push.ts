/** Path of the live-push WebSocket under the API base. */
export const PUSH_PATH = '/websocket';

/**
 * Path of the public live-push WebSocket (no sign-in): the big screen's feed. It only ever carries
 * what any visitor may see, as `{cmd:'public', topic, data}`.
 */
export const PUSH_PUBLIC_PATH = '/websocket/public';

/**
 * Subprotocol a browser offers next to its session token (`new WebSocket(url, [PUSH_PROTOCOL, token])`):
 * browsers cannot set headers on a WebSocket, and the server answers with this name, not the token.
 * A lone token as the only subprotocol (the legacy client) is accepted too.
 */
export const PUSH_PROTOCOL = 'odp-push';

/** The server pings every socket this often and drops those that did not answer the previous ping. */
export const PUSH_HEARTBEAT_MS = 20_000;

/** Close code of a socket whose session ended (logout, password change, freeze, forced logout, idle): do not reconnect. */
export const PUSH_CLOSE_SESSION_ENDED = 4001;

/*
 * The messages are checked by hand rather than with zod: every page of the portal holds the socket
 * open, and the validation library would add some 25 KB (gzipped) to what every visitor loads first.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the server pushes: `user` when notices for this user changed, `topic` when an announcement for
 * everyone was released. Either one tells the browser to reload its notices.
 */
export type PushMessage = { cmd: 'user' | 'topic'; msgTxt?: string };

/** The message a socket received, or null when it is not one (other commands, a malformed text). */
export function readPushMessage(value: unknown): PushMessage | null {
  if (!isRecord(value) || (value.cmd !== 'user' && value.cmd !== 'topic')) return null;
  if (value.msgTxt !== undefined && typeof value.msgTxt !== 'string') return null;
  return value.msgTxt === undefined ? { cmd: value.cmd } : { cmd: value.cmd, msgTxt: value.msgTxt };
}

/** A notice on the public socket: a topic (e.g. `bigScreen.feed`) and what it carries. */
export type PublicPush = { cmd: 'public'; topic: string; data: unknown };

export function readPublicPush(value: unknown): PublicPush | null {
  if (!isRecord(value) || value.cmd !== 'public' || typeof value.topic !== 'string') return null;
  return { cmd: 'public', topic: value.topic, data: value.data };
}

/**
 * Application-level heartbeat: a browser cannot see protocol pings, so it sends `{cmd:'ping'}` and
 * the server answers `{cmd:'pong'}`; a browser that hears nothing for two intervals reconnects.
 */
export const isPushPing = (value: unknown): boolean => isRecord(value) && value.cmd === 'ping';
export type PushPong = { cmd: 'pong' };
