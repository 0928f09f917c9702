import { Messages, type OnlineUser, Perm, type SystemInfo } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, sessions } from '../../../db/schema/index.js';
import { signedInWith } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInWith>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInWith(ctx, [Perm.onlineList, Perm.forceLogout, Perm.systemInfo]);
});
afterAll(() => ctx.close());

const online = (token?: string) => call<OnlineUser[]>(ctx, 'GET', '/sys/online/list', { token });
const force = (sessionId: string, token = admin.token) =>
  call(ctx, 'POST', '/sys/online/forceLogout', { token, body: { sessionId } });

describe('GET /sys/online/list', () => {
  it('needs a token and the permission', async () => {
    expect((await online()).status).toBe(401);
    expect((await online((await signedInWith(ctx, [])).token)).status).toBe(403);
  });

  it('lists live sessions with their users, marks the current one and leaves out idle and ended ones', async () => {
    const other = await signedInWith(ctx, []);
    const idle = await signedInWith(ctx, []);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - ctx.app.deps.config.sessionIdleMs - 60_000) })
      .where(eq(sessions.userId, idle.user.id));
    const res = await online(admin.token);
    expect(res.status).toBe(200);
    const mine = res.body.result.find((s) => s.username === admin.user.username);
    expect(mine).toMatchObject({ current: true, realname: admin.user.realname, ip: '127.0.0.1' });
    expect(res.body.result.find((s) => s.username === other.user.username)).toMatchObject({ current: false });
    expect(res.body.result.some((s) => s.username === idle.user.username)).toBe(false);
  });
});

describe('POST /sys/online/forceLogout', () => {
  it('ends another session at once and logs it', async () => {
    const victim = await signedInWith(ctx, []);
    const session = (await online(admin.token)).body.result.find((s) => s.username === victim.user.username);
    if (!session) throw new Error('victim session not listed');
    expect((await call(ctx, 'GET', '/sys/loginfo', { token: victim.token })).status).toBe(200);

    const res = await force(session.sessionId);
    expect(res.status).toBe(200);
    const next = await call(ctx, 'GET', '/sys/loginfo', { token: victim.token });
    expect(next.status).toBe(401);
    expect(next.body.message).toBe(Messages.tokenExpired);
    expect(next.body.message).toBe('Token失效，请重新登录');
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    expect(row.revokeReason).toBe('forced');
    const logged = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.operateType, 'forceLogout'), eq(logs.target, session.sessionId)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ logType: 2, username: admin.user.username });
    expect((await online(admin.token)).body.result.some((s) => s.sessionId === session.sessionId)).toBe(false);
    expect((await force(session.sessionId)).status).toBe(404);
  });

  it('refuses the caller’s own session and bad input, writing nothing', async () => {
    const mine = (await online(admin.token)).body.result.find((s) => s.current);
    if (!mine) throw new Error('own session not listed');
    const self = await force(mine.sessionId);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('不能强制退出当前会话');
    expect((await force('not-a-uuid')).status).toBe(400);
    expect((await online(admin.token)).status).toBe(200);
    const logged = await ctx.db.select().from(logs).where(eq(logs.target, mine.sessionId));
    expect(logged).toHaveLength(0);
  });

  it('needs the permission', async () => {
    const viewer = await signedInWith(ctx, [Perm.onlineList]);
    const victim = await signedInWith(ctx, []);
    const session = (await online(viewer.token)).body.result.find((s) => s.username === victim.user.username);
    if (!session) throw new Error('victim session not listed');
    expect((await force(session.sessionId, viewer.token)).status).toBe(403);
    expect(
      (await call(ctx, 'POST', '/sys/online/forceLogout', { body: { sessionId: session.sessionId } })).status,
    ).toBe(401);
    expect((await call(ctx, 'GET', '/sys/loginfo', { token: victim.token })).status).toBe(200);
  });
});

describe('GET /sys/info', () => {
  it('needs a token and the permission', async () => {
    expect((await call(ctx, 'GET', '/sys/info')).status).toBe(401);
    expect((await call(ctx, 'GET', '/sys/info', { token: (await signedInWith(ctx, [])).token })).status).toBe(403);
  });

  it('reports version, runtime, database and counts', async () => {
    const res = await call<SystemInfo>(ctx, 'GET', '/sys/info', { token: admin.token });
    expect(res.status).toBe(200);
    const info = res.body.result;
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.nodeVersion).toBe(process.version);
    expect(info.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(info.databaseKind).toBe(ctx.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
    expect(info.databaseSizeBytes).toBeGreaterThan(0);
    expect(info.memory.rss).toBeGreaterThan(0);
    expect(info.memory.heapUsed).toBeGreaterThan(0);
    expect(info.counts.users).toBeGreaterThanOrEqual(1);
    expect(info.counts.logs).toBeGreaterThanOrEqual(1);
    expect(info.counts).toMatchObject({ catalogues: expect.any(Number), files: expect.any(Number) });
  });
});
