import { randomBytes, randomUUID } from 'node:crypto';
import type { AnnouncementRecord, NoticeItem, NoticeListResult, Page } from '@odp/contracts';
import { Perm } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announcementReads, announcements, logs } from '../../../db/schema/index.js';
import { describeCrudRoutes } from '../../../test/crud-contract.js';
import { createDepart, createUser, signedIn, signedInWith } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { type PushRecorder, recordPushes } from '../../../test/push-recorder.js';

let ctx: TestContext;
/** The notices this file's writes pushed, as every server instance receives them. */
let pushes: PushRecorder;
/** Holds every announcement permission. */
let adminToken: string;
/** May list announcements only. */
let readerToken: string;
/** Signed in without any announcement permission. */
let plainToken: string;

const uniq = () => randomBytes(4).toString('hex');
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp();
  pushes = await recordPushes(ctx.database);
  adminToken = (
    await signedInWith(ctx, [
      Perm.announcementList,
      Perm.announcementEdit,
      Perm.announcementRelease,
      Perm.announcementDelete,
    ])
  ).token;
  readerToken = (await signedInWith(ctx, [Perm.announcementList])).token;
  plainToken = (await signedIn(ctx)).token;
});
afterAll(async () => {
  await pushes.stop();
  await ctx.close();
});
beforeEach(async () => {
  await pushes.settled();
  pushes.clear();
});

const draftBody = (overrides: Record<string, unknown> = {}) => ({
  titile: `公告${uniq()}`,
  msgContent: '<p>内容</p>',
  priority: 'M',
  msgCategory: '1',
  msgType: 'ALL',
  ...overrides,
});

async function insertDraft(overrides: Partial<typeof announcements.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(announcements)
    .values({ titile: `草稿${uniq()}`, msgContent: '<p>草稿</p>', sendStatus: '0', ...overrides })
    .returning();
  return row;
}

const stored = async (id: string) => (await ctx.db.select().from(announcements).where(eq(announcements.id, id)))[0];
const logOf = (id: string, operateType: string) =>
  ctx.db
    .select()
    .from(logs)
    .where(and(eq(logs.target, id), eq(logs.operateType, operateType)));

describeCrudRoutes<AnnouncementRecord>({
  label: '公告',
  base: '/sys/annountCement',
  ctx: () => ctx,
  tokens: () => ({ editor: adminToken, reader: readerToken, stranger: plainToken }),
  table: announcements,
  id: announcements.id,
  remove: 'soft',
  create: () => draftBody(),
  find: (announcement) => ({ titile: announcement.titile }),
  edit: (announcement) => draftBody({ id: announcement.id, titile: `改后${uniq()}` }),
  refused: () =>
    (
      [
        [{ msgType: 'USER' }, '指定用户时请至少选择一个用户或部门'],
        [{ msgType: 'USER', userIds: '', departIds: '' }, '指定用户时请至少选择一个用户或部门'],
        [{ msgType: 'USER', userIds: randomUUID() }, '所选用户不存在或已删除'],
        [{ msgType: 'USER', departIds: randomUUID() }, '所选部门不存在'],
        [{ msgType: 'USER', userIds: 'abc' }, '用户编号不正确'],
        [{ startTime: '2026-05-02T00:00:00Z', endTime: '2026-05-01T00:00:00Z' }, '结束时间必须晚于开始时间'],
        [{ priority: 'X' }, '优先级只能是 L、M 或 H'],
        [{ msgCategory: '3' }, '消息类型只能是 1（通知）或 2（系统消息）'],
        [{ titile: '' }, '请输入标题'],
        [{ openType: 'url', openPage: 'javascript:alert(1)' }, '打开页面须为本站路径（以 / 开头，不能指向其他网站）'],
        [{ openType: 'url', openPage: 'https://evil.example/' }, '打开页面须为本站路径（以 / 开头，不能指向其他网站）'],
        [{ openType: 'component', openPage: '/\\evil.example' }, '打开页面须为本站路径（以 / 开头，不能指向其他网站）'],
        [{ openType: 'url', openPage: '/\t/evil.example' }, '打开页面须为本站路径（以 / 开头，不能指向其他网站）'],
      ] as const
    ).map(([overrides, message]) => ({ body: draftBody(overrides), message })),
  after: {
    add: (announcement, row, sent) => {
      expect(announcement).toMatchObject({ titile: sent.titile, sendStatus: '0' });
      expect(row).toMatchObject({ sendStatus: '0', sendTime: null, deletedAt: null });
    },
    edit: (_announcement, row, sent) => expect(row.titile).toBe(sent.titile),
  },
});

