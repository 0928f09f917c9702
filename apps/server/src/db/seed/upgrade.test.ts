import { and, count, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modules } from '../../modules/index.js';
import { type Database, openDatabase } from '../client.js';
import {
  dictItems,
  dicts,
  fillRules,
  permissions,
  rolePermissions,
  roles,
  scheduledJobs,
  siteConfig,
} from '../schema/index.js';
import { JOB_SEEDS } from './jobs.js';
import { seedReference } from './reference.js';
import { markReferenceVersion, REFERENCE_VERSION, upgradeReference } from './upgrade.js';

/** The steps a database at `version` has yet to run. */
const stepsAfter = (version: number) => modules.referenceSteps.filter((s) => s.version > version).length;

let database: Database;
beforeEach(async () => {
  database = await openDatabase({ dataDir: null });
  await database.migrate();
  await seedReference(database.db);
});
afterEach(() => database.close());

const ADDED_IN_2 = ['/system/QuartzJobList', '/MessageCenter/MessageNotification', '/system/Depart'];

async function menusAt(paths: string[]) {
  return database.db
    .select({ id: permissions.id, path: permissions.path })
    .from(permissions)
    .where(inArray(permissions.path, paths));
}

/** A database as the first release left it: no version mark, none of the later menus, jobs or fill rules. */
async function makeFirstRelease() {
  const { db } = database;
  await db.delete(siteConfig).where(eq(siteConfig.key, 'reference_version'));
  const later = await menusAt(ADDED_IN_2);
  await db.delete(permissions).where(
    inArray(
      permissions.parentId,
      later.map((m) => m.id),
    ),
  );
  await db.delete(permissions).where(inArray(permissions.path, ADDED_IN_2));
  await db.delete(fillRules);
  await db.delete(scheduledJobs);
}

describe('reference data upgrades', () => {
  it('a fresh database is at the latest version and has nothing to upgrade', async () => {
    const [row] = await database.db.select().from(siteConfig).where(eq(siteConfig.key, 'reference_version'));
    expect(row.value).toBe(String(REFERENCE_VERSION));
    expect(await upgradeReference(database.db)).toEqual([]);
  });

  it('brings an older database the later menus with their buttons, granted to the administrator, and the jobs', async () => {
    await makeFirstRelease();
    expect(await menusAt(ADDED_IN_2)).toHaveLength(0);

    expect(await upgradeReference(database.db)).toHaveLength(stepsAfter(1));
    const menus = await menusAt(ADDED_IN_2);
    expect(menus.map((m) => m.path).sort()).toEqual([...ADDED_IN_2].sort());
    const jobMenu = menus.find((m) => m.path === '/system/QuartzJobList');
    const buttons = await database.db
      .select({ perms: permissions.perms })
      .from(permissions)
      .where(eq(permissions.parentId, jobMenu?.id ?? ''));
    expect(buttons.map((b) => b.perms).sort()).toEqual(['system:quartzJob:edit', 'system:quartzJob:execute']);
    const [admin] = await database.db.select().from(roles).where(eq(roles.roleCode, 'admin'));
    const [granted] = await database.db
      .select({ n: count() })
      .from(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleId, admin.id),
          inArray(
            rolePermissions.permissionId,
            menus.map((m) => m.id),
          ),
        ),
      );
    expect(granted.n).toBe(ADDED_IN_2.length);
    expect(await database.db.select().from(scheduledJobs)).toHaveLength(JOB_SEEDS.length);
    expect((await database.db.select().from(fillRules)).length).toBeGreaterThan(0);

    // No duplicates: the entries that were there stay single.
    const [users] = await database.db
      .select({ n: count() })
      .from(permissions)
      .where(eq(permissions.path, '/system/User'));
    expect(users.n).toBe(1);
  });

  it('brings a database of version 2 the deadline job and the working-day calendar dictionaries', async () => {
    const { db } = database;
    await markReferenceVersion(db, 2);
    await db.delete(scheduledJobs).where(eq(scheduledJobs.handler, 'workflowDeadlines'));
    await db.delete(dicts).where(inArray(dicts.dictCode, ['legal_holiday', 'adjusted_workday']));
    expect(await upgradeReference(db)).toHaveLength(stepsAfter(2));
    expect(await db.select().from(scheduledJobs).where(eq(scheduledJobs.handler, 'workflowDeadlines'))).toHaveLength(1);
    const calendars = await db
      .select({ code: dicts.dictCode })
      .from(dicts)
      .where(inArray(dicts.dictCode, ['legal_holiday', 'adjusted_workday']));
    expect(calendars).toHaveLength(2);
  });

  it("relabels the 传输模式 dictionary of a database of version 12 to the exchange tasks' 一次性 and 重复性", async () => {
    const { db } = database;
    await markReferenceVersion(db, 12);
    const [dict] = await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, 'transport_mode'));
    await db.delete(dictItems).where(eq(dictItems.dictId, dict.id));
    await db.insert(dictItems).values(
      [
        ['1', '全量同步'],
        ['2', '增量同步'],
        ['3', '实时同步'],
      ].map(([itemValue, itemText], i) => ({ dictId: dict.id, itemValue, itemText, sortOrder: i + 1 })),
    );
    await upgradeReference(db);
    const items = await db
      .select({ value: dictItems.itemValue, text: dictItems.itemText })
      .from(dictItems)
      .where(eq(dictItems.dictId, dict.id))
      .orderBy(dictItems.sortOrder);
    expect(items).toEqual([
      { value: '1', text: '一次性' },
      { value: '2', text: '重复性' },
    ]);
  });

  it('gives a database of version 15 the 服务事项 dictionaries: 行使层级 relabelled, 是否电子证照 added', async () => {
    const { db } = database;
    await markReferenceVersion(db, 15);
    const [level] = await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, 'driving_level'));
    await db.update(dicts).set({ dictName: '网上办理深度' }).where(eq(dicts.id, level.id));
    await db.delete(dictItems).where(eq(dictItems.dictId, level.id));
    await db.insert(dictItems).values(
      ['一级（网上咨询）', '二级（网上申报）', '三级（网上受理）', '四级（全程网办）'].map((itemText, i) => ({
        dictId: level.id,
        itemValue: String(i + 1),
        itemText,
        sortOrder: i + 1,
      })),
    );
    await db.delete(dicts).where(eq(dicts.dictCode, 'electronic_certificate'));
    await upgradeReference(db);
    const textsOf = async (code: string) =>
      (
        await db
          .select({ text: dictItems.itemText })
          .from(dictItems)
          .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
          .where(eq(dicts.dictCode, code))
          .orderBy(dictItems.sortOrder)
      ).map((r) => r.text);
    expect(await textsOf('driving_level')).toEqual([
      '国家级',
      '省级',
      '设区市级',
      '县级',
      '乡镇（街道）级',
      '村（社区）级',
    ]);
    const [renamed] = await db.select({ name: dicts.dictName }).from(dicts).where(eq(dicts.id, level.id));
    expect(renamed.name).toBe('行使层级');
    expect(await textsOf('electronic_certificate')).toEqual(['是', '否']);
  });

  it('runs each step once: what an administrator removes afterwards does not come back', async () => {
    await makeFirstRelease();
    await upgradeReference(database.db);
    const [jobs] = await menusAt(['/system/QuartzJobList']);
    await database.db.delete(permissions).where(eq(permissions.parentId, jobs.id));
    await database.db.delete(permissions).where(eq(permissions.id, jobs.id));
    expect(await upgradeReference(database.db)).toEqual([]);
    expect(await menusAt(['/system/QuartzJobList'])).toHaveLength(0);
  });
});
