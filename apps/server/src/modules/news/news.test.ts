import { randomBytes, randomUUID } from 'node:crypto';
import type { NewsItem, NoticeListResult, Page } from '@odp/contracts';
import { Perm } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announcements, businessMessages, logs } from '../../db/schema/index.js';
import { sendBusinessMessage } from '../../platform/messaging/business-message.js';
import { createUser, signedIn, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { type PushRecorder, recordPushes } from '../../test/push-recorder.js';

let ctx: TestContext;
/** The notices this file's writes pushed, as every server instance receives them. */
let pushes: PushRecorder;
const uniq = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  ctx = await createTestApp();
  pushes = await recordPushes(ctx.database);
});
afterAll(async () => {
  await pushes.stop();
  await ctx.close();
});
beforeEach(async () => {
  await pushes.settled();
  pushes.clear();
});

async function message(userId: string, overrides: Partial<typeof businessMessages.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(businessMessages)
    .values({ userId, messageType: 'catalogue_review', title: `消息${uniq()}`, content: '<p>内容</p>', ...overrides })
    .returning();
  return row;
}

const rowOf = async (id: string) =>
  (await ctx.db.select().from(businessMessages).where(eq(businessMessages.id, id)))[0];

const page = (token: string, body: Record<string, unknown> = {}) =>
  call<Page<NewsItem>>(ctx, 'POST', '/api/news/page', { token, body });

