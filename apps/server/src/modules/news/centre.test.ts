import type { NoticeItem, Page } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { announcementReads, announcements, businessMessages } from '../../db/schema/index.js';
import { createDepart, createUser, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

/**
 * A released announcement addressed to `userId` alone unless overridden. Tests address their own
 * users so that one test's announcements never show up in another's list; an ALL announcement is
 * removed again by the test that makes it.
 */
function announcement(userId: string, overrides: Partial<typeof announcements.$inferInsert> = {}) {
  return {
    titile: '测试公告',
    msgType: 'USER',
    userIds: userId,
    sendStatus: '1',
    sendTime: ago(60),
    ...overrides,
  } satisfies typeof announcements.$inferInsert;
}

function message(userId: string, overrides: Partial<typeof businessMessages.$inferInsert> = {}) {
  return {
    userId,
    messageType: 'catalogue_review',
    title: '测试消息',
    content: '<p>内容</p>',
    ...overrides,
  } satisfies typeof businessMessages.$inferInsert;
}

const insertAnnouncements = (rows: (typeof announcements.$inferInsert)[]) =>
  ctx.db.insert(announcements).values(rows).returning();
const insertMessages = (rows: (typeof businessMessages.$inferInsert)[]) =>
  ctx.db.insert(businessMessages).values(rows).returning();

const centre = (token: string | undefined, body: Record<string, unknown> = {}) =>
  call<Page<NoticeItem>>(ctx, 'POST', '/api/news/centre', { token, body });
const idsOf = (page: Page<NoticeItem>) => page.records.map((r) => `${r.source}:${r.id}`);

describe('POST /api/news/centre', () => {
  it('merges announcements and business messages newest first, with read state and source', async () => {
    const { user, token } = await signedIn(ctx);
    const [oldAnnt, readAnnt] = await insertAnnouncements([
      announcement(user.id, { titile: '早公告', sendTime: ago(40), priority: 'H' }),
      announcement(user.id, { titile: '已读公告', sendTime: ago(20) }),
    ]);
    await ctx.db.insert(announcementReads).values({ anntId: readAnnt.id, userId: user.id });
    const [oldNews, newNews] = await insertMessages([
      message(user.id, { title: '早消息', createdAt: ago(30), readFlag: true }),
      message(user.id, { title: '新消息', createdAt: ago(10), openPage: '/cataloguemanage/list' }),
    ]);

    const all = await centre(token, { pageNo: 1, pageSize: 10 });
    expect(all.status).toBe(200);
    expect(all.body.result).toMatchObject({ total: 4, size: 10, current: 1, pages: 1 });
    expect(idsOf(all.body.result)).toEqual([
      `news:${newNews.id}`,
      `annt:${readAnnt.id}`,
      `news:${oldNews.id}`,
      `annt:${oldAnnt.id}`,
    ]);
    const [first, second, third, fourth] = all.body.result.records;
    expect(first).toMatchObject({
      source: 'news',
      messageType: 'catalogue_review',
      titile: '新消息',
      openType: 'url',
      readFlag: false,
    });
    expect(second).toMatchObject({ source: 'annt', messageType: null, titile: '已读公告', readFlag: true });
    expect(third).toMatchObject({ titile: '早消息', readFlag: true });
    expect(fourth).toMatchObject({ titile: '早公告', priority: 'H', readFlag: false });

    const unread = await centre(token, { unreadOnly: true });
    expect(idsOf(unread.body.result)).toEqual([`news:${newNews.id}`, `annt:${oldAnnt.id}`]);
    expect(unread.body.result.total).toBe(2);
    expect(idsOf((await centre(token, { source: 'annt' })).body.result)).toEqual([
      `annt:${readAnnt.id}`,
      `annt:${oldAnnt.id}`,
    ]);
    expect(idsOf((await centre(token, { source: 'news', unreadOnly: true })).body.result)).toEqual([
      `news:${newNews.id}`,
    ]);
  });

  it('pages past 200 items in SQL: page 3 of 100 holds the oldest 60 of 260', async () => {
    const { user, token } = await signedIn(ctx);
    // Interleaved times: announcement i at 2i minutes ago, message i at 2i+1 minutes ago.
    const annts = await insertAnnouncements(
      Array.from({ length: 130 }, (_, i) => announcement(user.id, { titile: `公告${i}`, sendTime: ago(2 * i + 1) })),
    );
    const news = await insertMessages(
      Array.from({ length: 130 }, (_, i) => message(user.id, { title: `消息${i}`, createdAt: ago(2 * i + 2) })),
    );
    await ctx.db
      .insert(announcementReads)
      .values(annts.filter((_, i) => i % 2 === 0).map((a) => ({ anntId: a.id, userId: user.id })));
    const expected = [
      ...annts.map((a) => ({ key: `annt:${a.id}`, time: a.sendTime?.getTime() ?? 0, id: a.id })),
      ...news.map((n) => ({ key: `news:${n.id}`, time: n.createdAt.getTime(), id: n.id })),
    ]
      .sort((a, b) => b.time - a.time || b.id.localeCompare(a.id))
      .map((e) => e.key);

    const third = await centre(token, { pageNo: 3, pageSize: 100 });
    expect(third.status).toBe(200);
    expect(third.body.result).toMatchObject({ total: 260, size: 100, current: 3, pages: 3 });
    expect(third.body.result.records).toHaveLength(60);
    expect(idsOf(third.body.result)).toEqual(expected.slice(200));
    expect(third.body.result.records.at(-1)).toMatchObject({ titile: '消息129', source: 'news' });

    // 65 unread announcements (the odd ones) and 130 unread messages.
    const unread = await centre(token, { pageNo: 2, pageSize: 100, unreadOnly: true });
    expect(unread.body.result).toMatchObject({ total: 195, pages: 2 });
    expect(unread.body.result.records).toHaveLength(95);
    expect(unread.body.result.records.every((r) => !r.readFlag)).toBe(true);

    expect((await centre(token, { pageNo: 4, pageSize: 100 })).body.result).toMatchObject({ records: [], total: 260 });
  });

  it("never shows another user's messages or announcements addressed to someone else", async () => {
    const { user, token } = await signedIn(ctx);
    const other = await createUser(ctx.db);
    const [mine] = await insertMessages([message(user.id)]);
    await insertMessages([message(other.id), message(user.id, { deletedAt: new Date() })]);
    const [forMe] = await insertAnnouncements([announcement(user.id)]);
    // Another user's read row does not make the announcement read for this one.
    await ctx.db.insert(announcementReads).values({ anntId: forMe.id, userId: other.id });
    await insertAnnouncements([
      announcement(other.id),
      announcement(user.id, { sendStatus: '0' }),
      announcement(user.id, { deletedAt: new Date() }),
      announcement(user.id, { endTime: ago(1) }),
      announcement(user.id, { startTime: new Date(Date.now() + 60 * MINUTE) }),
    ]);
    const res = await centre(token);
    expect(res.body.result.total).toBe(2);
    expect(idsOf(res.body.result).sort()).toEqual([`annt:${forMe.id}`, `news:${mine.id}`].sort());
    expect(res.body.result.records.find((r) => r.id === forMe.id)?.readFlag).toBe(false);
    expect((await centre((await signedIn(ctx)).token)).body.result.total).toBe(0);
  });

  it('shows ALL announcements to everyone and USER ones to listed users and department members', async () => {
    const depart = await createDepart(ctx.db);
    const member = await signedIn(ctx, { departs: [depart] });
    const outsider = await signedIn(ctx);
    const [forAll, forDepart] = await insertAnnouncements([
      announcement('', { msgType: 'ALL', userIds: null }),
      announcement('', { userIds: null, departIds: depart.id }),
    ]);
    onTestFinished(async () => {
      await ctx.db.delete(announcements).where(eq(announcements.id, forAll.id));
    });
    expect(idsOf((await centre(member.token)).body.result).sort()).toEqual(
      [`annt:${forAll.id}`, `annt:${forDepart.id}`].sort(),
    );
    expect(idsOf((await centre(outsider.token)).body.result)).toEqual([`annt:${forAll.id}`]);
  });

  it('needs a token and refuses a page larger than 100', async () => {
    expect((await centre(undefined)).status).toBe(401);
    const { token } = await signedIn(ctx);
    const big = await centre(token, { pageSize: 101 });
    expect(big.status).toBe(400);
    expect(big.body.message).toContain('每页条数不能超过 100');
    const badSource = await centre(token, { source: 'all' });
    expect(badSource.status).toBe(400);
    expect(badSource.body.message).toMatch(/来源/);
  });
});
