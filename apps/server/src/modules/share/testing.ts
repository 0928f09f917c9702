import { type ShareApplyInput, ShareStatus } from '@odp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { catalogueItems, dictItems, dicts, shareApplies } from '../../db/schema/index.js';
import { cityDate } from '../../platform/city-days.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { call, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';
import { mountRows } from '../openapi/testing.js';

/** A table of people whose items are shared unconditionally, on conditions, and not at all. */
export const ITEMS = [
  { name: '编号', enName: 'id', shareProperty: '10' },
  { name: '姓名', enName: 'name', shareProperty: '10' },
  { name: '手机号', enName: 'mobile', shareProperty: '20', masked: true },
  { name: '身份证号', enName: 'id_card', shareProperty: '30' },
  { name: '金额', enName: 'amount', shareProperty: '10' },
];
export const PEOPLE = [
  ['1', '张三', '13800001111', '110101199001011234', '120'],
  ['2', '李四', '13800002222', '110101199002021234', '80'],
];

/** An entry of `orgCode` on shelf with the items above, 有条件开放 (its rows need a grant) and its rows mounted. */
export async function shareEntry(
  db: Db,
  orgCode: string,
  overrides: { shareType?: string; catalogName?: string } = {},
) {
  const entry = await createMarketEntry(db, orgCode, {
    ...(overrides.catalogName ? { catalogName: overrides.catalogName } : {}),
    dataFormat: 'table',
    openType: '2',
    openCondition: '须经申请',
    shareType: overrides.shareType ?? '20',
    items: ITEMS,
  });
  for (const item of ITEMS) {
    await db
      .update(catalogueItems)
      .set({ shareProperty: item.shareProperty })
      .where(and(eq(catalogueItems.catalogId, entry.id), eq(catalogueItems.name, item.name)));
  }
  await mountRows(
    db,
    entry.id,
    ITEMS.map((i) => i.name),
    PEOPLE,
  );
  return entry;
}

const addDays = (days: number) => cityDate(new Date(Date.now() + days * 24 * 3_600_000));

/** The form as the web sends it (defaults unfilled). */
export type ShareForm = z.input<typeof ShareApplyInput>;

/** A complete form for the entry: 编号 and 手机号 (with its reason) for the coming month. */
export function applyForm(catalogId: string, overrides: Partial<ShareForm> = {}): ShareForm {
  return {
    catalogId,
    title: '交通出行分析用人员数据',
    keyAreasType: '6',
    applyRemark: '用于分析通勤出行',
    startTime: addDays(0),
    endTime: addDays(30),
    ifForever: '0',
    items: [{ name: '编号' }, { name: '手机号', reason: '需联系出行人' }],
    agreementsAccepted: true,
    ...overrides,
  };
}

export const inDays = addDays;

/** The two departments of a share and their staff, a third department, the bureau and an administrator. */
export async function shareWorld(ctx: TestContext) {
  const applyDept = await createDepart(ctx.db, { departName: `交通运输局${Math.random().toString(36).slice(2, 6)}` });
  const sourceDept = await createDepart(ctx.db, { departName: `卫生健康委${Math.random().toString(36).slice(2, 6)}` });
  const otherDept = await createDepart(ctx.db);
  const staff = (depart: { id: string; orgCode: string }) =>
    signedIn(ctx, { roles: ['dept_admin'], departs: [depart] });
  return {
    applyDept,
    sourceDept,
    otherDept,
    applicant: await staff(applyDept),
    colleague: await staff(applyDept),
    sourceOfficer: await staff(sourceDept),
    otherOfficer: await staff(otherDept),
    reviewer: await signedIn(ctx, { roles: ['reviewer'], departs: [otherDept] }),
    admin: await signedIn(ctx, { roles: ['admin'], departs: [otherDept] }),
    noDepart: await signedIn(ctx, { roles: ['dept_admin'] }),
  };
}

/** Sets a dictionary item's text (a setting such as share_rule.share_auto_grant or a deadline). */
export async function setDictItem(db: Db, dictCode: string, itemValue: string, itemText: string) {
  const [dict] = await db.select().from(dicts).where(eq(dicts.dictCode, dictCode));
  await db
    .update(dictItems)
    .set({ itemText })
    .where(and(eq(dictItems.dictId, dict.id), eq(dictItems.itemValue, itemValue)));
}

export const statusOf = async (db: Db, id: string) =>
  (await db.select().from(shareApplies).where(eq(shareApplies.id, id)))[0];

export const shareCount = async (db: Db) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(shareApplies))[0].n;

/** Applies and submits through the API; answers the application id. */
export async function submitted(ctx: TestContext, token: string, form: ShareForm): Promise<string> {
  const res = await call<{ applyId: string }>(ctx, 'POST', '/api/share/startShareApply', { token, body: form });
  if (res.status !== 200) throw new Error(`startShareApply: ${res.status} ${res.body.message}`);
  return res.body.result.applyId;
}

/** Decides the application's current node through the API. */
export const decide = (
  ctx: TestContext,
  token: string,
  applyId: string,
  decision: 'approve' | 'reject',
  comment?: string,
) => call<{ status: ShareStatus }>(ctx, 'POST', '/api/share/decide', { token, body: { applyId, decision, comment } });

/** Submitted, approved by the data's department and by the bureau: in use. */
export async function inUse(
  ctx: TestContext,
  world: Awaited<ReturnType<typeof shareWorld>>,
  form: ShareForm,
): Promise<string> {
  const id = await submitted(ctx, world.applicant.token, form);
  for (const token of [world.sourceOfficer.token, world.reviewer.token]) {
    const res = await decide(ctx, token, id, 'approve');
    if (res.status !== 200) throw new Error(`decide: ${res.status} ${res.body.message}`);
  }
  return id;
}

export { ShareStatus };
