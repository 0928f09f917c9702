import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ShareStatus } from '@odp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMessages, dictItems, dicts, openApps, openGrants, workflowHistory } from '../../db/schema/index.js';
import { addMissingMenus } from '../../db/seed/menu-sync.js';
import { dayEnd } from '../../platform/city-days.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { jobContextOf } from '../../test/jobs.js';
import { setOpenQuota } from '../openapi/testing.js';
import { shareModule } from './manifest.js';
import { releaseExpiredShares } from './release.js';
import { applyForm, inDays, inUse, shareEntry, shareWorld, statusOf } from './testing.js';

let ctx: TestContext;
let world: Awaited<ReturnType<typeof shareWorld>>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-share-release-'));

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  await setOpenQuota(ctx.db, 'granted.second', '1000');
  world = await shareWorld(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const grantOf = async (id: string) =>
  (await ctx.db.select().from(openGrants).where(eq(openGrants.shareApplyId, id)))[0];
const appOf = async (id: string) => (await ctx.db.select().from(openApps).where(eq(openApps.id, id)))[0];
const rows = (appKey: string, catalogId: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `${ctx.base}/open/api/v1/datasets/${catalogId}/rows`,
    headers: { 'x-app-key': appKey, 'x-access-token': world.applicant.token },
  });
const messagesAbout = (id: string) =>
  ctx.db
    .select()
    .from(businessMessages)
    .where(and(eq(businessMessages.busId, id), eq(businessMessages.messageType, 'share_release')));

/** An application in use on a fresh entry, with its key answering the rows API. */
async function inUseOnFreshEntry(form: Partial<Parameters<typeof applyForm>[1]> = {}) {
  const entry = await shareEntry(ctx.db, world.sourceDept.orgCode);
  const id = await inUse(ctx, world, applyForm(entry.id, form));
  const grant = await grantOf(id);
  const app = await appOf(grant.appId);
  expect((await rows(app.appKey, entry.id)).statusCode).toBe(200);
  return { entry, id, app };
}

describe('release by the platform', () => {
  it('releases applications whose granted period is over, by the job’s clock, and tells the applicant', async () => {
    const end = inDays(1);
    const { entry, id, app } = await inUseOnFreshEntry({ startTime: inDays(0), endTime: end });
    const lasting = await inUseOnFreshEntry({ startTime: inDays(0), endTime: inDays(30) });
    const forever = await inUseOnFreshEntry({ ifForever: '1', endTime: null });

    // On the last granted day nothing is over yet.
    const lastDay = new Date(dayEnd(end).getTime() - 3_600_000);
    expect(await releaseExpiredShares.run(jobContextOf(ctx, { now: lastDay }), {})).toBe('没有到期的共享申请');
    expect((await statusOf(ctx.db, id)).status).toBe(ShareStatus.inUse);

    const after = new Date(dayEnd(end).getTime() + 3_600_000);
    const message = await releaseExpiredShares.run(jobContextOf(ctx, { now: after }), {});
    expect(message).toBe('已释放 1 条到期的共享申请');
    const row = await statusOf(ctx.db, id);
    expect(row).toMatchObject({ status: ShareStatus.released, releaseReason: '1' });
    expect(row.releasedAt?.toISOString()).toBe(after.toISOString());
    expect((await grantOf(id)).revokedAt?.toISOString()).toBe(after.toISOString());
    expect((await appOf(app.id)).status).toBe('0');
    expect((await rows(app.appKey, entry.id)).statusCode).toBe(401);
    const [told] = await messagesAbout(id);
    expect(told).toMatchObject({ userId: world.applicant.user.id, title: '共享申请“交通出行分析用人员数据”已释放' });
    expect(told.content).toContain('正常释放');
    const [history] = await ctx.db
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.subjectId, id), eq(workflowHistory.action, 'systemRelease')));
    expect(history).toMatchObject({ realname: '系统', comment: '正常释放' });

    for (const other of [lasting, forever]) {
      expect((await statusOf(ctx.db, other.id)).status).toBe(ShareStatus.inUse);
      expect((await rows(other.app.appKey, other.entry.id)).statusCode).toBe(200);
    }
  });

  it('releases an entry’s applications when its 下架 is approved, in the same transaction', async () => {
    const { entry, id, app } = await inUseOnFreshEntry();
    const off = await call(ctx, 'POST', '/api/flowcatalog/submitopenCatalogOffShelf', {
      token: world.sourceOfficer.token,
      body: { ids: [entry.id], comment: '数据停更', reason: '1' },
    });
    expect(off.status).toBe(200);
    // Still in use while the 下架 waits for review.
    expect((await statusOf(ctx.db, id)).status).toBe(ShareStatus.inUse);
    const approved = await call(ctx, 'POST', '/flowable/task/completeByDataId', {
      token: world.reviewer.token,
      body: { dataId: entry.id },
    });
    expect(approved.status).toBe(200);
    expect(await statusOf(ctx.db, id)).toMatchObject({ status: ShareStatus.released, releaseReason: '3' });
    expect((await grantOf(id)).revokedAt).toBeInstanceOf(Date);
    expect((await appOf(app.id)).status).toBe('0');
    expect((await rows(app.appKey, entry.id)).statusCode).toBe(401);
    expect((await messagesAbout(id))[0].content).toContain('类目下架');
  });

  it('releases an entry’s applications when it is deleted', async () => {
    const { entry, id } = await inUseOnFreshEntry();
    const deleted = await call(ctx, 'POST', '/api/flowcatalog/delete', {
      token: world.admin.token,
      body: { ids: [entry.id] },
    });
    expect(deleted.status).toBe(200);
    expect(await statusOf(ctx.db, id)).toMatchObject({ status: ShareStatus.released, releaseReason: '4' });
    expect((await grantOf(id)).revokedAt).toBeInstanceOf(Date);
    expect((await messagesAbout(id))[0].content).toContain('类目删除');
  });

  it('refuses to open a grant on an entry no longer on shelf', async () => {
    const entry = await shareEntry(ctx.db, world.sourceDept.orgCode);
    const id = (
      await call<{ applyId: string }>(ctx, 'POST', '/api/share/startShareApply', {
        token: world.applicant.token,
        body: applyForm(entry.id),
      })
    ).body.result.applyId;
    await call(ctx, 'POST', '/api/share/decide', {
      token: world.sourceOfficer.token,
      body: { applyId: id, decision: 'approve' },
    });
    await ctx.db.execute(sql`update data_catalog set shelf_status = 4 where id = ${entry.id}`);
    const res = await call(ctx, 'POST', '/api/share/decide', {
      token: world.reviewer.token,
      body: { applyId: id, decision: 'approve' },
    });
    expect([res.status, res.body.message]).toEqual([400, '目录已下架或已删除，不能开通共享']);
    expect((await statusOf(ctx.db, id)).status).toBe(ShareStatus.bureau);
    expect(await grantOf(id)).toBeUndefined();
  });
});

