import { randomBytes } from 'node:crypto';
import { type LogItem, type LoginInfo, type Page, Perm, type VisitInfo } from '@odp/contracts';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs } from '../../../db/schema/index.js';
import { login, signedInWith } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { purgeOldLogs } from './service.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signedInWith(ctx, [Perm.logList])).token;
});
afterAll(() => ctx.close());

const marker = () => `mk${randomBytes(4).toString('hex')}`;
const DAY = 86_400_000;

async function addLog(values: Partial<typeof logs.$inferInsert> & { logContent: string }) {
  await ctx.db.insert(logs).values({ logType: 2, operateType: 'edit', username: 'tester', ip: '10.0.0.1', ...values });
}

const list = (body: Record<string, unknown>, t: string | null = token) =>
  call<Page<LogItem>>(ctx, 'POST', '/sys/log/list', {
    token: t ?? undefined,
    body: { pageNo: 1, pageSize: 10, ...body },
  });

describe('POST /sys/log/list', () => {
  it('records the method, address and duration of the request behind an administrative change', async () => {
    const admin = await signedInWith(ctx, [Perm.roleAdd]);
    const code = marker();
    const added = await call(ctx, 'POST', '/sys/role/add', {
      token: admin.token,
      body: { roleName: `日志角色${code}`, roleCode: code },
    });
    expect(added.status).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(logs)
      .where(like(logs.logContent, `%${code}%`));
    expect(row).toMatchObject({ logType: 2, operateType: 'add', method: 'POST' });
    expect(row.requestUrl).toContain('/sys/role/add');
    expect(row.costTime).toEqual(expect.any(Number));
    expect(row.costTime).toBeGreaterThanOrEqual(0);
    const listed = await list({ logType: 2, keyWord: code });
    expect(listed.body.result.records[0].request).toMatch(/^POST .*\/sys\/role\/add$/);
  });

  it('needs a token and the permission', async () => {
    expect((await list({ logType: 2 }, null)).status).toBe(401);
    const other = await signedInWith(ctx, []);
    expect((await list({ logType: 2 }, other.token)).status).toBe(403);
  });

  it('filters by type, keyword, user, outcome and time, newest first', async () => {
    const m = marker();
    await addLog({ logContent: `${m} 旧的`, createdAt: new Date(Date.now() - 3 * DAY) });
    await addLog({ logContent: `${m} 新的`, username: 'zhang_san', realname: '张三' });
    await addLog({ logContent: `${m} 失败`, outcome: 'failure' });
    await addLog({ logContent: `${m} 登录`, logType: 1 });

    const all = await list({ logType: 2, keyWord: m });
    expect(all.status).toBe(200);
    expect(all.body.result.total).toBe(3);
    expect(all.body.result.records[2].logContent).toBe(`${m} 旧的`);
    expect(all.body.result.records[0]).toMatchObject({ logType: 2, ip: '10.0.0.1', operateType: 'edit' });

    const byUser = await list({ logType: 2, keyWord: m, username: '张' });
    expect(byUser.body.result.records.map((r) => r.logContent)).toEqual([`${m} 新的`]);

    const failed = await list({ logType: 2, keyWord: m, outcome: 'failure' });
    expect(failed.body.result.records.map((r) => r.logContent)).toEqual([`${m} 失败`]);

    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const recent = await list({ logType: 2, keyWord: m, createTime_begin: today, createTime_end: today });
    expect(recent.body.result.total).toBe(2);

    const logins = await list({ logType: 1, keyWord: m });
    expect(logins.body.result.records.map((r) => r.logContent)).toEqual([`${m} 登录`]);

    const asc = await list({ logType: 2, keyWord: m, sort: 'createTime', order: 'asc' });
    expect(asc.body.result.records[0].logContent).toBe(`${m} 旧的`);
  });

  it('answers 400 for bad filters', async () => {
    const bad: Record<string, unknown>[] = [
      {},
      { logType: 3 },
      { logType: 2, sort: 'password_hash' },
      { logType: 2, sort: 'constructor' },
      { logType: 2, outcome: 'maybe' },
      { logType: 2, createTime_begin: 'yesterday' },
      { logType: 2, createTime_begin: '2026-05-02', createTime_end: '2026-05-01' },
      { logType: 2, createTime_begin: '2026-13-45' },
      { logType: 2, pageSize: 100_000 },
    ];
    for (const body of bad) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('POST /sys/log/export', () => {
  it('needs the permission', async () => {
    expect((await call(ctx, 'POST', '/sys/log/export', { body: { logType: 2 } })).status).toBe(401);
    const other = await signedInWith(ctx, []);
    expect((await call(ctx, 'POST', '/sys/log/export', { token: other.token, body: { logType: 2 } })).status).toBe(403);
  });

  it('sends the filtered rows as xlsx with Chinese headers and formulas neutralised, and logs the export', async () => {
    const m = marker();
    await addLog({ logContent: `${m} 普通` });
    await addLog({ logContent: `=HYPERLINK("http://evil","${m}")`, target: '@SUM(A1)' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${ctx.base}/sys/log/export`,
      headers: { 'x-access-token': token },
      payload: { logType: 2, keyWord: m },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['日志类型', '日志内容', '用户账号', 'IP 地址', '请求', '结果', '时间']),
    );
    expect(sheet.rowCount).toBe(3);
    const contents = [sheet.getRow(2).getCell(2).value, sheet.getRow(3).getCell(2).value];
    expect(contents).toContain(`'=HYPERLINK("http://evil","${m}")`);
    expect(contents).toContain(`${m} 普通`);
    const formulaRow = sheet.getRow(2).getCell(2).value === `${m} 普通` ? 3 : 2;
    expect(sheet.getRow(formulaRow).getCell(4).value).toBe("'@SUM(A1)");
    expect(sheet.getRow(formulaRow).getCell(9).value).toBe('成功');
    const logged = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.operateType, 'log:export'), like(logs.logContent, '导出操作日志 2 条')));
    expect(logged).toHaveLength(1);
  });

  it('answers 400 for bad filters and writes nothing', async () => {
    const before = (await ctx.db.select().from(logs).where(eq(logs.operateType, 'log:export'))).length;
    const res = await call(ctx, 'POST', '/sys/log/export', { token, body: { logType: 2, sort: 'nope' } });
    expect(res.status).toBe(400);
    expect((await ctx.db.select().from(logs).where(eq(logs.operateType, 'log:export'))).length).toBe(before);
  });
});

describe('GET /sys/loginfo and /sys/visitInfo', () => {
  it('need a signed-in user', async () => {
    expect((await call(ctx, 'GET', '/sys/loginfo')).status).toBe(401);
    expect((await call(ctx, 'GET', '/sys/visitInfo')).status).toBe(401);
  });

  it('count successful sign-ins today and in total, and the last seven days', async () => {
    const { user, token: t } = await signedInWith(ctx, []);
    const before = await call<LoginInfo>(ctx, 'GET', '/sys/loginfo', { token: t });
    expect(before.status).toBe(200);
    expect(before.body.result.todayVisitCount).toBeGreaterThanOrEqual(1);
    expect(before.body.result.todayIp).toBeGreaterThanOrEqual(1);
    await login(ctx, user.username, user.password);
    await call(ctx, 'POST', '/sys/login', { body: { username: user.username, password: 'wrong-password1' } });
    const after = await call<LoginInfo>(ctx, 'GET', '/sys/loginfo', { token: t });
    expect(after.body.result.todayVisitCount).toBe(before.body.result.todayVisitCount + 1);
    expect(after.body.result.totalVisitCount).toBe(before.body.result.totalVisitCount + 1);

    const week = await call<VisitInfo[]>(ctx, 'GET', '/sys/visitInfo', { token: t });
    expect(week.status).toBe(200);
    expect(week.body.result).toHaveLength(7);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(week.body.result[6]).toMatchObject({ date: today, visit: after.body.result.todayVisitCount });
    expect(week.body.result[0].date < today).toBe(true);
  });
});

describe('purgeOldLogs', () => {
  it('deletes rows older than the retention and keeps the rest', async () => {
    const m = marker();
    await addLog({ logContent: `${m} 很旧`, createdAt: new Date(Date.now() - 200 * DAY) });
    await addLog({ logContent: `${m} 不旧`, createdAt: new Date(Date.now() - 170 * DAY) });
    expect(await purgeOldLogs(ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db
      .select({ c: logs.logContent })
      .from(logs)
      .where(like(logs.logContent, `${m}%`));
    expect(left.map((r) => r.c)).toEqual([`${m} 不旧`]);
    expect(await purgeOldLogs(ctx.db, 30)).toBeGreaterThanOrEqual(1);
    await expect(purgeOldLogs(ctx.db, 0)).rejects.toThrow(RangeError);
  });
});
