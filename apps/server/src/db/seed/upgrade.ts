import { eq } from 'drizzle-orm';
import { modules } from '../../modules/index.js';
import type { Db, Executor } from '../client.js';
import { siteConfig } from '../schema/index.js';
import { addMissingMenus } from './menu-sync.js';

const VERSION_KEY = 'reference_version';

/**
 * Reference data that later releases add, for databases seeded before them (the modules' manifests
 * declare the steps): each step runs once, in order, and the version reached is kept in sys_config, so
 * that what an administrator removes later does not come back at the next start. A fresh database is
 * seeded at the latest version.
 */
const STEPS = modules.referenceSteps;

export const REFERENCE_VERSION = Math.max(...STEPS.map((s) => s.version));

export async function markReferenceVersion(db: Executor, version = REFERENCE_VERSION) {
  await db
    .insert(siteConfig)
    .values({ key: VERSION_KEY, value: String(version), description: '基础数据版本（升级时使用）' })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: String(version) } });
}

async function currentVersion(db: Executor): Promise<number> {
  const [row] = await db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, VERSION_KEY));
  // Databases from before versioning hold the first release's reference data.
  return row ? Number(row.value) : 1;
}

/** Applies the steps the database has not had yet, each in its own transaction; returns their summaries. */
export async function upgradeReference(db: Db): Promise<string[]> {
  const applied: string[] = [];
  const from = await currentVersion(db);
  for (const step of STEPS.filter((s) => s.version > from)) {
    await db.transaction(async (tx) => {
      await step.apply(tx, { addMissingMenus });
      await markReferenceVersion(tx, step.version);
    });
    applied.push(step.summary);
  }
  return applied;
}
