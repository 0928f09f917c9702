import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenApplyDetail, OpenApplyItem, OverdueReportItem, Page, UsageReportItem } from '@odp/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMessages, openApplies, usageReports } from '../../db/schema/index.js';
import { addYears, dayEnd, dayStart } from '../../platform/city-days.js';
import { createDepart, createUser, login } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { jobContextOf } from '../../test/jobs.js';
import { openApplyReports } from './jobs.js';
import { REPORT_MESSAGE_TYPES } from './reports.js';
import { reportDueDates } from './subject.js';
import { applyBody, conditionalEntry, inDays, setRule, uploadForms } from './testing.js';

type Person = { id: string; token: string };

let ctx: TestContext;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-open-reports-'));
let provider: { id: string; orgCode: string };
let other: { id: string; orgCode: string };
let officer: Person;
let stranger: Person;
let reviewer: Person;

async function person(opts: Parameters<typeof createUser>[1]): Promise<Person> {
  const user = await createUser(ctx.db, opts);
  return { id: user.id, token: await login(ctx, user.username, user.password) };
}

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  provider = await createDepart(ctx.db);
  other = await createDepart(ctx.db);
  officer = await person({ roles: ['dept_admin'], departs: [provider] });
  stranger = await person({ roles: ['dept_admin'], departs: [other] });
  reviewer = await person({ roles: ['reviewer'] });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const apply = async (who: Person, catalogId: string, overrides: Record<string, unknown> = {}) =>
  call<OpenApplyItem>(ctx, 'POST', '/api/openApply/apply', {
    token: who.token,
    body: applyBody(catalogId, await uploadForms(ctx, who.token), overrides),
  });
const decide = (who: Person, body: Record<string, unknown>) =>
  call<OpenApplyItem>(ctx, 'POST', '/api/openApply/decide', { token: who.token, body });

async function granted(who: Person, overrides: Record<string, unknown> = {}) {
  const e = await conditionalEntry(ctx.db, provider.orgCode);
  const res = await apply(who, e.id, overrides);
  const id = res.body.result.id;
  await decide(officer, { id, decision: 'approve' });
  expect((await decide(reviewer, { id, decision: 'approve' })).body.result.status).toBe('3');
  return id;
}
const reportsOf = async (who: Person, id: string) =>
  (await call<OpenApplyDetail>(ctx, 'GET', '/api/openApply/detail', { token: who.token, query: { id } })).body.result
    .reports;
const file = (who: Person, id: string, extra: Record<string, unknown> = {}) =>
  call<UsageReportItem>(ctx, 'POST', '/api/openApply/report', {
    token: who.token,
    body: { id, usedFor: '用于课题的人口分布分析', outcome: '形成研究报告一份', ...extra },
  });
const setDue = (reportId: string, dueAt: Date) =>
  ctx.db.update(usageReports).set({ dueAt }).where(eq(usageReports.id, reportId));

describe('scheduling', () => {
  it('owes a report at the end of the period, and with a yearly cycle on each anniversary before it', () => {
    expect(reportDueDates('2027-03-01', '2027-08-31', 'period')).toEqual([dayEnd('2027-08-31')]);
    expect(reportDueDates('2027-03-01', '2029-06-30', 'year')).toEqual([
      dayStart('2028-03-01'),
      dayStart('2029-03-01'),
      dayEnd('2029-06-30'),
    ]);
    expect(reportDueDates('2027-03-01', '2028-02-29', 'year')).toEqual([dayEnd('2028-02-29')]);
  });

  it('follows the rule’s cycle when granting', async () => {
    const dan = await person({ roles: ['registered'] });
    await setRule(ctx.db, 'report_cycle', 'year');
    try {
      const end = addYears(inDays(0), 2);
      const id = await granted(dan, { endDate: inDays(-1, dayStart(end)) });
      const reports = await reportsOf(dan, id);
      expect(reports.map((r) => r.dueAt)).toEqual([
        dayStart(addYears(inDays(0), 1)).toISOString(),
        dayEnd(inDays(-1, dayStart(end))).toISOString(),
      ]);
      expect(reports.every((r) => !r.canSubmit && !r.overdue)).toBe(true);
    } finally {
      await setRule(ctx.db, 'report_cycle', 'period');
    }
  });
});