describe('申请归集', () => {
  it('tells the entry’s department once a day', async () => {
    const entry = await shareEntry(ctx.db, world.sourceDept.orgCode);
    const ask = (token: string) =>
      call(ctx, 'POST', `/api/share/applyNotionalPooling?catalogId=${entry.id}`, { token });
    const first = await ask(world.applicant.token);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(`已向${world.sourceDept.departName}发送归集申请`);
    const told = await ctx.db
      .select()
      .from(businessMessages)
      .where(and(eq(businessMessages.busId, entry.id), eq(businessMessages.messageType, 'share_pooling')));
    expect(told.map((m) => m.userId)).toEqual([world.sourceOfficer.user.id]);
    expect(told[0].title).toBe(`${world.applyDept.departName}申请归集目录“${entry.catalogName}”的数据`);
    const again = await ask(world.colleague.token);
    expect([again.status, again.body.message]).toEqual([400, '已申请过该目录的数据归集，请勿在一天内重复申请']);
    // Another department may still ask.
    expect((await ask(world.otherOfficer.token)).status).toBe(200);
    expect((await ask(world.sourceOfficer.token)).status).toBe(400);
  });
});

describe('the reference step', () => {
  const itemsOf = async (code: string) => {
    const [dict] = await ctx.db.select().from(dicts).where(eq(dicts.dictCode, code));
    if (!dict) return null;
    const items = await ctx.db
      .select()
      .from(dictItems)
      .where(eq(dictItems.dictId, dict.id))
      .orderBy(dictItems.sortOrder);
    return items.map((i) => [i.itemValue, i.itemText]);
  };

  it('relabels the share dictionaries an earlier release seeded wrongly and adds the missing ones', async () => {
    // The database as release 9 left it: other labels, no share rule, no share deadlines.
    const [release] = await ctx.db.select().from(dicts).where(eq(dicts.dictCode, 'share_data_release_status'));
    await ctx.db.delete(dictItems).where(eq(dictItems.dictId, release.id));
    await ctx.db.insert(dictItems).values([
      { dictId: release.id, itemValue: '0', itemText: '未发布' },
      { dictId: release.id, itemValue: '1', itemText: '已发布' },
    ]);
    await ctx.db.delete(dicts).where(eq(dicts.dictCode, 'share_rule'));
    const [due] = await ctx.db.select().from(dicts).where(eq(dicts.dictCode, 'workflow_due_days'));
    await ctx.db.delete(dictItems).where(and(eq(dictItems.dictId, due.id), eq(dictItems.itemValue, 'share.bureau')));
    // An administrator's own deadline stays.
    await ctx.db
      .update(dictItems)
      .set({ itemText: '3' })
      .where(and(eq(dictItems.dictId, due.id), eq(dictItems.itemValue, 'share.source')));

    const step = shareModule.referenceSteps?.find((s) => s.version === 10);
    await step?.apply(ctx.db, { addMissingMenus });

    expect(await itemsOf('share_data_release_status')).toEqual([
      ['1', '正常释放'],
      ['2', '手动释放'],
      ['3', '类目下架'],
      ['4', '类目删除'],
    ]);
    expect(await itemsOf('share_rule')).toEqual([['share_auto_grant', '0']]);
    expect((await itemsOf('workflow_due_days'))?.filter(([v]) => v.startsWith('share.'))).toEqual(
      expect.arrayContaining([
        ['share.source', '3'],
        ['share.bureau', '5'],
      ]),
    );
  });
});
