import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type DevMailMessage,
  type DevSmsMessage,
  NotifyMessages as M,
  type NotifySettings,
  type OpenApplyItem,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMessages, notifyOutbox, userNotifySettings, users } from '../../db/schema/index.js';
import { remind, sendBusinessMessage } from '../../platform/messaging/business-message.js';
import { createDepart, createUser, login } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { newMobile } from '../account/testing.js';
import { applyBody, conditionalEntry, uploadForms } from '../open-apply/testing.js';

type Person = { id: string; token: string; mobile: string | null; email: string | null };

let ctx: TestContext;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-notify-'));
let provider: { id: string; orgCode: string };
let officer: Person;

async function person(
  opts: { phone?: boolean; email?: boolean; roles?: string[]; departs?: { id: string; orgCode: string }[] } = {},
): Promise<Person> {
  const user = await createUser(ctx.db, { roles: opts.roles ?? ['registered'], departs: opts.departs });
  const mobile = opts.phone === false ? null : newMobile();
  const email = opts.email === false ? null : `${user.username}@example.cn`;
  await ctx.db.update(users).set({ phone: mobile, email }).where(eq(users.id, user.id));
  return { id: user.id, token: await login(ctx, user.username, user.password), mobile, email };
}

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  provider = await createDepart(ctx.db);
  officer = await person({ roles: ['dept_admin'], departs: [provider] });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const settingsOf = (who: { token: string }) =>
  call<NotifySettings>(ctx, 'GET', '/api/userManage/notifySettings', { token: who.token });
const save = (who: { token: string }, items: unknown) =>
  call<NotifySettings>(ctx, 'PUT', '/api/userManage/notifySettings', { token: who.token, body: { items } });

/** What the development inboxes hold for a person, once every queued notification was handed over. */
async function inboxesOf(who: Person) {
  await ctx.app.notify.flush();
  const sms = who.mobile
    ? (await call<DevSmsMessage[]>(ctx, 'GET', '/dev/sms-inbox', { query: { mobile: who.mobile } })).body.result
    : [];
  const mail = who.email
    ? (await call<DevMailMessage[]>(ctx, 'GET', '/dev/mail-inbox', { query: { to: who.email } })).body.result
    : [];
  return { sms, mail };
}

/** An application of the person, refused by the provider department through the real routes. */
async function refusedApplication(who: Person) {
  const entry = await conditionalEntry(ctx.db, provider.orgCode, { catalogName: `测试目录${Date.now()}` });
  const applied = await call<OpenApplyItem>(ctx, 'POST', '/api/openApply/apply', {
    token: who.token,
    body: applyBody(entry.id, await uploadForms(ctx, who.token)),
  });
  expect(applied.status, applied.body.message).toBe(200);
  const refused = await call<OpenApplyItem>(ctx, 'POST', '/api/openApply/decide', {
    token: officer.token,
    body: { id: applied.body.result.id, decision: 'reject', comment: '用途不明确' },
  });
  expect(refused.status, refused.body.message).toBe(200);
  return { id: applied.body.result.id, catalogName: entry.catalogName };
}

describe('消息设置', () => {
  it('starts with every category off, and says whether there is a number and an address', async () => {
    const who = await person({ email: false });
    const res = await settingsOf(who);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      hasPhone: true,
      hasEmail: false,
      items: [
        { category: 'review', sms: false, email: false },
        { category: 'todo', sms: false, email: false },
        { category: 'announcement', sms: false, email: false },
        { category: 'reply', sms: false, email: false },
      ],
    });
  });

  it('saves the caller’s own settings only; another user neither sees nor changes them', async () => {
    const alice = await person();
    const bob = await person();
    const saved = await save(alice, [{ category: 'review', sms: true, email: true }]);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe(M.saved);
    expect(saved.body.result.items[0]).toEqual({ category: 'review', sms: true, email: true });
    expect((await settingsOf(alice)).body.result.items[0]).toEqual({ category: 'review', sms: true, email: true });
    // Bob reads and writes his own rows: there is no user id to ask for, and one given is ignored.
    expect((await settingsOf(bob)).body.result.items[0]).toEqual({ category: 'review', sms: false, email: false });
    const res = await call(ctx, 'PUT', '/api/userManage/notifySettings', {
      token: bob.token,
      body: { userId: alice.id, items: [{ category: 'review', sms: false, email: false }] },
    });
    expect(res.status).toBe(200);
    expect((await settingsOf(alice)).body.result.items[0]).toEqual({ category: 'review', sms: true, email: true });
    // Turning one category off keeps the others.
    await save(alice, [{ category: 'todo', sms: true, email: false }]);
    await save(alice, [{ category: 'review', sms: false, email: true }]);
    expect((await settingsOf(alice)).body.result.items.slice(0, 2)).toEqual([
      { category: 'review', sms: false, email: true },
      { category: 'todo', sms: true, email: false },
    ]);
    expect((await call(ctx, 'GET', '/api/userManage/notifySettings')).status).toBe(401);
    expect((await call(ctx, 'PUT', '/api/userManage/notifySettings', { body: { items: [] } })).status).toBe(401);
  });

  it('refuses a channel without a number or an address, and bad input, writing nothing', async () => {
    const who = await person({ phone: false, email: false });
    const cases: [unknown, string | null][] = [
      [[{ category: 'review', sms: true, email: false }], M.noPhone],
      [[{ category: 'todo', sms: false, email: true }], M.noEmail],
      [[{ category: 'nope', sms: false, email: false }], null],
      [[], null],
      [
        [
          { category: 'review', sms: false, email: false },
          { category: 'review', sms: false, email: false },
        ],
        M.duplicate,
      ],
      [[{ category: 'review', sms: 'yes', email: false }], null],
    ];
    for (const [items, message] of cases) {
      const res = await save(who, items);
      expect(res.status, JSON.stringify(items)).toBe(400);
      if (message) expect(res.body.message).toContain(message);
    }
    expect(await ctx.db.select().from(userNotifySettings).where(eq(userNotifySettings.userId, who.id))).toEqual([]);
    // Off is always allowed.
    expect((await save(who, [{ category: 'review', sms: false, email: false }])).status).toBe(200);
  });
});

