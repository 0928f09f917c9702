import { randomUUID } from 'node:crypto';
import type { NoticeItem, NoticeListResult } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementReads, announcements } from '../../../db/schema/index.js';
import { createUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

/** A released notice (通知) sent an hour ago unless overridden. */
async function createNotice(overrides: Partial<typeof announcements.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(announcements)
    .values({
      titile: '测试公告',
      msgContent: '<p>测试内容</p>',
      sender: '滨江市大数据管理局',
      sendStatus: '1',
      sendTime: ago(1),
      ...overrides,
    })
    .returning();
  return row;
}

/** A signed-in user for whom every notice made so far (by other tests, to everyone) is already read. */
async function freshReader() {
  const signed = await signedIn(ctx);
  const earlier = await ctx.db.select({ id: announcements.id }).from(announcements);
  if (earlier.length) {
    await ctx.db.insert(announcementReads).values(earlier.map((a) => ({ anntId: a.id, userId: signed.user.id })));
  }
  return signed;
}

const readsOf = (userId: string) => ctx.db.select().from(announcementReads).where(eq(announcementReads.userId, userId));

describe('GET /sys/annountCement/listByUser', () => {
  it('needs a signed-in user', async () => {
    expect((await call(ctx, 'GET', '/sys/annountCement/listByUser')).status).toBe(401);
  });

  it("answers the caller's unread released notices by category, newest first", async () => {
    const other = await createUser(ctx.db);
    const { user, token } = await freshReader();
    const forAll = await createNotice({
      msgType: 'ALL',
      priority: 'H',
      sendTime: ago(1),
      openType: 'url',
      openPage: '/bell',
    });
    const forUser = await createNotice({
      msgType: 'USER',
      userIds: `${other.id}, ${user.id}`,
      sendTime: ago(2),
      priority: 'M',
    });
    const system = await createNotice({ msgType: 'ALL', msgCategory: '2', sender: null });
    const hidden = [
      await createNotice({ msgType: 'USER', userIds: other.id }),
      await createNotice({ sendStatus: '0', sendTime: null }),
      await createNotice({ sendStatus: '2' }),
      await createNotice({ deletedAt: new Date() }),
      await createNotice({ startTime: new Date(Date.now() + HOUR) }),
      await createNotice({ endTime: ago(0.5) }),
      await createNotice({ msgType: 'USER', userIds: `${user.id}x` }),
    ];
    const read = await createNotice();
    await ctx.db.insert(announcementReads).values({ anntId: read.id, userId: user.id });

    const res = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    expect(res.status).toBe(200);
    const { anntMsgList, anntMsgTotal, sysMsgList, sysMsgTotal } = res.body.result;
    expect(anntMsgList.map((n) => n.id)).toEqual([forAll.id, forUser.id]);
    expect(anntMsgTotal).toBe(2);
    expect(sysMsgList.map((n) => n.id)).toEqual([system.id]);
    expect(sysMsgTotal).toBe(1);
    for (const h of [...hidden, read]) expect(JSON.stringify(res.body.result)).not.toContain(h.id);
    expect(anntMsgList[0]).toEqual({
      id: forAll.id,
      source: 'annt',
      messageType: null,
      titile: '测试公告',
      msgContent: '<p>测试内容</p>',
      msgAbstract: null,
      priority: 'H',
      sender: '滨江市大数据管理局',
      sendTime: forAll.sendTime?.toISOString(),
      createTime: forAll.createdAt.toISOString(),
      openType: 'url',
      openPage: '/bell',
      busId: null,
      msgCategory: '1',
      readFlag: false,
    });
    expect(sysMsgList[0]).toMatchObject({ msgCategory: '2', sender: '' });
  });

  it('shows at most ten per category with the full unread total', async () => {
    const { user, token } = await freshReader();
    const rows = [];
    for (let i = 0; i < 12; i++)
      rows.push(await createNotice({ msgType: 'USER', userIds: user.id, sendTime: ago(i + 10) }));
    const res = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    expect(res.body.result.anntMsgList.map((n) => n.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
    expect(res.body.result.anntMsgTotal).toBe(12);
    expect(res.body.result).toMatchObject({ sysMsgList: [], sysMsgTotal: 0 });
  });

  it('returns the content exactly as stored', async () => {
    const { user, token } = await signedIn(ctx);
    const content = '<p>第一段 &amp; 说明</p><ul><li>条目 “一”</li></ul>';
    const row = await createNotice({ msgType: 'USER', userIds: user.id, msgContent: content, sendTime: new Date() });
    const res = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    expect(res.body.result.anntMsgList.find((n) => n.id === row.id)?.msgContent).toBe(content);
  });
});

describe('PUT /sys/annountCement/editByAnntIdAndUserId', () => {
  it('needs a signed-in user', async () => {
    const row = await createNotice();
    const res = await call(ctx, 'PUT', '/sys/annountCement/editByAnntIdAndUserId', { body: { anntId: row.id } });
    expect(res.status).toBe(401);
  });

  it('marks a notice read for the caller only, once, and drops it from the bell', async () => {
    const { user, token } = await signedIn(ctx);
    const other = await signedIn(ctx);
    const row = await createNotice({ msgType: 'USER', userIds: `${user.id},${other.user.id}`, sendTime: new Date() });
    for (let i = 0; i < 2; i++) {
      const res = await call(ctx, 'PUT', '/sys/annountCement/editByAnntIdAndUserId', {
        token,
        body: { anntId: row.id },
      });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
    }
    expect((await readsOf(user.id)).map((r) => r.anntId)).toEqual([row.id]);
    expect(await readsOf(other.user.id)).toEqual([]);
    const mine = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    expect(mine.body.result.anntMsgList.map((n) => n.id)).not.toContain(row.id);
    const theirs = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token: other.token });
    expect(theirs.body.result.anntMsgList.map((n) => n.id)).toContain(row.id);
  });

  it('refuses a notice not addressed to the caller, unknown or malformed, and writes nothing', async () => {
    const other = await createUser(ctx.db);
    const { user, token } = await signedIn(ctx);
    const notMine = await createNotice({ msgType: 'USER', userIds: other.id });
    const draft = await createNotice({ sendStatus: '0' });
    const deleted = await createNotice({ deletedAt: new Date() });
    for (const anntId of [notMine.id, draft.id, deleted.id, randomUUID()]) {
      const res = await call(ctx, 'PUT', '/sys/annountCement/editByAnntIdAndUserId', { token, body: { anntId } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('该公告不存在或不是发给您的');
    }
    for (const body of [{ anntId: 'abc' }, { anntId: "1' or '1'='1" }, {}]) {
      const res = await call(ctx, 'PUT', '/sys/annountCement/editByAnntIdAndUserId', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await readsOf(user.id)).toEqual([]);
  });
});

describe('GET /sys/annountCement/queryById', () => {
  it('needs a signed-in user', async () => {
    const row = await createNotice();
    expect((await call(ctx, 'GET', '/sys/annountCement/queryById', { query: { id: row.id } })).status).toBe(401);
  });

  it('answers a notice addressed to the caller with its read state', async () => {
    const { user, token } = await signedIn(ctx);
    const row = await createNotice({ msgType: 'USER', userIds: user.id, msgContent: '<p>详情</p>' });
    const before = await call<NoticeItem>(ctx, 'GET', '/sys/annountCement/queryById', { token, query: { id: row.id } });
    expect(before.status).toBe(200);
    expect(before.body.result).toMatchObject({ id: row.id, msgContent: '<p>详情</p>', readFlag: false });
    await ctx.db.insert(announcementReads).values({ anntId: row.id, userId: user.id });
    const after = await call<NoticeItem>(ctx, 'GET', '/sys/annountCement/queryById', { token, query: { id: row.id } });
    expect(after.body.result.readFlag).toBe(true);
  });

  it('answers 404 for a notice addressed to someone else, and 400 for a malformed id', async () => {
    const other = await createUser(ctx.db);
    const { token } = await signedIn(ctx);
    const row = await createNotice({ msgType: 'USER', userIds: other.id });
    const res = await call(ctx, 'GET', '/sys/annountCement/queryById', { token, query: { id: row.id } });
    expect(res.status).toBe(404);
    const bad = await call(ctx, 'GET', '/sys/annountCement/queryById', { token, query: { id: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/公告编号不正确/);
    const rows = await ctx.db.select().from(announcementReads).where(eq(announcementReads.anntId, row.id));
    expect(rows).toEqual([]);
  });
});