describe('filing', () => {
  let erin: Person;
  let id: string;
  let reportId: string;

  beforeAll(async () => {
    erin = await person({ roles: ['registered'] });
    id = await granted(erin);
    [{ id: reportId }] = await reportsOf(erin, id);
  });

  it('is not open long before the report is due', async () => {
    const res = await file(erin, reportId);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('报告尚未到提交时间');
  });

  it('blocks new applications while overdue, and new grants', async () => {
    const waiting = await apply(erin, (await conditionalEntry(ctx.db, provider.orgCode)).id);
    expect(waiting.status).toBe(200);
    await setDue(reportId, new Date(Date.now() - 86_400_000));
    const [report] = await reportsOf(erin, id);
    expect(report).toMatchObject({ overdue: true, canSubmit: true });
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(openApplies);
    const res = await apply(erin, (await conditionalEntry(ctx.db, provider.orgCode)).id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('您有逾期未提交的利用情况报告，请先提交后再申请');
    expect((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(openApplies))[0].n).toBe(before[0].n);
    // The application made before the report fell overdue reaches the bureau but is not granted.
    expect((await decide(officer, { id: waiting.body.result.id, decision: 'approve' })).status).toBe(200);
    const blocked = await decide(reviewer, { id: waiting.body.result.id, decision: 'approve' });
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe('申请人有逾期未提交的利用情况报告，暂不能开通');
    const [row] = await ctx.db.select().from(openApplies).where(eq(openApplies.id, waiting.body.result.id));
    expect(row.status).toBe('2');
    expect(row.dailyQuota).toBeNull();
  });

  it('is listed for the provider department and the bureau', async () => {
    const list = (who: Person) =>
      call<Page<OverdueReportItem>>(ctx, 'GET', '/api/openApply/overdueReports', {
        token: who.token,
        query: { pageSize: '100' },
      });
    const mine = (await list(officer)).body.result.records.find((r) => r.id === reportId);
    expect(mine).toMatchObject({ applyId: id, daysOverdue: 1, applyStatus: '3' });
    expect((await list(reviewer)).body.result.records.map((r) => r.id)).toContain(reportId);
    expect((await list(stranger)).body.result.records.map((r) => r.id)).not.toContain(reportId);
    expect((await list(erin)).status).toBe(403);
  });

  it('is filed by the applicant only, once; then applying works again', async () => {
    const frank = await person({ roles: ['registered'] });
    expect((await file(frank, reportId)).status).toBe(404);
    expect((await file(officer, reportId)).status).toBe(403);
    const bad = await call(ctx, 'POST', '/api/openApply/report', { token: erin.token, body: { id: reportId } });
    expect(bad.status).toBe(400);
    const res = await file(erin, reportId);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ overdue: false, canSubmit: false, usedFor: '用于课题的人口分布分析' });
    expect((await file(erin, reportId)).status).toBe(400);
    expect((await apply(erin, (await conditionalEntry(ctx.db, provider.orgCode)).id)).status).toBe(200);
    const history = (
      await call<OpenApplyDetail>(ctx, 'GET', '/api/openApply/detail', { token: officer.token, query: { id } })
    ).body.result.history;
    expect(history.at(-1)?.actionLabel).toBe('提交利用情况报告');
  });
});

describe('the reminder job', () => {
  it('reminds before the due time once, and tells of an overdue report once', async () => {
    const gina = await person({ roles: ['registered'] });
    const colleague = await person({ roles: ['dept_admin'], departs: [provider] });
    const soonId = await granted(gina);
    const lateId = await granted(gina);
    const [soon] = await reportsOf(gina, soonId);
    const [late] = await reportsOf(gina, lateId);
    await setDue(soon.id, new Date(Date.now() + 3 * 86_400_000));
    await setDue(late.id, new Date(Date.now() - 60_000));
    const run = () => openApplyReports.run(jobContextOf(ctx), { remindBeforeDays: 7 });
    expect(await run()).toMatch(/提醒即将到期的报告 \d+ 份，通知逾期报告 \d+ 份/);
    const messages = async () =>
      ctx.db
        .select({ userId: businessMessages.userId, type: businessMessages.messageType, busId: businessMessages.busId })
        .from(businessMessages)
        .where(inArray(businessMessages.busId, [soon.id, late.id]));
    const first = await messages();
    expect(first.filter((m) => m.busId === soon.id)).toEqual([
      { userId: gina.id, type: REPORT_MESSAGE_TYPES.due, busId: soon.id },
    ]);
    const overdue = first.filter((m) => m.busId === late.id);
    expect(overdue.map((m) => m.userId).sort()).toEqual([gina.id, officer.id, colleague.id].sort());
    expect(overdue.every((m) => m.type === REPORT_MESSAGE_TYPES.overdue)).toBe(true);
    expect(await run()).toBe('没有需要提醒的利用情况报告');
    expect(await messages()).toHaveLength(first.length);
    // A reminded report that then falls overdue is told once more, as overdue (the clock moved on 4 days).
    const later = jobContextOf(ctx, { now: new Date(Date.now() + 4 * 86_400_000) });
    await openApplyReports.run(later, { remindBeforeDays: 7 });
    await openApplyReports.run(later, { remindBeforeDays: 7 });
    const after = await ctx.db
      .select()
      .from(businessMessages)
      .where(and(eq(businessMessages.busId, soon.id), eq(businessMessages.messageType, REPORT_MESSAGE_TYPES.overdue)));
    expect(after.map((m) => m.userId).sort()).toEqual([gina.id, officer.id, colleague.id].sort());
  });
});