describe('delivery by SMS and mail', () => {
  it('sends a decision to the applicant who chose 短信 and 邮件 for 审核结果, once, and to nobody else', async () => {
    const alice = await person();
    const bob = await person();
    const carol = await person();
    await save(alice, [{ category: 'review', sms: true, email: true }]);
    await save(carol, [{ category: 'todo', sms: true, email: true }]);
    const a = await refusedApplication(alice);
    await refusedApplication(bob);
    await refusedApplication(carol);

    const got = await inboxesOf(alice);
    expect(got.sms).toHaveLength(1);
    expect(got.sms[0]).toMatchObject({ code: null, purpose: 'notify:review' });
    expect(got.sms[0].text).toBe(
      `【滨江市公共数据开放平台】开放申请“${a.catalogName}”未通过。详情请登录平台查看消息。`,
    );
    expect(got.mail).toHaveLength(1);
    expect(got.mail[0].subject).toContain(`开放申请“${a.catalogName}”未通过`);
    expect(got.mail[0].text).toContain('用途不明确');
    // The bell has it as before.
    expect(await ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, a.id))).toHaveLength(1);
    // Nothing for those who did not choose 审核结果; nothing left queued; a second pass sends nothing more.
    for (const other of [bob, carol]) expect(await inboxesOf(other)).toEqual({ sms: [], mail: [] });
    expect(await ctx.db.select().from(notifyOutbox)).toEqual([]);
    expect((await inboxesOf(alice)).sms).toHaveLength(1);
  });

  it('links to the page on PUBLIC_URL when the deployment’s address is known', async () => {
    const other = await createTestApp({ config: { publicUrl: 'https://data.binjiang.gov.cn/' } });
    try {
      const user = await createUser(other.db, { roles: ['registered'] });
      const mobile = newMobile();
      await other.db.update(users).set({ phone: mobile }).where(eq(users.id, user.id));
      await other.db.update(users).set({ email: 'pub@example.cn' }).where(eq(users.id, user.id));
      await other.db.insert(userNotifySettings).values({ userId: user.id, category: 'review', sms: true, email: true });
      await other.db.transaction((tx) =>
        sendBusinessMessage(tx, {
          userIds: [user.id],
          messageType: 'catalogue_review',
          title: '目录“公交线路”已通过审核',
          content: '<p>审核意见：同意 &amp; 上架</p><p>请<b>及时</b>维护</p>',
          openPage: '/personalCenter/perCenter?current=4',
          sender: '审核员',
        }),
      );
      await other.app.notify.flush();
      const sms = (await call<DevSmsMessage[]>(other, 'GET', '/dev/sms-inbox', { query: { mobile } })).body.result;
      expect(sms.map((m) => m.text)).toEqual([
        '【滨江市公共数据开放平台】目录“公交线路”已通过审核。详情：https://data.binjiang.gov.cn/personalCenter/perCenter?current=4',
      ]);
      // The mail keeps the words of the rich text.
      const [mail] = (await call<DevMailMessage[]>(other, 'GET', '/dev/mail-inbox')).body.result;
      expect(mail.text).toContain('审核意见：同意 & 上架\n请 及时 维护');
      expect(mail.text).toContain('详情：https://data.binjiang.gov.cn/personalCenter/perCenter?current=4');
    } finally {
      await other.close();
    }
  });

  it('sends nothing when the change rolls back', async () => {
    const alice = await person();
    await save(alice, [{ category: 'review', sms: true, email: true }]);
    await expect(
      ctx.db.transaction(async (tx) => {
        await sendBusinessMessage(tx, {
          userIds: [alice.id],
          messageType: 'open_apply',
          title: '开放申请“回滚”未通过审核',
          sender: '测试',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await inboxesOf(alice)).toEqual({ sms: [], mail: [] });
    expect(await ctx.db.select().from(businessMessages).where(eq(businessMessages.userId, alice.id))).toEqual([]);
  });

  it('sends a de-duplicated reminder once, to those with a number or an address only', async () => {
    const dana = await person();
    const noPhone = await person({ phone: false });
    await save(dana, [{ category: 'todo', sms: true, email: false }]);
    await save(noPhone, [{ category: 'todo', sms: false, email: true }]);
    // The number goes away after choosing: the mail still goes, no SMS is attempted.
    const now = new Date();
    for (let i = 0; i < 3; i++) {
      await ctx.db.transaction((tx) =>
        remind(tx, {
          to: { userIds: [dana.id, noPhone.id] },
          messageType: 'workflow_overdue',
          title: '您有一项待办已逾期',
          busId: 'task-1',
          notWithinMs: 3_600_000,
          now,
          sender: '系统',
        }),
      );
    }
    expect((await inboxesOf(dana)).sms.map((m) => m.text)).toEqual([
      '【滨江市公共数据开放平台】您有一项待办已逾期。详情请登录平台查看消息。',
    ]);
    expect(await inboxesOf(noPhone)).toMatchObject({
      sms: [],
      mail: [{ subject: '【滨江市公共数据开放平台】您有一项待办已逾期' }],
    });
    // A type without a category (nor a mapping) stays in the platform.
    await ctx.db.transaction((tx) =>
      sendBusinessMessage(tx, { userIds: [dana.id], messageType: 'unmapped_type', title: '其他消息', sender: '系统' }),
    );
    expect((await inboxesOf(dana)).sms).toHaveLength(1);
  });

  it('logs a failed send and never fails the decision', async () => {
    const erin = await person();
    await save(erin, [{ category: 'review', sms: true, email: true }]);
    const { sms } = ctx.app.notify;
    const send = sms.send;
    sms.send = async () => {
      throw new Error('carrier down');
    };
    try {
      const refused = await refusedApplication(erin);
      const got = await inboxesOf(erin);
      expect(got.sms).toEqual([]);
      expect(got.mail).toHaveLength(1);
      expect(await ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, refused.id))).toHaveLength(
        1,
      );
    } finally {
      sms.send = send;
    }
  });

  it('sends a released announcement by SMS and mail to those who chose 系统公告, and to nobody else', async () => {
    const admin = await person({ roles: ['admin'] });
    const chose = await person();
    const mailOnly = await person();
    const other = await person();
    await save(chose, [{ category: 'announcement', sms: true, email: true }]);
    await save(mailOnly, [{ category: 'announcement', sms: false, email: true }]);
    // Another category's choice does not bring announcements.
    await save(other, [{ category: 'review', sms: true, email: true }]);
    const before = await inboxesOf(other);
    const release = async (body: Record<string, unknown>) => {
      const draft = await call<{ id: string }>(ctx, 'POST', '/sys/annountCement/add', {
        token: admin.token,
        body: { msgContent: '<p>平台将于周六 22:00 至 24:00 停机维护。</p>', priority: 'M', msgCategory: '1', ...body },
      });
      expect(draft.status, draft.body.message).toBe(200);
      // A draft sends nothing.
      expect((await inboxesOf(chose)).sms.filter((m) => m.text.includes(String(body.titile)))).toEqual([]);
      const res = await call(ctx, 'POST', '/sys/annountCement/doReleaseData', {
        token: admin.token,
        body: { id: draft.body.result.id },
      });
      expect(res.status, res.body.message).toBe(200);
    };
    await release({ titile: '停机维护通知', msgType: 'ALL' });
    const got = await inboxesOf(chose);
    expect(got.sms.filter((m) => m.text.includes('停机维护通知'))).toHaveLength(1);
    expect(got.sms.find((m) => m.text.includes('停机维护通知'))?.purpose).toBe('notify:announcement');
    expect(got.mail.filter((m) => m.subject.includes('停机维护通知'))).toHaveLength(1);
    const mailed = await inboxesOf(mailOnly);
    expect(mailed.sms).toEqual([]);
    expect(mailed.mail.filter((m) => m.subject.includes('停机维护通知'))).toHaveLength(1);
    const after = await inboxesOf(other);
    expect(after.sms).toEqual(before.sms);
    expect(after.mail).toEqual(before.mail);

    // An announcement to named users reaches only those of them who chose it.
    await release({ titile: '定向通知', msgType: 'USER', userIds: other.id });
    expect((await inboxesOf(chose)).sms.filter((m) => m.text.includes('定向通知'))).toEqual([]);
    expect((await inboxesOf(other)).sms).toEqual(before.sms);
    await save(other, [{ category: 'announcement', sms: true, email: false }]);
    await release({ titile: '第二条定向通知', msgType: 'USER', userIds: other.id });
    expect((await inboxesOf(other)).sms.filter((m) => m.text.includes('第二条定向通知'))).toHaveLength(1);
    expect((await inboxesOf(chose)).sms.filter((m) => m.text.includes('第二条定向通知'))).toEqual([]);
  });

  it('keeps the development mail inbox out of production', async () => {
    const prod = await createTestApp({ config: { env: 'production' } });
    try {
      expect((await call(prod, 'GET', '/dev/mail-inbox')).status).toBe(404);
      expect((await call(prod, 'GET', '/dev/sms-inbox')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
