import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../client.js';
import { appSystems, users } from '../schema/index.js';
import { DEMO_APP_SYSTEMS } from './catalogue/build.js';
import { seedDemoCatalogue } from './catalogue/index.js';
import { seedAccounts, seedDemoCity } from './demo.js';
import { seedDemoAchievements } from './demo-achievements.js';
import { seedDemoApps } from './demo-apps.js';
import { seedDemoAssessment } from './demo-assessment.js';
import { seedDemoContent } from './demo-content.js';
import { seedDemoExchange } from './demo-exchange.js';
import { seedDemoInteraction } from './demo-interaction.js';
import { seedDemoNavigation } from './demo-navigation.js';
import { seedDemoOpenApplies } from './demo-open-apply.js';
import { seedDemoQuestionnaires } from './demo-questionnaires.js';
import { seedDemoShares } from './demo-share.js';
import { seedDemoIdentities } from './demo-sso.js';
import { seedJobs } from './jobs.js';
import { seedDemoPictures } from './pictures.js';
import { seedReference } from './reference.js';

/**
 * Seeds a new database once: reference data always, the demo city of 滨江市 with its documented
 * accounts outside production. Returns lines to print at start-up, or null when nothing was seeded.
 */
export async function seedIfEmpty(db: Db, config: Config): Promise<string[] | null> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  const demo = config.seedDemoPasswords;
  const accounts = await db.transaction(async (tx) => {
    await seedReference(tx);
    // Maintenance jobs (log retention, session and upload clean-up) belong to every installation.
    await seedJobs(tx);
    // Demo announcements and messages (seed/notices.ts) are written by seedAccounts, once the accounts exist.
    if (demo) await seedDemoCity(tx);
    const lines = await seedAccounts(tx, demo);
    // The demo catalogue names the demo accounts as its authors and reviewers, so it comes after them.
    if (demo) await seedDemoCatalogue(tx, config);
    if (demo) await seedDemoAppSystems(tx);
    if (demo) await seedDemoApps(tx, config);
    // The citizen's open applications name their app and the demo catalogue's 有条件开放 entries.
    if (demo) await seedDemoOpenApplies(tx, config);
    // Share applications between the demo departments, through the share service and the kernel.
    if (demo) await seedDemoShares(tx, config);
    // 应用成果 of the citizen and two departments, linked to the demo catalogue's open entries.
    if (demo) await seedDemoAchievements(tx, config);
    // 新闻动态, 政策法规, 资料 (generated PDFs) and 常见问题, through the content service and the kernel.
    if (demo) await seedDemoContent(tx, config);
    // 调查问卷 of the bureau: one open with answers, one ended with its results public.
    if (demo) await seedDemoQuestionnaires(tx);
    // The interaction desk's tickets of the demo citizens, routed to the demo catalogue's departments.
    if (demo) await seedDemoInteraction(tx);
    if (demo) await seedDemoPictures(tx, config.dataDir);
    if (demo) await seedDemoIdentities(tx);
    // 功能导航: 开发者中心 and the bureau's sibling systems.
    if (demo) await seedDemoNavigation(tx, config.dataDir);
    // 指标、考核方案与上月考核, from the demo data above, through the assessment services.
    if (demo) await seedDemoAssessment(tx);
    return lines;
  });
  if (!demo) {
    const file = path.join(config.dataDir, 'initial-admin-password.txt');
    writeFileSync(file, `${accounts.join('\n')}\n`);
    chmodSync(file, 0o600);
    return ['首次启动已创建管理员账号（请登录后立即修改密码）:', ...accounts, `已保存到 ${file}`];
  }
  // After the commit: the exchange reads the datastore and writes a database outside the platform.
  const exchanged = await seedDemoExchange(db, config);
  return ['演示账号（用户名 / 密码）:', ...accounts, ...(exchanged ? [exchanged] : [])];
}

/** 系统维护's demo rows: the systems the demo catalogue's entries name, each under its department. */
async function seedDemoAppSystems(db: Executor) {
  await db
    .insert(appSystems)
    .values(DEMO_APP_SYSTEMS.map((s) => ({ ...s, state: '1', remark: `${s.appName}，向共享平台提供本部门业务数据。` })))
    .onConflictDoNothing();
}
