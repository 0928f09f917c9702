import {
  BIG_SCREEN_MONTHS,
  type BigScreenFeedItem,
  type BigScreenNamed,
  type BigScreenSnapshot,
  type BusinessRow,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { type Db, type Executor, preparedOnce } from '../../db/client.js';
import { bigScreenSnapshots } from '../../db/schema/index.js';
import { dictLabels } from '../catalogue/labels.js';
import { publishedByMonth } from '../home/repository.js';
import { lastMonths } from '../home/service.js';
import { figureRows } from '../interaction/repository.js';
import { figuresIn } from '../market/figures.js';
import { indexSources, keyAreas } from '../portal/home.js';
import { countDataProviders } from '../portal/service.js';
import * as repo from './repository.js';

const TOP = 10;
const FEED = 12;
const SNAPSHOT_ID = 1;
const PUBLIC_OPEN_TYPES = ['1', '2'];
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
const byValue = (a: { value: number }, b: { value: number }) => b.value - a.value;

/** Values by month in the months' order, 0 for a month without rows. */
function series(months: string[], rows: { month: string; n: number }[]): number[] {
  const byMonth = new Map(rows.map((r) => [r.month, r.n]));
  return months.map((m) => byMonth.get(m) ?? 0);
}

/**
 * Every panel of the big screen, computed once. The headline counters, the department and domain
 * figures come from the kept public figures (`portal_figure`) exactly as the home and 开放统计 read
 * them; monthly releases from the home page's statement; the reply rate from the interaction desk's
 * figures; timeliness by the collection module's 更新状态 rule. The rest is `repository.ts`.
 */
export async function computeSnapshot(db: Db, now = new Date()): Promise<BigScreenSnapshot> {
  const started = performance.now();
  const { months, since } = lastMonths(now, BIG_SCREEN_MONTHS);
  const [src, figures, tree, areas, users] = await Promise.all([
    indexSources(db, () => countDataProviders(db)),
    figuresIn(db, ['org', 'area', 'open']),
    repo.departTree(db),
    keyAreas(db),
    repo.registeredUsers(db),
  ]);
  const orgFigures = figures.get('org') ?? new Map();
  const nameOf = new Map(tree.map((d) => [d.orgCode, d.name]));
  const name = (orgCode: string) => nameOf.get(orgCode) ?? orgCode;

  const [releases, updates, calls, downloads] = await Promise.all([
    publishedByMonth(db, undefined, since),
    repo.updatesByMonth(db, since),
    repo.callsByMonth(db, `${months[0]}-01`),
    repo.downloadsByMonth(db, since),
  ]);
  const monthly = {
    releases: series(
      months,
      releases.map((r) => ({ month: r.month, n: r.total })),
    ),
    updates: series(months, updates),
    calls: series(months, calls),
    downloads: series(months, downloads),
  };

  const departmentsByOpen: BigScreenNamed[] = [...orgFigures]
    .filter(([, f]) => f.openEntries > 0)
    .map(([key, f]) => ({ key, name: name(key), value: f.openEntries }))
    .sort(byValue)
    .slice(0, TOP);

  const timeliness = await repo.onTimeByDepartment(db, now);
  const departmentsByOnTime = timeliness
    .map((r) => ({
      key: r.orgCode,
      name: name(r.orgCode),
      published: r.published,
      onTime: r.onTime,
      rate: percent(r.onTime, r.published),
    }))
    .sort((a, b) => b.rate - a.rate || b.published - a.published)
    .slice(0, TOP);

  const areaFigures = figures.get('area') ?? new Map();
  const domains = areas
    .map((a) => ({ key: a.value, name: a.label, value: areaFigures.get(a.value)?.openEntries ?? 0 }))
    .filter((d) => d.value > 0)
    .sort(byValue);
  const openFigures = figures.get('open') ?? new Map();
  // Public entries are open unconditionally (1) or on conditions (2); 不予开放 is never public.
  const openLabels = await dictLabels(db, 'open_type');
  const openTypes = PUBLIC_OPEN_TYPES.map((key) => ({
    key,
    name: openLabels[key] ?? key,
    value: openFigures.get(key)?.openEntries ?? 0,
  }));

  const [hotDatasets, hotApis, feed, interaction, business] = await Promise.all([
    repo.hotDatasets(db, TOP),
    repo.hotApis(db, TOP),
    initialFeed(db),
    interactionFigures(db),
    businessRows(db, now, name),
  ]);

  return {
    refreshedAt: now.toISOString(),
    tookMs: Math.round(performance.now() - started),
    counters: {
      catalogues: src.all.entries,
      openDatasets: src.all.openEntries,
      rows: src.all.rows,
      apis: src.format.get('api')?.openEntries ?? 0,
      files: src.all.files,
      departments: src.providers,
      achievements: src.achievements,
      users,
      calls: src.apiCalls,
      downloads: src.all.downloads,
    },
    months: months.map((month, i) => ({
      month,
      releases: monthly.releases[i],
      updates: monthly.updates[i],
      calls: monthly.calls[i],
      downloads: monthly.downloads[i],
    })),
    departmentsByOpen,
    departmentsByOnTime,
    domains,
    openTypes,
    districts: districtsOf(tree, orgFigures),
    hotDatasets,
    hotApis,
    feed,
    interaction,
    business,
  };
}

/**
 * Public entries per district (区县 of the department tree): a district's own entries and those of
 * the departments under it; every other department counts for 市本级.
 */
function districtsOf(
  tree: Awaited<ReturnType<typeof repo.departTree>>,
  orgFigures: Map<string, { openEntries: number }>,
): BigScreenNamed[] {
  const byId = new Map(tree.map((d) => [d.id, d]));
  const districtOf = (d: (typeof tree)[number]) => {
    for (let at: typeof d | undefined = d, hops = 0; at && hops < 10; at = byId.get(at.parentId ?? ''), hops++) {
      if (at.orgType === repo.DISTRICT) return at;
    }
    return undefined;
  };
  const counts = new Map<string, BigScreenNamed>();
  for (const d of tree)
    if (d.orgType === repo.DISTRICT) counts.set(d.orgCode, { key: d.orgCode, name: d.name, value: 0 });
  const city: BigScreenNamed = { key: '', name: '市本级', value: 0 };
  for (const d of tree) {
    const n = orgFigures.get(d.orgCode)?.openEntries ?? 0;
    if (!n) continue;
    const district = districtOf(d);
    const slot = district ? counts.get(district.orgCode) : city;
    if (slot) slot.value += n;
  }
  return [city, ...counts.values()];
}

async function initialFeed(db: Executor): Promise<BigScreenFeedItem[]> {
  const [releases, opens, shares] = await Promise.all([
    repo.recentReleases(db, FEED),
    repo.recentOpenApplies(db, FEED),
    repo.recentShareApplies(db, FEED),
  ]);
  const items: BigScreenFeedItem[] = [
    ...releases.map((r) => ({ kind: 'release' as const, title: r.name, departName: r.departName, at: iso(r.at) })),
    ...opens.map((r) => ({ kind: 'openApply' as const, title: r.title, departName: r.departName, at: iso(r.at) })),
    ...shares.map((r) => ({ kind: 'shareApply' as const, title: r.title, departName: r.departName, at: iso(r.at) })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, FEED);
}

/** 交流互动: the desk's own figures over every submitted ticket. */
async function interactionFigures(db: Executor) {
  const all = (await figureRows(db, undefined)).find((r) => r.grp === 'all');
  const received = all?.received ?? 0;
  const replied = all?.replied ?? 0;
  return {
    received,
    replied,
    replyRate: percent(replied, received),
    onTimeRate: percent(all?.onTime ?? 0, replied),
  };
}

async function businessRows(db: Executor, now: Date, name: (orgCode: string) => string): Promise<BusinessRow[]> {
  const [catalogue, timeliness, share, tasks] = await Promise.all([
    repo.catalogueWork(db),
    repo.onTimeByDepartment(db, now),
    repo.shareWork(db),
    repo.taskWork(db, now),
  ]);
  const rows = new Map<string, BusinessRow>();
  const row = (orgCode: string) => {
    let r = rows.get(orgCode);
    if (!r) {
      r = {
        orgCode,
        departName: name(orgCode),
        catalog: { draft: 0, pending: 0, approved: 0, rejected: 0 },
        shelf: { none: 0, upPending: 0, on: 0, offPending: 0, off: 0 },
        collection: { updated: 0, due: 0, overdue: 0 },
        share: { pending: 0, inUse: 0 },
        tasks: { open: 0, overdue: 0 },
      };
      rows.set(orgCode, r);
    }
    return r;
  };
  for (const x of catalogue) {
    const r = row(x.orgCode);
    r.catalog = { draft: x.draft, pending: x.pending, approved: x.approved, rejected: x.rejected };
    r.shelf = { none: x.none, upPending: x.upPending, on: x.on, offPending: x.offPending, off: x.off };
  }
  for (const x of timeliness) row(x.orgCode).collection = { updated: x.onTime, due: x.due, overdue: x.overdue };
  for (const x of share) row(x.orgCode).share = { pending: x.pending, inUse: x.inUse };
  for (const x of tasks) if (x.orgCode) row(x.orgCode).tasks = { open: x.open, overdue: x.overdue };
  return [...rows.values()].sort((a, b) => a.departName.localeCompare(b.departName, 'zh-CN'));
}

/** Computes the snapshot and keeps it (one row, replaced). */
export async function refreshSnapshot(db: Db, now = new Date()): Promise<BigScreenSnapshot> {
  const snapshot = await computeSnapshot(db, now);
  const values = { payload: snapshot, refreshedAt: now, tookMs: snapshot.tookMs };
  await db
    .insert(bigScreenSnapshots)
    .values({ id: SNAPSHOT_ID, ...values })
    .onConflictDoUpdate({ target: bigScreenSnapshots.id, set: values });
  return snapshot;
}

const readStatement = (db: Executor, name: string) =>
  db
    .select({ payload: bigScreenSnapshots.payload })
    .from(bigScreenSnapshots)
    .where(eq(bigScreenSnapshots.id, SNAPSHOT_ID))
    .prepare(name);

/** The kept snapshot, or null before the first refresh. */
export async function readSnapshot(db: Executor): Promise<BigScreenSnapshot | null> {
  const [row] = await preparedOnce(db, 'big_screen_snapshot', readStatement).execute();
  return row?.payload ?? null;
}
