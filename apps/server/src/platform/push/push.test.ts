import { Perm, PUSH_CLOSE_SESSION_ENDED, PUSH_PATH, PUSH_PROTOCOL } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { createScratchDatabase } from '../../db/scratch.js';
import { seedReference } from '../../db/seed/reference.js';
import { createUser, signedInWith } from '../../test/factories.js';
import { createSession, revokeUserSessions } from '../auth/sessions.js';
import { PUSH_CHANNEL, publishNotice } from './publish.js';

const config = {
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/odp-test-unused' }),
  webDist: '/nonexistent',
};

/** The real app listening on a port: WebSocket upgrades need a socket, not the injector. */
async function startApp(database: Database, pushHeartbeatMs?: number) {
  const app = await buildApp({ config, database, pushHeartbeatMs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `ws://127.0.0.1:${port}${config.apiBase}${PUSH_PATH}` };
}

async function freshDatabase(url?: string) {
  const database = await openDatabase({ url, dataDir: null });
  await database.migrate();
  await seedReference(database.db);
  return database;
}

/** A user with a live session, created directly: the socket only needs the token. */
async function sessionFor(database: Database) {
  const user = await createUser(database.db);
  const { token, sessionId } = await createSession(database.db, user.id, { ip: '127.0.0.1' });
  return { userId: user.id, token, sessionId };
}

type Client = {
  ws: WebSocket;
  messages: unknown[];
  closed: Promise<number>;
  /** Resolves with the next message, or rejects after `ms`. */
  next(ms?: number): Promise<unknown>;
};

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
function connect(url: string, protocols: string[], options: WebSocket.ClientOptions = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, options);
    const messages: unknown[] = [];
    const waiters: ((m: unknown) => void)[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      messages.push(message);
      for (const w of waiters.splice(0)) w(message);
    });
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        closed,
        next: (ms = 1000) =>
          new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error('no message')), ms);
            waiters.push((m) => {
              clearTimeout(timer);
              res(m);
            });
          }),
      }),
    );
  });
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`not within ${ms} ms`)), ms))]);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live push over WebSocket (PGlite)', () => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  const open: Client[] = [];
  const track = async (c: Promise<Client>) => {
    const client = await c;
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await freshDatabase();
    ({ app, url } = await startApp(database));
  });
  afterAll(async () => {
    for (const c of open) c.ws.terminate();
    await app.close();
    await database.close();
  });

  it('refuses an upgrade without a token, with an unknown token, and for a revoked session', async () => {
    await expect(connect(url, [])).rejects.toThrow('HTTP 401');
    await expect(connect(url, [PUSH_PROTOCOL, 'not-a-real-token'])).rejects.toThrow('HTTP 401');
    const s = await sessionFor(database);
    await revokeUserSessions(database.db, [s.userId], 'logout');
    await expect(connect(url, [PUSH_PROTOCOL, s.token])).rejects.toThrow('HTTP 401');
    expect(app.push.registry.size).toBe(0);
  });

  it('accepts the token as subprotocol (answering with the protocol name), alone, or as header', async () => {
    const s = await sessionFor(database);
    const modern = await track(connect(url, [PUSH_PROTOCOL, s.token]));
    expect(modern.ws.protocol).toBe(PUSH_PROTOCOL);
    const legacy = await track(connect(url, [s.token]));
    expect(legacy.ws.protocol).toBe(s.token);
    const header = await track(connect(url, [], { headers: { 'x-access-token': s.token } }));
    expect(header.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('pushes {cmd:user} to that user within 1 s of the commit, and nothing to another user', async () => {
    const alice = await sessionFor(database);
    const bob = await sessionFor(database);
    const a = await track(connect(url, [PUSH_PROTOCOL, alice.token]));
    const b = await track(connect(url, [PUSH_PROTOCOL, bob.token]));
    const t0 = Date.now();
    const arrived = a.next(1000);
    await database.db.transaction((tx) => publishNotice(tx, { userIds: [alice.userId] }));
    expect(await arrived).toEqual({ cmd: 'user' });
    expect(Date.now() - t0).toBeLessThan(1000);
    await pause(200);
    expect(b.messages).toEqual([]);
  });

  it('pushes {cmd:topic} to every socket for an announcement to all', async () => {
    const clients = await Promise.all(
      [1, 2, 3].map(async () => track(connect(url, [PUSH_PROTOCOL, (await sessionFor(database)).token]))),
    );
    const arrived = Promise.all(clients.map((c) => c.next(1000)));
    await database.db.transaction((tx) => publishNotice(tx, { all: true }));
    expect(await arrived).toEqual([{ cmd: 'topic' }, { cmd: 'topic' }, { cmd: 'topic' }]);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const s = await sessionFor(database);
    const c = await track(connect(url, [PUSH_PROTOCOL, s.token]));
    await expect(
      database.db.transaction(async (tx) => {
        await publishNotice(tx, { userIds: [s.userId] });
        await publishNotice(tx, { all: true });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await pause(300);
    expect(c.messages).toEqual([]);
  });

  it('answers an application ping with a pong', async () => {
    const s = await sessionFor(database);
    const c = await track(connect(url, [PUSH_PROTOCOL, s.token]));
    const reply = c.next(1000);
    c.ws.send(JSON.stringify({ cmd: 'ping' }));
    expect(await reply).toEqual({ cmd: 'pong' });
  });

  it('closes the socket at once when its session is ended by logout, and keeps the user’s other sessions', async () => {
    const s = await sessionFor(database);
    const other = await createSession(database.db, s.userId, { ip: '127.0.0.1' });
    const c = await track(connect(url, [PUSH_PROTOCOL, s.token]));
    const kept = await track(connect(url, [PUSH_PROTOCOL, other.token]));
    const res = await app.inject({
      method: 'POST',
      url: `${config.apiBase}/sys/logout`,
      headers: { 'x-access-token': s.token },
    });
    expect(res.statusCode).toBe(200);
    expect(await within(c.closed, 1000)).toBe(PUSH_CLOSE_SESSION_ENDED);
    expect(kept.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes the socket when an administrator forces the session out (/sys/online/forceLogout)', async () => {
    const ctx = { app, db: database.db, database, base: config.apiBase, close: async () => {} };
    const admin = await signedInWith(ctx, [Perm.forceLogout]);
    const s = await sessionFor(database);
    const c = await track(connect(url, [PUSH_PROTOCOL, s.token]));
    const res = await app.inject({
      method: 'POST',
      url: `${config.apiBase}/sys/online/forceLogout`,
      headers: { 'x-access-token': admin.token },
      payload: { sessionId: s.sessionId },
    });
    expect(res.statusCode).toBe(200);
    expect(await within(c.closed, 1000)).toBe(PUSH_CLOSE_SESSION_ENDED);
  });

  it('closes every socket of a user frozen through /sys/user/frozenBatch', async () => {
    const ctx = { app, db: database.db, database, base: config.apiBase, close: async () => {} };
    const admin = await signedInWith(ctx, [Perm.userFreeze]);
    const s = await sessionFor(database);
    const second = await createSession(database.db, s.userId, { ip: '127.0.0.1' });
    const c = await track(connect(url, [PUSH_PROTOCOL, s.token]));
    const c2 = await track(connect(url, [PUSH_PROTOCOL, second.token]));
    const res = await app.inject({
      method: 'PUT',
      url: `${config.apiBase}/sys/user/frozenBatch`,
      headers: { 'x-access-token': admin.token },
      payload: { ids: [s.userId], status: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(await within(Promise.all([c.closed, c2.closed]), 1000)).toEqual([
      PUSH_CLOSE_SESSION_ENDED,
      PUSH_CLOSE_SESSION_ENDED,
    ]);
  });
});

describe('heartbeat', () => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  const HEARTBEAT_MS = 150;

  beforeAll(async () => {
    database = await freshDatabase();
    ({ app, url } = await startApp(database, HEARTBEAT_MS));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('terminates a socket that stops answering pings and keeps one that answers', async () => {
    const s = await sessionFor(database);
    const silent = await connect(url, [PUSH_PROTOCOL, s.token], { autoPong: false });
    const healthy = await connect(url, [PUSH_PROTOCOL, s.token]);
    // Terminated (no close frame): the client sees the abnormal closure code 1006.
    expect(await within(silent.closed, HEARTBEAT_MS * 4)).toBe(1006);
    await pause(HEARTBEAT_MS * 3);
    expect(healthy.ws.readyState).toBe(WebSocket.OPEN);
    expect(app.push.registry.size).toBe(1);
    healthy.ws.close();
  });

  it('closes a socket whose session went idle, found by the re-check at the heartbeat', async () => {
    const s = await sessionFor(database);
    const c = await connect(url, [PUSH_PROTOCOL, s.token]);
    // Nothing is published: only the heartbeat's session check can notice this.
    await database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.id, s.sessionId));
    expect(await within(c.closed, HEARTBEAT_MS * 4)).toBe(PUSH_CLOSE_SESSION_ENDED);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let dbA: Database;
  let dbB: Database;
  let a: Awaited<ReturnType<typeof startApp>>;
  let b: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'odp_test_push');
    dbA = await freshDatabase(scratch.url);
    dbB = await openDatabase({ url: scratch.url, dataDir: null });
    a = await startApp(dbA);
    b = await startApp(dbB);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await dbA?.close();
    await dbB?.close();
    await scratch?.drop();
  });

  it('a notice committed through instance A reaches a socket on instance B', async () => {
    const s = await sessionFor(dbA);
    const other = await sessionFor(dbA);
    const onB = await connect(b.url, [PUSH_PROTOCOL, s.token]);
    const otherOnA = await connect(a.url, [PUSH_PROTOCOL, other.token]);
    const arrived = onB.next(1000);
    await dbA.db.transaction((tx) => publishNotice(tx, { userIds: [s.userId] }));
    expect(await arrived).toEqual({ cmd: 'user' });
    const everyone = Promise.all([onB.next(1000), otherOnA.next(1000)]);
    await dbB.db.transaction((tx) => publishNotice(tx, { all: true }));
    expect(await everyone).toEqual([{ cmd: 'topic' }, { cmd: 'topic' }]);
    expect(otherOnA.messages).toEqual([{ cmd: 'topic' }]);
    onB.ws.close();
    otherOnA.ws.close();
  });

  it('a forced logout on instance A closes the socket on instance B at once', async () => {
    const s = await sessionFor(dbA);
    const onB = await connect(b.url, [PUSH_PROTOCOL, s.token]);
    await dbA.db.transaction((tx) => revokeUserSessions(tx, [s.userId], 'forced'));
    expect(await within(onB.closed, 1000)).toBe(PUSH_CLOSE_SESSION_ENDED);
  });

  it('re-listens after its PostgreSQL connection is killed, and tells its sockets to reload once', async () => {
    const s = await sessionFor(dbA);
    const onB = await connect(b.url, [PUSH_PROTOCOL, s.token]);
    // The push channel's listeners only (an instance also listens for its notification outbox).
    const listening = sql`select pid from pg_stat_activity
      where datname = current_database() and query ilike ${`listen %${PUSH_CHANNEL}%`} and pid <> pg_backend_pid()`;
    const before = (await dbA.db.execute(listening)) as unknown as { rows: { pid: number }[] };
    expect(before.rows).toHaveLength(2); // one listener per instance
    const resync = onB.next(5000);
    await dbA.db.execute(sql`select pg_terminate_backend(pid) from (${listening}) l`);
    // Notifications sent while it was down are lost: the resync tells the browser to reload.
    expect(await resync).toEqual({ cmd: 'topic' });
    const arrived = onB.next(1000);
    await dbA.db.transaction((tx) => publishNotice(tx, { userIds: [s.userId] }));
    expect(await arrived).toEqual({ cmd: 'user' });
    onB.ws.close();
  });

  it('sends nothing across instances for a rolled-back transaction', async () => {
    const s = await sessionFor(dbA);
    const onB = await connect(b.url, [PUSH_PROTOCOL, s.token]);
    await expect(
      dbA.db.transaction(async (tx) => {
        await publishNotice(tx, { userIds: [s.userId] });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await pause(300);
    expect(onB.messages).toEqual([]);
    onB.ws.close();
  });
});
