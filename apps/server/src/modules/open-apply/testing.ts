import { OPEN_APPLY_RULE_DICT, OPEN_USE_AGREEMENT, type OpenAppItem, type OpenAppSecret } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dictItems, dicts } from '../../db/schema/index.js';
import { cityDate } from '../../platform/city-days.js';
import { call, type TestContext } from '../../test/harness.js';
import { SAMPLE_FILES, uploadAttachment } from '../attachments/testing.js';
import { createMarketEntry } from '../market/testing.js';
import { mountRows } from '../openapi/testing.js';

export const ITEMS = [
  { name: '编号', enName: 'id' },
  { name: '姓名', enName: 'name' },
  { name: '手机号', enName: 'mobile', masked: true },
  { name: '登记日期', enName: 'reg_date' },
  { name: '金额', enName: 'amount' },
];
const ROWS = [
  ['1', '张三', '13800001111', '2026-01-05', '120'],
  ['2', '李四', '13800002222', '2026-02-10', '80.5'],
  ['3', '王五', '13800003333', '2026-03-15', '300'],
];

/** A 有条件开放 entry on the shelf of the department, with rows in the datastore. */
export async function conditionalEntry(db: Db, orgCode: string, overrides: { catalogName?: string } = {}) {
  const entry = await createMarketEntry(db, orgCode, {
    dataFormat: 'table',
    openType: '2',
    openCondition: '须实名申请并说明用途',
    items: ITEMS,
    ...overrides,
  });
  await mountRows(
    db,
    entry.id,
    ITEMS.map((i) => i.name),
    ROWS,
  );
  return entry;
}

/** The applicant's own 申请表 and 安全承诺书, uploaded through the real route. */
export async function uploadForms(ctx: TestContext, token: string) {
  const form = await uploadAttachment(ctx, token, 'openApply.application', '申请表.pdf', SAMPLE_FILES.pdf());
  const pledge = await uploadAttachment(ctx, token, 'openApply.pledge', '承诺书.pdf', SAMPLE_FILES.pdf());
  return { applicationFileId: form.body.result.id, pledgeFileId: pledge.body.result.id };
}

/** A city date `days` from today. */
export const inDays = (days: number, from = new Date()) =>
  cityDate(new Date(from.getTime() + days * 24 * 60 * 60 * 1000));

export function applyBody(
  catalogId: string,
  files: { applicationFileId: string; pledgeFileId: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    catalogId,
    purpose: '研究城市人口分布',
    scenario: '高校科研课题的统计分析',
    fields: ['编号', '姓名', '手机号', '登记日期'],
    startDate: inDays(0),
    endDate: inDays(90),
    securityMeasures: '专人管理密钥，数据加密存储，仅在内网分析环境使用',
    ...files,
    agreementVersion: OPEN_USE_AGREEMENT.version,
    agreementAccepted: true,
    ...overrides,
  };
}

/** Sets one item of dict open_apply_rule (bureau_review, default_daily_quota, report_cycle). */
export async function setRule(db: Db, item: string, text: string) {
  const [dict] = await db.select().from(dicts).where(eq(dicts.dictCode, OPEN_APPLY_RULE_DICT));
  await db
    .update(dictItems)
    .set({ itemText: text })
    .where(and(eq(dictItems.dictId, dict.id), eq(dictItems.itemValue, item)));
}

/** One of the user's apps of the open data API, with its secret (shown once). */
export async function createOpenApp(ctx: TestContext, token: string, name: string) {
  const res = await call<OpenAppItem & OpenAppSecret>(ctx, 'POST', '/api/openApp/add', {
    token,
    body: { name, description: '测试' },
  });
  if (res.status !== 200) throw new Error(`app: ${res.status} ${res.body.message}`);
  return res.body.result;
}
