import { eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import { catalogueSearch } from '../../../modules/catalogue/search.js';
import { saveCatalogueFile } from '../../../modules/files/service.js';
import { reindexSearchSubject } from '../../../platform/search/indexer.js';
import { createStorage } from '../../../platform/storage/storage.js';
import type { Executor } from '../../client.js';
import {
  catalogueFiles,
  catalogueItems,
  catalogues,
  categories,
  codeSequences,
  users,
  workflowHistory,
  workflowTasks,
} from '../../schema/index.js';
import { type PlannedEntry, planCatalogue, type SeedUser, type SeedUsers } from './build.js';
import { DATASETS } from './datasets/index.js';
import { toCsv } from './datasets/types.js';
import { seedDemoInterfaces } from './demo-interfaces.js';
import { seedDemoMatters } from './demo-matters.js';
import { seedDemoReports } from './demo-reports.js';
import { seedDemoSource } from './demo-source.js';
import { ENTRY_DEFS, type EntryDef } from './entries.js';
import { chinaDate, Rng } from './random.js';

/** Category-tree node (by name, as seeded by the catalogue module) for each key area. */
const TOPIC_BY_AREA: Readonly<Record<number, string>> = {
  1: '社会信用',
  2: '医疗健康',
  3: '社会保障',
  4: '公共安全',
  5: '城市建设',
  6: '交通出行',
  7: '教育文化',
  9: '生态环境',
  12: '公共安全',
  13: '市场监管',
  14: '社会保障',
  18: '自然资源和空间地理',
};

function categoryName(def: EntryDef): string | null {
  if (def.base === '1') {
    if (def.org === 'BJ002') return '人口';
    if (def.area === 13) return '法人';
    if (def.area === 21) return '电子证照';
  }
  return TOPIC_BY_AREA[def.area] ?? null;
}

async function seedUsers(db: Executor): Promise<SeedUsers> {
  const rows = await db
    .select({ id: users.id, username: users.username, realname: users.realname, orgCode: users.orgCode })
    .from(users)
    .where(inArray(users.username, ['admin', 'reviewer', 'jtadmin', 'wsjadmin']));
  const by = new Map<string, SeedUser>(rows.map((r) => [r.username, r]));
  const admin = by.get('admin');
  if (!admin) throw new Error('demo catalogue: the admin account must be seeded first');
  return {
    admin,
    reviewer: by.get('reviewer') ?? admin,
    owners: { BJ003: by.get('jtadmin') ?? admin, BJ005: by.get('wsjadmin') ?? admin },
  };
}

const chunk = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

export type DemoCatalogueSummary = { entries: number; files: number; rows: number; tables: number; tableRows: number };

/**
 * Seeds the demo catalogue of 滨江市 (needs the demo departments and accounts): about a hundred entries
 * across every department, district and key area, in every state of the workflow with their 编目日志
 * and work orders, generated data files for the public ones, and the departmental tables the 库表
 * entries are mounted on (内置演示库), and the built-in upstreams of the 接口 entries. Runs in the caller's transaction.
 */
export async function seedDemoCatalogue(
  db: Executor,
  config: Config,
  now: Date = new Date(),
): Promise<DemoCatalogueSummary> {
  const seedAs = await seedUsers(db);
  const nodes = await db.select({ id: categories.id, name: categories.categoryName }).from(categories);
  const nodeId = new Map(nodes.map((n) => [n.name, n.id]));
  const plan = planCatalogue(ENTRY_DEFS, seedAs, now, (def) => {
    const name = categoryName(def);
    return name ? (nodeId.get(name) ?? null) : null;
  });

  await db.insert(catalogues).values(plan.map((p) => p.row));
  for (const part of chunk(
    plan.flatMap((p) => p.items),
    500,
  ))
    await db.insert(catalogueItems).values(part);
  for (const part of chunk(
    plan.flatMap((p) => p.logs),
    500,
  ))
    await db.insert(workflowHistory).values(part);
  const orders = plan.flatMap((p) => p.orders);
  if (orders.length) await db.insert(workflowTasks).values(orders);

  // New codes from the fill rule continue after the seeded ones.
  const highest = new Map<string, number>();
  for (const { row } of plan) {
    const prefix = row.catalogCode.slice(0, row.catalogCode.lastIndexOf('-'));
    const seq = Number(row.catalogCode.slice(prefix.length + 1));
    highest.set(prefix, Math.max(highest.get(prefix) ?? 0, seq));
  }
  await db
    .insert(codeSequences)
    .values([...highest].map(([prefix, value]) => ({ prefix, value })))
    .onConflictDoUpdate({
      target: codeSequences.prefix,
      set: { value: sql`greatest(${codeSequences.value}, excluded.value)` },
    });

  await seedDemoMatters(db);

  // The entries went in as plain rows, not through the entry service: index them in one pass.
  await reindexSearchSubject(db, catalogueSearch);

  const { files, rows } = await attachDataFiles(db, config.dataDir, now, plan);
  const source = await seedDemoSource(db, config, plan, now);
  await seedDemoReports(db, plan, now);
  await seedDemoInterfaces(db, config, plan);
  return { entries: plan.length, files, rows, tables: source.tables, tableRows: source.rows };
}

/** Generates each public entry's data file and stores it as an upload would be (parsed rows, totalNum). */
async function attachDataFiles(db: Executor, dataDir: string, now: Date, plan: readonly PlannedEntry[]) {
  const storage = createStorage(dataDir);
  const today = chinaDate(now);
  let files = 0;
  let rows = 0;
  for (const { def, row, owner } of plan) {
    if (!def.dataset) continue;
    const dataset = DATASETS[def.dataset];
    const cells = dataset.rows(new Rng(`dataset:${dataset.key}`), { today });
    const file = await saveCatalogueFile(db, storage, {
      catalogId: row.id,
      fileName: dataset.fileName,
      bytes: Buffer.from(toCsv(dataset.columns, cells), 'utf8'),
      userId: owner.id,
    });
    files += 1;
    rows += file.rowCount;
    // Storing a file marks the data as updated now; keep the planned history instead.
    const uploadedAt = new Date(Math.min(now.getTime(), (row.createdAt ?? now).getTime() + 25 * 60_000));
    await db.update(catalogueFiles).set({ createdAt: uploadedAt }).where(eq(catalogueFiles.id, file.id));
    await db
      .update(catalogues)
      .set({ dataUpdateTime: row.dataUpdateTime, updatedAt: row.updatedAt })
      .where(eq(catalogues.id, row.id));
  }
  return { files, rows };
}