describe('POST /sys/annountCement/add', () => {
  it('stores a draft with the content sanitised and logs it', async () => {
    const res = await call<AnnouncementRecord>(ctx, 'POST', '/sys/annountCement/add', {
      token: adminToken,
      body: draftBody({
        titile: '停电检修通知',
        msgContent: '<p onclick="steal()">检修<script>alert(1)</script><a href="javascript:alert(1)">详情</a></p>',
        startTime: new Date(Date.now() - HOUR).toISOString(),
        endTime: new Date(Date.now() + HOUR).toISOString(),
        openType: 'url',
        openPage: '/bell',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('添加成功');
    const row = await stored(res.body.result.id);
    expect(row).toMatchObject({
      titile: '停电检修通知',
      msgContent: '<p>检修<a>详情</a></p>',
      sendStatus: '0',
      priority: 'M',
      openType: 'url',
      openPage: '/bell',
      sendTime: null,
    });
    expect(await logOf(row.id, 'add')).toHaveLength(1);
  });

  it('keeps users and departments of a USER announcement, comma-separated', async () => {
    const user = await createUser(ctx.db);
    const depart = await createDepart(ctx.db);
    const res = await call<AnnouncementRecord>(ctx, 'POST', '/sys/annountCement/add', {
      token: adminToken,
      body: draftBody({ msgType: 'USER', userIds: `${user.id}, ${user.id}`, departIds: depart.id }),
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ msgType: 'USER', userIds: user.id, departIds: depart.id });
  });
});

describe('PUT /sys/annountCement/edit', () => {
  it('changes a draft, sanitising again', async () => {
    const draft = await insertDraft();
    const res = await call(ctx, 'PUT', '/sys/annountCement/edit', {
      token: adminToken,
      body: draftBody({ id: draft.id, titile: '改后标题', msgContent: '<img src="x" onerror="alert(1)"><b>粗</b>' }),
    });
    expect(res.status).toBe(200);
    expect(await stored(draft.id)).toMatchObject({ titile: '改后标题', msgContent: '<img src="x" /><b>粗</b>' });
    expect(await logOf(draft.id, 'edit')).toHaveLength(1);
  });

  it('refuses released and revoked announcements and changes nothing', async () => {
    for (const sendStatus of ['1', '2']) {
      const row = await insertDraft({ sendStatus });
      const res = await call(ctx, 'PUT', '/sys/annountCement/edit', {
        token: adminToken,
        body: draftBody({ id: row.id, titile: '不该改' }),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('只有草稿状态的公告可以编辑');
      expect((await stored(row.id)).titile).toBe(row.titile);
    }
  });
});

describe('GET /sys/annountCement/list', () => {
  it('filters by title, status, category and priority, and sorts', async () => {
    const tag = uniq();
    const a = await insertDraft({ titile: `A甲${tag}`, priority: 'H', msgCategory: '2' });
    const b = await insertDraft({ titile: `B乙${tag}`, priority: 'L', sendStatus: '1', sendTime: new Date() });
    await insertDraft({ titile: `C丙${tag}`, deletedAt: new Date() });
    const list = (query: Record<string, string>) =>
      call<Page<AnnouncementRecord>>(ctx, 'GET', '/sys/annountCement/list', {
        token: readerToken,
        query: { titile: tag, ...query },
      });
    const all = await list({ sort: 'titile', order: 'asc' });
    expect(all.status).toBe(200);
    expect(all.body.result.records.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(all.body.result.total).toBe(2);
    expect((await list({ sendStatus: '1' })).body.result.records.map((r) => r.id)).toEqual([b.id]);
    expect((await list({ msgCategory: '2' })).body.result.records.map((r) => r.id)).toEqual([a.id]);
    expect((await list({ priority: 'H' })).body.result.records.map((r) => r.id)).toEqual([a.id]);
    expect((await list({ pageSize: '1', sort: 'titile', order: 'desc' })).body.result).toMatchObject({
      total: 2,
      pages: 2,
      records: [{ id: b.id, sendStatus: '1' }],
    });
    const bad = await list({ sort: 'password' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('不支持按 password 排序');
  });
});

describe('GET /sys/annountCement/queryById for administrators', () => {
  it('answers a draft to a holder of the list permission, and 404 to anyone else', async () => {
    const draft = await insertDraft();
    const admin = await call<AnnouncementRecord>(ctx, 'GET', '/sys/annountCement/queryById', {
      token: readerToken,
      query: { id: draft.id },
    });
    expect(admin.status).toBe(200);
    expect(admin.body.result).toMatchObject({ id: draft.id, sendStatus: '0', msgType: 'ALL' });
    const plain = await call(ctx, 'GET', '/sys/annountCement/queryById', {
      token: plainToken,
      query: { id: draft.id },
    });
    expect(plain.status).toBe(404);
  });
});

describe('release and revoke', () => {
  const release = (id: string, token = adminToken) =>
    call<AnnouncementRecord>(ctx, 'POST', '/sys/annountCement/doReleaseData', { token, body: { id } });
  const revoke = (id: string, token = adminToken) =>
    call<AnnouncementRecord>(ctx, 'POST', '/sys/annountCement/doReovkeData', { token, body: { id } });

  it('releases a draft: status, send time, sender, log and a push to everyone', async () => {
    const draft = await insertDraft();
    const res = await release(draft.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('发布成功');
    const row = await stored(draft.id);
    expect(row.sendStatus).toBe('1');
    expect(row.sendTime).toBeInstanceOf(Date);
    expect(row.sender).toMatch(/^测试用户/);
    expect(await logOf(draft.id, 'announcement:release')).toHaveLength(1);
    expect(await pushes.settled()).toEqual([{ all: true }]);
  });

  it('pushes a USER announcement to the listed users and the members of the listed departments', async () => {
    const depart = await createDepart(ctx.db);
    const member = await createUser(ctx.db, { departs: [depart] });
    const listed = await createUser(ctx.db);
    await createUser(ctx.db);
    const draft = await insertDraft({ msgType: 'USER', userIds: listed.id, departIds: depart.id });
    expect((await release(draft.id)).status).toBe(200);
    expect(await pushes.settled()).toHaveLength(1);
    const audience = pushes.pushes[0];
    expect('userIds' in audience && [...audience.userIds].sort()).toEqual([listed.id, member.id].sort());
  });

  it('revokes a released announcement, which leaves the bell', async () => {
    const { token } = await signedIn(ctx);
    const draft = await insertDraft();
    await release(draft.id);
    const bellBefore = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    expect(bellBefore.body.result.anntMsgList.map((n) => n.id)).toContain(draft.id);
    const res = await revoke(draft.id);
    expect(res.status).toBe(200);
    const row = await stored(draft.id);
    expect(row.sendStatus).toBe('2');
    expect(row.cancelTime).toBeInstanceOf(Date);
    expect(await logOf(draft.id, 'announcement:revoke')).toHaveLength(1);
    const bellAfter = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    expect(bellAfter.body.result.anntMsgList.map((n) => n.id)).not.toContain(draft.id);
  });

  it('refuses invalid transitions with a Chinese message and changes nothing', async () => {
    const released = await insertDraft({ sendStatus: '1', sendTime: new Date(Date.now() - HOUR) });
    const revoked = await insertDraft({ sendStatus: '2' });
    const draft = await insertDraft();
    const cases = [
      [await release(released.id), '只有草稿状态的公告可以发布', released],
      [await release(revoked.id), '只有草稿状态的公告可以发布', revoked],
      [await revoke(draft.id), '只有已发布的公告可以撤销', draft],
      [await revoke(revoked.id), '只有已发布的公告可以撤销', revoked],
    ] as const;
    for (const [res, message, row] of cases) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await stored(row.id)).toEqual(row);
    }
    expect(await pushes.settled()).toEqual([]);
    expect((await release(randomUUID())).status).toBe(404);
    expect((await release('x')).status).toBe(400);
  });

  it('needs a token and the release permission', async () => {
    const draft = await insertDraft();
    expect((await call(ctx, 'POST', '/sys/annountCement/doReleaseData', { body: { id: draft.id } })).status).toBe(401);
    expect((await release(draft.id, readerToken)).status).toBe(403);
    expect((await revoke(draft.id, plainToken)).status).toBe(403);
    expect((await stored(draft.id)).sendStatus).toBe('0');
  });
});

describe('DELETE /sys/annountCement/delete', () => {
  const remove = (id: string, token = adminToken) =>
    call(ctx, 'DELETE', '/sys/annountCement/delete', { token, query: { id } });

  it('soft-deletes drafts and revoked announcements', async () => {
    for (const sendStatus of ['0', '2']) {
      const row = await insertDraft({ sendStatus });
      const res = await remove(row.id);
      expect(res.status).toBe(200);
      expect((await stored(row.id)).deletedAt).toBeInstanceOf(Date);
      expect(await logOf(row.id, 'delete')).toHaveLength(1);
    }
  });

  it('refuses a released announcement and keeps it', async () => {
    const row = await insertDraft({ sendStatus: '1', sendTime: new Date() });
    const res = await remove(row.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('只有草稿或已撤销的公告可以删除');
    expect((await stored(row.id)).deletedAt).toBeNull();
  });
});

describe('the audience and the time window', () => {
  const released = (overrides: Partial<typeof announcements.$inferInsert> = {}) =>
    insertDraft({ sendStatus: '1', sendTime: new Date(), ...overrides });
  const mine = (token: string, query: Record<string, string> = {}) =>
    call<Page<NoticeItem>>(ctx, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend', {
      token,
      query: { pageSize: '200', ...query },
    });
  const bellIds = async (token: string) => {
    const res = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    return res.body.result.anntMsgList.map((n) => n.id);
  };

  it('reaches the members of a listed department and nobody else', async () => {
    const depart = await createDepart(ctx.db);
    const member = await signedIn(ctx, { departs: [depart] });
    const outsider = await signedIn(ctx, { departs: [await createDepart(ctx.db)] });
    const row = await released({ msgType: 'USER', departIds: depart.id });
    expect(await bellIds(member.token)).toContain(row.id);
    expect(await bellIds(outsider.token)).not.toContain(row.id);
    expect((await mine(member.token)).body.result.records.map((r) => r.id)).toContain(row.id);
    expect((await mine(outsider.token)).body.result.records.map((r) => r.id)).not.toContain(row.id);
    const open = await call(ctx, 'PUT', '/sys/annountCement/editByAnntIdAndUserId', {
      token: outsider.token,
      body: { anntId: row.id },
    });
    expect(open.status).toBe(400);
  });

  it('shows an announcement only between its start and end time', async () => {
    const { user, token } = await signedIn(ctx);
    const audience = { msgType: 'USER', userIds: user.id };
    const now = await released({
      ...audience,
      startTime: new Date(Date.now() - HOUR),
      endTime: new Date(Date.now() + HOUR),
    });
    const future = await released({ ...audience, startTime: new Date(Date.now() + HOUR) });
    const ended = await released({ ...audience, endTime: new Date(Date.now() - 1000) });
    // Announcements to everyone made by other tests are visible too; only these three matter here.
    const ours = (ids: string[]) => ids.filter((id) => [now.id, future.id, ended.id].includes(id));
    expect(ours((await mine(token)).body.result.records.map((r) => r.id))).toEqual([now.id]);
    expect(ours(await bellIds(token))).toEqual([now.id]);
  });

  it('pages my announcements with their read state and filters read / unread', async () => {
    const { user, token } = await signedIn(ctx);
    const audience = { msgType: 'USER', userIds: user.id };
    const older = await released({ ...audience, sendTime: new Date(Date.now() - 2 * HOUR) });
    const newer = await released({ ...audience, sendTime: new Date(Date.now() - HOUR) });
    await ctx.db.insert(announcementReads).values({ anntId: older.id, userId: user.id });
    const page = await mine(token, { msgCategory: '1' });
    expect(page.status).toBe(200);
    const own = page.body.result.records.filter((r) => r.id === older.id || r.id === newer.id);
    expect(own.map((r) => [r.id, r.readFlag])).toEqual([
      [newer.id, false],
      [older.id, true],
    ]);
    const unread = (await mine(token, { readFlag: '0' })).body.result.records.map((r) => r.id);
    expect(unread).toContain(newer.id);
    expect(unread).not.toContain(older.id);
    const read = (await mine(token, { readFlag: '1' })).body.result.records.map((r) => r.id);
    expect(read).toEqual([older.id]);
    const bad = await mine(token, { readFlag: '2' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/阅读状态/);
    expect((await call(ctx, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend')).status).toBe(401);
  });

  it('全部已读 marks every current announcement of the caller read, for the caller only', async () => {
    const { user, token } = await signedIn(ctx);
    const other = await signedIn(ctx);
    const row = await released({ msgType: 'USER', userIds: `${user.id},${other.user.id}` });
    const res = await call<number>(ctx, 'PUT', '/sys/sysAnnouncementSend/readAll', { token });
    expect(res.status).toBe(200);
    expect(res.body.result).toBeGreaterThan(0);
    const bell = await call<NoticeListResult>(ctx, 'GET', '/sys/annountCement/listByUser', { token });
    expect(bell.body.result).toMatchObject({ anntMsgTotal: 0, anntMsgList: [] });
    expect(await bellIds(other.token)).toContain(row.id);
    expect((await call(ctx, 'PUT', '/sys/sysAnnouncementSend/readAll')).status).toBe(401);
  });
});
