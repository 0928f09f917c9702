import { BIG_SCREEN_FEED_TOPIC, type BigScreenFeedItem, type BigScreenFeedKind, ShelfStatus } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogues, departs, openApplies, shareApplies } from '../../db/schema/index.js';
import type { AppliedTransition } from '../../platform/module.js';
import { publishPublic } from '../../platform/push/publish.js';
import { isPublicSql } from '../market/repository.js';

/** What a visitor may read of an entry that is not public (shared between departments only). */
export const UNLISTED_TITLE = '部门间共享数据';

/** The dataset's name when the entry is public, else a neutral title: the feed is for anyone. */
export const feedTitle = sql<string>`(case when ${isPublicSql} then ${catalogues.catalogName} else ${UNLISTED_TITLE} end)`;

/** Which transitions are lines of 实时动态, and where their entry and department are. */
const FEED: Record<string, { kind: BigScreenFeedKind; when(a: AppliedTransition): boolean }> = {
  catalogue: {
    kind: 'release',
    when: (a) => Number(a.to.shelf) === ShelfStatus.on && Number(a.from.shelf) !== ShelfStatus.on,
  },
  openApply: { kind: 'openApply', when: (a) => a.action === 'submit' },
  share: { kind: 'shareApply', when: (a) => a.action === 'submit' },
};

/** The entry an applied record is about, and the department the line names. */
async function lineOf(tx: Executor, kind: BigScreenFeedKind, id: string) {
  const departName = sql<string>`coalesce(${departs.departName}, '')`;
  if (kind === 'release') {
    return (
      await tx
        .select({ title: feedTitle, departName })
        .from(catalogues)
        .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
        .where(eq(catalogues.id, id))
    )[0];
  }
  if (kind === 'openApply') {
    return (
      await tx
        .select({ title: feedTitle, departName })
        .from(openApplies)
        .innerJoin(catalogues, eq(catalogues.id, openApplies.catalogId))
        .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
        .where(eq(openApplies.id, id))
    )[0];
  }
  return (
    await tx
      .select({ title: feedTitle, departName })
      .from(shareApplies)
      .innerJoin(catalogues, eq(catalogues.id, shareApplies.catalogId))
      .leftJoin(departs, eq(departs.orgCode, shareApplies.applyOrgCode))
      .where(eq(shareApplies.id, id))
  )[0];
}

/**
 * The kernel's observer: an entry going on the shelf, or an open or share application submitted, is
 * pushed to every big screen on commit (the public socket), never the applicant.
 */
export async function pushFeedLine(tx: Executor, applied: AppliedTransition) {
  const rule = FEED[applied.subjectType];
  if (!rule?.when(applied)) return;
  const line = await lineOf(tx, rule.kind, applied.id);
  if (!line) return;
  const item: BigScreenFeedItem = {
    kind: rule.kind,
    title: line.title.slice(0, 100),
    departName: line.departName.slice(0, 60),
    at: applied.now.toISOString(),
  };
  await publishPublic(tx, BIG_SCREEN_FEED_TOPIC, item);
}
