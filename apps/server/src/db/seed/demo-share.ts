import { type ShareApplyInput, ShelfStatus } from '@odp/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { appSecrets } from '../../modules/openapi/keys.js';
import { shareService, within } from '../../modules/share/service.js';
import type { Actor } from '../../platform/auth/actor.js';
import { loadGrants } from '../../platform/auth/sessions.js';
import { cityDate } from '../../platform/city-days.js';
import type { Executor, Tx } from '../client.js';
import { catalogueItems, catalogues, datastoreResources, shareApplies, users } from '../schema/index.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A demo account as the services see a signed-in user: its department and its permissions. */
export async function actorOf(tx: Executor, username: string): Promise<Actor | null> {
  const [user] = await tx.select().from(users).where(eq(users.username, username));
  if (!user) return null;
  const { perms, roleCodes } = await loadGrants(tx, user.id);
  return {
    userId: user.id,
    username: user.username,
    realname: user.realname,
    orgCode: user.orgCode,
    sessionId: 'seed',
    tenantId: 0,
    perms,
    roleCodes,
    ip: '127.0.0.1',
  };
}

/** Shelved entries of a department that may be shared, those with rows first, with their shareable items. */
async function shareableEntries(tx: Tx, orgCode: string) {
  const rows = await tx
    .select({
      id: catalogues.id,
      name: catalogues.catalogName,
      rows: sql<number>`(select coalesce(max(${datastoreResources.rowCount}), 0) from ${datastoreResources}
        where ${datastoreResources.catalogId} = ${catalogues.id})`.mapWith(Number),
    })
    .from(catalogues)
    .where(
      and(
        eq(catalogues.orgCode, orgCode),
        eq(catalogues.shelfStatus, ShelfStatus.on),
        inArray(catalogues.shareType, ['10', '20']),
      ),
    )
    .orderBy(asc(catalogues.catalogCode));
  rows.sort((a, b) => Number(b.rows > 0) - Number(a.rows > 0));
  const items = rows.length
    ? await tx
        .select({ catalogId: catalogueItems.catalogId, name: catalogueItems.name })
        .from(catalogueItems)
        .where(
          and(
            inArray(
              catalogueItems.catalogId,
              rows.map((r) => r.id),
            ),
            ne(catalogueItems.shareProperty, '30'),
          ),
        )
        .orderBy(asc(catalogueItems.serialNumber))
    : [];
  return rows
    .map((r) => ({ ...r, items: items.filter((i) => i.catalogId === r.id).map((i) => i.name) }))
    .filter((r) => r.items.length > 0);
}

/**
 * 数据共享 between the demo departments, made through the share service and the workflow kernel as the
 * officers would: 交通运输局 (王交通) asks 卫健委 (陈卫健) for its data — one application waits at
 * 卫健委, one at the bureau (李审核), one is in use after 卫健委 narrowed its items, one was released,
 * one was rejected with a reason — and 卫健委 asks 交通运输局 for one entry, waiting for 王交通. Runs
 * once: a database with share applications keeps them.
 */
export async function seedDemoShares(tx: Tx, config: Config, now = new Date()): Promise<number> {
  const [already] = await tx.select({ id: shareApplies.id }).from(shareApplies).limit(1);
  if (already) return 0;
  // One after another: a transaction's client takes one statement at a time.
  const jt = await actorOf(tx, 'jtadmin');
  const wsj = await actorOf(tx, 'wsjadmin');
  const reviewer = await actorOf(tx, 'reviewer');
  if (!jt?.orgCode || !wsj?.orgCode || !reviewer) return 0;
  const fromHealth = await shareableEntries(tx, wsj.orgCode);
  const fromTransport = await shareableEntries(tx, jt.orgCode);
  if (fromHealth.length === 0) return 0;

  const service = shareService(appSecrets(config));
  const db = within(tx);
  const startTime = cityDate(now);
  const endTime = cityDate(new Date(now.getTime() + YEAR_MS));
  const form = (entry: (typeof fromHealth)[number], title: string, remark: string): ShareApplyInput => ({
    catalogId: entry.id,
    title,
    applyRemark: remark,
    startTime,
    endTime,
    ifForever: '0',
    items: entry.items.map((name) => ({ name, reason: '用于跨部门业务协同与联合分析' })),
    agreementsAccepted: true,
  });
  const pick = (i: number) => fromHealth[i % fromHealth.length];
  let made = 0;
  const apply = async (who: Actor, input: ShareApplyInput) => {
    made++;
    return (await service.saveAndSubmit(db, who, input)).applyId;
  };

  // In use: 卫健委 keeps all but the last item when there are several, then the bureau approves.
  const inUseEntry = pick(0);
  const inUse = await apply(jt, form(inUseEntry, `${inUseEntry.name}共享使用`, '交通出行与医疗资源布局联合分析'));
  if (inUseEntry.items.length > 2) {
    await service.narrow(db, wsj, {
      applyId: inUse,
      dataStartTime: startTime,
      dataEndTime: endTime,
      items: inUseEntry.items.slice(0, -1),
    });
  }
  await service.decide(db, wsj, {
    applyId: inUse,
    decision: 'approve',
    comment: '同意共享，已按最小必要原则调整信息项',
  });
  await service.decide(db, reviewer, { applyId: inUse, decision: 'approve', comment: '同意' });

  // Waiting at 卫健委, and at the bureau.
  const atSource = pick(1);
  await apply(jt, form(atSource, `${atSource.name}共享申请`, '急救车辆通行保障需要相关数据'));
  const atBureau = pick(2);
  const bureauId = await apply(jt, form(atBureau, `${atBureau.name}共享申请`, '公交线路优化需参考人口健康分布'));
  await service.decide(db, wsj, { applyId: bureauId, decision: 'approve', comment: '同意' });

  // Released by 交通运输局 after use.
  const releasedEntry = pick(3);
  const released = await apply(jt, form(releasedEntry, `${releasedEntry.name}（专项使用）`, '春运专项保障期间使用'));
  await service.decide(db, wsj, { applyId: released, decision: 'approve', comment: '同意' });
  await service.decide(db, reviewer, { applyId: released, decision: 'approve', comment: '同意' });
  await service.act(db, jt, released, 'release');

  // Rejected by 卫健委 with its reason.
  const rejectedEntry = pick(4);
  const rejected = await apply(jt, form(rejectedEntry, `${rejectedEntry.name}共享申请`, '业务需要'));
  await service.decide(db, wsj, {
    applyId: rejected,
    decision: 'reject',
    comment: '申请说明过于简略，请补充具体用途和使用范围后重新提交',
  });

  // 卫健委 asks 交通运输局, waiting for 王交通.
  if (fromTransport.length > 0) {
    const entry = fromTransport[0];
    await apply(wsj, form(entry, `${entry.name}共享申请`, '院前急救调度需要实时交通数据'));
  }
  return made;
}
