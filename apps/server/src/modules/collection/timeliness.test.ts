import type { Page, TableAlertItem, UpdateBadDetail, UpdateBadRow } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../db/schema/index.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';

const DAY = 86_400_000;
let ctx: TestContext;
let district: { id: string; orgCode: string; departName: string };
let dept: { id: string; orgCode: string; departName: string };
let other: { id: string; orgCode: string };
let officer: string;
let reviewer: string;
let citizen: string;

/** An entry of the department last updated `ago` ms before now (null: never). */
async function made(orgCode: string, frequency: string, ago: number | null, extra: { shelfStatus?: number } = {}) {
  const entry = await createMarketEntry(ctx.db, orgCode, { dataFormat: 'table', updateFrequency: frequency, ...extra });
  await ctx.db
    .update(catalogues)
    .set({ dataUpdateTime: ago === null ? null : new Date(Date.now() - ago) })
    .where(eq(catalogues.id, entry.id));
  return entry;
}

beforeAll(async () => {
  ctx = await createTestApp();
  district = await createDepart(ctx.db, { orgType: '2', departName: '测试区' });
  dept = await createDepart(ctx.db, { parentId: district.id });
  other = await createDepart(ctx.db);
  officer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [dept] })).token;
  reviewer = (await signedIn(ctx, { roles: ['reviewer'], departs: [other] })).token;
  citizen = (await signedIn(ctx, { roles: ['registered'] })).token;
  await made(dept.orgCode, '1', DAY / 2); // 已更新
  await made(dept.orgCode, '1', DAY + DAY / 2); // 待更新
  await made(dept.orgCode, '1', 3 * DAY); // 更新已超时
  await made(dept.orgCode, '3', 40 * DAY); // 更新已超时
  await made(dept.orgCode, '3', null); // 待更新 (never)
  await made(dept.orgCode, '1', 9 * DAY, { shelfStatus: 4 }); // off the shelf: not in 超时统计
  await made(other.orgCode, '1', 5 * DAY); // another department's, overdue
});
afterAll(() => ctx.close());

const post = <T>(token: string | undefined, url: string, body: object) =>
  call<T>(ctx, 'POST', url, { token, body: { pageNo: 1, pageSize: 100, ...body } });

describe('timeliness reports', () => {
  it('need a token (401) and the permission (403)', async () => {
    for (const url of ['/api/IndexPage/tableAlertList', '/api/IndexPage/catalogUpdateBadList']) {
      expect((await post(undefined, url, {})).status, url).toBe(401);
      expect((await post(citizen, url, {})).status, url).toBe(403);
    }
    const detail = { orgCode: dept.orgCode };
    expect((await post(citizen, '/api/IndexPage/updateBadDetailList', detail)).status).toBe(403);
  });

  it('已发布目录超时统计 counts a department’s published entries by status, with its district', async () => {
    const mine = await post<Page<UpdateBadRow>>(officer, '/api/IndexPage/catalogUpdateBadList', {});
    expect(mine.status).toBe(200);
    expect(mine.body.result.records).toEqual([
      {
        orgCode: dept.orgCode,
        departName: dept.departName,
        region: '测试区',
        total: 5,
        updated: 1,
        due: 2,
        overdue: 2,
      },
    ]);
    const all = await post<Page<UpdateBadRow>>(reviewer, '/api/IndexPage/catalogUpdateBadList', { onlyOverdue: '1' });
    const byOrg = new Map(all.body.result.records.map((r) => [r.orgCode, r]));
    expect(byOrg.get(dept.orgCode)?.overdue).toBe(2);
    expect(byOrg.get(other.orgCode)).toMatchObject({ total: 1, overdue: 1, region: '市本级' });
    expect(all.body.result.records.every((r) => r.overdue > 0)).toBe(true);
    const byRegion = await post<Page<UpdateBadRow>>(reviewer, '/api/IndexPage/catalogUpdateBadList', {
      region: '测试区',
    });
    expect(byRegion.body.result.records.map((r) => r.orgCode)).toEqual([dept.orgCode]);
  });

  it('the detail lists the entries behind a count, and only for the caller’s own department', async () => {
    const overdue = await post<Page<UpdateBadDetail>>(officer, '/api/IndexPage/updateBadDetailList', {
      orgCode: dept.orgCode,
      updateStatus: '3',
    });
    expect(overdue.status).toBe(200);
    expect(overdue.body.result.total).toBe(2);
    const days = overdue.body.result.records.map((r) => r.overdueDays).sort((a, b) => Number(a) - Number(b));
    // Daily, updated 3 days ago: due 2 days ago. Monthly, 40 days ago: due 9 or 10 days ago (month length).
    expect(days[0]).toBe(2);
    expect(days[1]).toBeGreaterThanOrEqual(9);
    expect(overdue.body.result.records[0]).toMatchObject({ region: '测试区', updateMode: 'Excel 上报' });
    const refused = await post(officer, '/api/IndexPage/updateBadDetailList', { orgCode: other.orgCode });
    expect(refused.status).toBe(403);
    const reviewed = await post<Page<UpdateBadDetail>>(reviewer, '/api/IndexPage/updateBadDetailList', {
      orgCode: other.orgCode,
    });
    expect(reviewed.body.result.total).toBe(1);
  });

  it('更新时间统计 lists 库表 entries with next due times, filtered by never-updated and overdue', async () => {
    const all = await post<Page<TableAlertItem>>(officer, '/api/IndexPage/tableAlertList', {});
    expect(all.status).toBe(200);
    expect(all.body.result.total).toBe(6);
    expect(all.body.result.records.every((r) => r.orgCode === dept.orgCode)).toBe(true);
    expect(all.body.result.records[0].updateStatus).toBe('3');
    const never = await post<Page<TableAlertItem>>(officer, '/api/IndexPage/tableAlertList', { timeIsNull: '是' });
    expect(never.body.result.records.map((r) => [r.isUpdate, r.nextUpdateTime, r.updateStatus])).toEqual([
      [false, null, '2'],
    ]);
    const late = await post<Page<TableAlertItem>>(officer, '/api/IndexPage/tableAlertList', { overTime: '是' });
    expect(late.body.result.total).toBe(3);
    const daily = late.body.result.records.find((r) => r.updateFrequency === '1' && r.dataUpdateTime);
    expect(daily && Date.parse(daily.nextUpdateTime ?? '') - Date.parse(daily.dataUpdateTime ?? '')).toBe(DAY);
    const bad = await post(officer, '/api/IndexPage/tableAlertList', { overTime: 'maybe' });
    expect(bad.status).toBe(400);
  });
});