describe('POST /api/news/page', () => {
  it("pages the caller's own live messages, newest first, filtered by type and read state", async () => {
    const { user, token } = await signedIn(ctx);
    const other = await createUser(ctx.db);
    const old = await message(user.id, { createdAt: new Date(Date.now() - 60_000), readFlag: true });
    const shelf = await message(user.id, { messageType: 'catalogue_shelf', openPage: '/cataloguemanage/list' });
    await message(user.id, { deletedAt: new Date() });
    await message(other.id);
    const all = await page(token);
    expect(all.status).toBe(200);
    expect(all.body.result.total).toBe(2);
    expect(all.body.result.records.map((r) => r.id)).toEqual([shelf.id, old.id]);
    expect(all.body.result.records[0]).toMatchObject({
      messageType: 'catalogue_shelf',
      title: shelf.title,
      content: '<p>内容</p>',
      openPage: '/cataloguemanage/list',
      readFlag: false,
      readTime: null,
    });
    expect((await page(token, { messageType: 'catalogue_review' })).body.result.records.map((r) => r.id)).toEqual([
      old.id,
    ]);
    expect((await page(token, { readFlag: '0' })).body.result.records.map((r) => r.id)).toEqual([shelf.id]);
    expect((await page(token, { readFlag: '1' })).body.result.records.map((r) => r.id)).toEqual([old.id]);
    expect((await page(token, { pageNo: 2, pageSize: 1 })).body.result).toMatchObject({
      total: 2,
      current: 2,
      pages: 2,
    });
  });

  it('needs a token and refuses a malformed filter', async () => {
    expect((await call(ctx, 'POST', '/api/news/page', { body: {} })).status).toBe(401);
    const { token } = await signedIn(ctx);
    const bad = await page(token, { messageType: "x'; drop table biz_message; --" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/消息类型/);
  });
});

describe('PUT /api/news/readBatch and readAll', () => {
  it("marks only the caller's own messages read", async () => {
    const { user, token } = await signedIn(ctx);
    const other = await createUser(ctx.db);
    const mine = await message(user.id);
    const theirs = await message(other.id);
    const res = await call<number>(ctx, 'PUT', '/api/news/readBatch', {
      token,
      body: { ids: `${mine.id},${theirs.id}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(1);
    expect(await rowOf(mine.id)).toMatchObject({ readFlag: true });
    expect((await rowOf(mine.id)).readTime).toBeInstanceOf(Date);
    expect(await rowOf(theirs.id)).toMatchObject({ readFlag: false, readTime: null });
  });

  it('readAll marks every unread message of the caller', async () => {
    const { user, token } = await signedIn(ctx);
    const other = await createUser(ctx.db);
    const a = await message(user.id);
    const b = await message(user.id);
    const theirs = await message(other.id);
    const res = await call<number>(ctx, 'PUT', '/api/news/readAll', { token });
    expect(res.body.result).toBe(2);
    expect((await rowOf(a.id)).readFlag && (await rowOf(b.id)).readFlag).toBe(true);
    expect((await rowOf(theirs.id)).readFlag).toBe(false);
  });

  it('needs a token and refuses malformed ids, writing nothing', async () => {
    const { user, token } = await signedIn(ctx);
    const row = await message(user.id);
    expect((await call(ctx, 'PUT', '/api/news/readBatch', { body: { ids: [row.id] } })).status).toBe(401);
    expect((await call(ctx, 'PUT', '/api/news/readAll')).status).toBe(401);
    for (const body of [{ ids: [] }, { ids: 'abc' }, {}]) {
      const res = await call(ctx, 'PUT', '/api/news/readBatch', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await rowOf(row.id)).readFlag).toBe(false);
  });
});

describe('DELETE /api/news/deleteBatch', () => {
  it("soft-deletes only the caller's own messages", async () => {
    const { user, token } = await signedIn(ctx);
    const other = await createUser(ctx.db);
    const mine = await message(user.id);
    const theirs = await message(other.id);
    const res = await call<number>(ctx, 'DELETE', '/api/news/deleteBatch', {
      token,
      query: { ids: `${mine.id},${theirs.id}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(1);
    expect((await rowOf(mine.id)).deletedAt).toBeInstanceOf(Date);
    expect((await rowOf(theirs.id)).deletedAt).toBeNull();
    expect((await page(token)).body.result.records).toEqual([]);
  });

  it('needs a token and refuses malformed ids', async () => {
    const { user, token } = await signedIn(ctx);
    const row = await message(user.id);
    expect((await call(ctx, 'DELETE', '/api/news/deleteBatch', { query: { ids: row.id } })).status).toBe(401);
    const bad = await call(ctx, 'DELETE', '/api/news/deleteBatch', { token, query: { ids: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('消息编号不正确');
    expect((await rowOf(row.id)).deletedAt).toBeNull();
  });
});

describe('GET /api/news/getUnreadMessageQuantity', () => {
  it("counts the caller's unread live messages", async () => {
    const { user, token } = await signedIn(ctx);
    await message(user.id);
    await message(user.id);
    await message(user.id, { readFlag: true });
    await message(user.id, { deletedAt: new Date() });
    await message((await createUser(ctx.db)).id);
    const res = await call<number>(ctx, 'GET', '/api/news/getUnreadMessageQuantity', { token });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(2);
    expect((await call(ctx, 'GET', '/api/news/getUnreadMessageQuantity')).status).toBe(401);
  });
});

describe('POST /api/news/doReleaseData', () => {
  const body = (userIds: string[], overrides: Record<string, unknown> = {}) => ({
    userIds: userIds.join(','),
    messageType: 'system',
    title: '数据目录年度核查',
    content: '<p onmouseover="x()">请于月底前<script>x()</script>完成核查</p>',
    openPage: '/cataloguemanage/list',
    ...overrides,
  });

  it('sends one sanitised message per user, logs it and pushes to them', async () => {
    const admin = await signedInWith(ctx, [Perm.announcementRelease]);
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const res = await call<number>(ctx, 'POST', '/api/news/doReleaseData', {
      token: admin.token,
      body: body([a.id, b.id]),
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(2);
    const rows = await ctx.db.select().from(businessMessages).where(eq(businessMessages.title, '数据目录年度核查'));
    expect(rows.map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
    expect(rows[0]).toMatchObject({ content: '<p>请于月底前完成核查</p>', messageType: 'system', readFlag: false });
    expect(rows[0].sender).toMatch(/^测试用户/);
    expect(await pushes.settled()).toHaveLength(1);
    const audience = pushes.pushes[0];
    expect('userIds' in audience && [...audience.userIds].sort()).toEqual([a.id, b.id].sort());
    const log = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.userId, admin.user.id), eq(logs.operateType, 'news:release')));
    expect(log).toHaveLength(1);
  });

  it('needs a token and the release permission', async () => {
    const target = await createUser(ctx.db);
    expect((await call(ctx, 'POST', '/api/news/doReleaseData', { body: body([target.id]) })).status).toBe(401);
    const plain = await signedIn(ctx);
    const res = await call(ctx, 'POST', '/api/news/doReleaseData', { token: plain.token, body: body([target.id]) });
    expect(res.status).toBe(403);
    expect(await ctx.db.select().from(businessMessages).where(eq(businessMessages.userId, target.id))).toEqual([]);
  });

  it('refuses unknown users, an empty title and a foreign page, writing nothing', async () => {
    const admin = await signedInWith(ctx, [Perm.announcementRelease]);
    const target = await createUser(ctx.db);
    const cases = [
      [body([target.id, randomUUID()]), '所选用户不存在或已删除'],
      [body([target.id], { title: ' ' }), '请输入标题'],
      [body([target.id], { openPage: 'https://evil.example' }), '打开页面须为本站路径'],
      [body([target.id], { openPage: '//evil.example' }), '打开页面须为本站路径'],
      [body([target.id], { openPage: '/%5Cevil.example' }), '打开页面须为本站路径'],
      [body([]), '请选择接收用户'],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await call(ctx, 'POST', '/api/news/doReleaseData', { token: admin.token, body: payload });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await ctx.db.select().from(businessMessages).where(eq(businessMessages.userId, target.id))).toEqual([]);
    expect(await pushes.settled()).toEqual([]);
  });
});

describe('the bell with business messages', () => {
  it('lists unread business messages under 系统消息 with system announcements, newest first, and counts them', async () => {
    const { user, token } = await signedIn(ctx);
    const [sys] = await ctx.db
      .insert(announcements)
      .values({
        titile: '系统维护',
        msgCategory: '2',
        msgType: 'USER',
        userIds: user.id,
        sendStatus: '1',
        sendTime: new Date(Date.now() - 60_000),
      })
      .returning();
    await ctx.db.transaction((tx) =>
      sendBusinessMessage(tx, {
        userIds: [user.id],
        messageType: 'catalogue_review',
        title: '目录“公交站点”审核通过',
        text: '审核意见：<同意>',
        busId: 'c1',
        openPage: '/cataloguemanage/list',
        sender: '审核员',
      }),
    );
    await message(user.id, { readFlag: true });
    const res = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    const { sysMsgList, sysMsgTotal } = res.body.result;
    expect(sysMsgTotal).toBe(2);
    expect(sysMsgList.map((n) => n.titile)).toEqual(['目录“公交站点”审核通过', '系统维护']);
    expect(sysMsgList[0]).toMatchObject({
      source: 'news',
      messageType: 'catalogue_review',
      msgContent: '<p>审核意见：&lt;同意&gt;</p>',
      openType: 'url',
      openPage: '/cataloguemanage/list',
      sender: '审核员',
      msgCategory: '2',
      readFlag: false,
    });
    expect(sysMsgList[1]).toMatchObject({ id: sys.id, source: 'annt' });
    expect(await pushes.settled()).toEqual([{ userIds: [user.id] }]);

    await call(ctx, 'PUT', '/api/news/readBatch', { token, body: { ids: [sysMsgList[0].id] } });
    const after = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    expect(after.body.result.sysMsgTotal).toBe(1);
  });

  it('writes nothing and pushes nothing when the surrounding transaction fails', async () => {
    const { user } = await signedIn(ctx);
    await expect(
      ctx.db.transaction(async (tx) => {
        await sendBusinessMessage(tx, { userIds: [user.id], messageType: 'system', title: '回滚', sender: '系统' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await ctx.db.select().from(businessMessages).where(eq(businessMessages.userId, user.id))).toEqual([]);
  });
  it('keeps only same-site links: a foreign one is stored as no link', async () => {
    const user = await createUser(ctx.db);
    const links = ['/cataloguemanage/list', '//evil.example', '/\\evil.example', 'https://evil.example', '/%2F%2Fevil'];
    const rows = await ctx.db.transaction(async (tx) => {
      const sent = [];
      for (const openPage of links) {
        sent.push(
          ...(await sendBusinessMessage(tx, {
            userIds: [user.id],
            messageType: 'system',
            title: '链接',
            openPage,
            sender: '系统',
          })),
        );
      }
      return sent;
    });
    expect(rows.map((r) => r.openPage)).toEqual(['/cataloguemanage/list', null, null, null, null]);
  });
});
