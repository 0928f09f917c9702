import type { NoticeItem, Page } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMessages, interactionTickets } from '../../db/schema/index.js';
import { runDeadlines } from '../../platform/workflow/deadlines.js';
import { createDepart, createUser, login } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';

let ctx: TestContext;
let citizen: { id: string; token: string };
let officer: { id: string; token: string };
let outsider: { id: string; token: string };
let ticketId: string;

async function person(opts: Parameters<typeof createUser>[1]) {
  const user = await createUser(ctx.db, opts);
  return { id: user.id, token: await login(ctx, user.username, user.password) };
}

const centre = (token: string) =>
  call<Page<NoticeItem>>(ctx, 'POST', '/api/news/centre', { token, body: { pageNo: 1, pageSize: 50 } });
const quickReply = (token: string, id: string, content: string) =>
  call(ctx, 'POST', '/api/news/quickReply', { token, body: { id, content } });
const reminderOf = async (userId: string) => {
  const [row] = await ctx.db
    .select()
    .from(businessMessages)
    .where(and(eq(businessMessages.userId, userId), eq(businessMessages.busId, ticketId)));
  return row;
};

beforeAll(async () => {
  ctx = await createTestApp();
  const dept = await createDepart(ctx.db, { departName: '快捷回复测试局' });
  const other = await createDepart(ctx.db, { departName: '另一个局' });
  citizen = await person({ roles: ['registered'] });
  officer = await person({ roles: ['dept_admin'], departs: [dept] });
  outsider = await person({ roles: ['dept_admin'], departs: [other] });
  const entry = await createMarketEntry(ctx.db, dept.orgCode, { catalogName: '快捷回复测试数据集' });
  const made = await call<{ id: string }>(ctx, 'POST', '/api/dataCorrection/save', {
    token: citizen.token,
    body: { catalogId: entry.id, correctionContent: '第 2 行的联系电话已停用，请更新为新的号码。' },
  });
  ticketId = made.body.result.id;
  // Far past every deadline: the reply task is overdue and its owner is told, as the job does.
  await runDeadlines(ctx.db, new Date(Date.now() + 60 * 86_400_000), { remindBeforeHours: 24 });
});
afterAll(() => ctx?.close());

describe('快捷回复 from the message centre', () => {
  it('offers it on the owner’s reminder and answers the ticket through the desk’s 回复', async () => {
    const reminder = await reminderOf(officer.id);
    expect(reminder?.messageType).toBe('workflow_overdue');
    const listed = (await centre(officer.token)).body.result.records.find((m) => m.id === reminder.id);
    expect(listed?.quickReply).toBe(true);

    const res = await quickReply(officer.token, reminder.id, '已核实，号码已更新。\n<b>感谢</b>反馈');
    expect([res.status, res.body.message]).toEqual([200, '回复成功']);
    const [ticket] = await ctx.db.select().from(interactionTickets).where(eq(interactionTickets.id, ticketId));
    expect(ticket.reply).toBe('<p>已核实，号码已更新。</p><p>&lt;b&gt;感谢&lt;/b&gt;反馈</p>');
    expect(ticket.replyDepartName).toBe('快捷回复测试局');
    expect((await reminderOf(officer.id)).readFlag).toBe(true);
    // Replied: nothing is owed any more, and the submitter heard of it.
    const after = (await centre(officer.token)).body.result.records.find((m) => m.id === reminder.id);
    expect(after?.quickReply).toBe(false);
    const again = await quickReply(officer.token, reminder.id, '再回复一次');
    expect([again.status, again.body.message]).toEqual([400, '该事项当前无需您回复']);
    const told = await ctx.db
      .select()
      .from(businessMessages)
      .where(and(eq(businessMessages.userId, citizen.id), eq(businessMessages.messageType, 'interaction_reply')));
    expect(told).toHaveLength(1);
  });

  it('refuses another user’s message, a message without a quick reply, and empty text', async () => {
    const reminder = await reminderOf(officer.id);
    expect((await quickReply(outsider.token, reminder.id, '不是我的消息')).status).toBe(404);
    const [note] = await ctx.db
      .insert(businessMessages)
      .values({ userId: officer.id, messageType: 'catalog_audit', title: '目录审核通过', busId: ticketId })
      .returning();
    const res = await quickReply(officer.token, note.id, '无关回复');
    expect([res.status, res.body.message]).toEqual([400, '该消息不支持快捷回复']);
    const empty = await quickReply(officer.token, reminder.id, '   ');
    expect([empty.status, empty.body.message]).toEqual([400, '请输入回复内容（字段 content）']);
  });
});
