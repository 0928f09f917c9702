import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../platform/auth/password.js';
import type { Executor } from '../client.js';
import { announcements, departs, userDeparts, userRoles, users } from '../schema/index.js';
import { CITY, DISTRICTS, MUNICIPAL_DEPARTS } from './departs.js';
import { roleIdByCode } from './reference.js';

/** The documented demo accounts (README); seeded with these passwords only outside production or with SEED_DEMO=1. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'Admin@2026', realname: '系统管理员', role: 'admin', departs: ['BJ001'] },
  { username: 'reviewer', password: 'Review@2026', realname: '李审核', role: 'reviewer', departs: ['BJ001'] },
  { username: 'jtadmin', password: 'Dept@2026', realname: '王交通', role: 'dept_admin', departs: ['BJ003', 'BJQ01'] },
  { username: 'wsjadmin', password: 'Dept@2026', realname: '陈卫健', role: 'dept_admin', departs: ['BJ005'] },
  { username: 'citizen', password: 'User@2026', realname: '张市民', role: 'registered', departs: [] },
] as const;

export async function seedDemoCity(db: Executor) {
  const [city] = await db
    .insert(departs)
    .values({ ...CITY, orgType: '0', sortNo: 0 })
    .returning({ id: departs.id });
  await db.insert(departs).values([
    ...MUNICIPAL_DEPARTS.map(([orgCode, departName, departNameAbbr], i) => ({
      parentId: city.id,
      orgCode,
      departName,
      departNameAbbr,
      orgType: '1',
      sortNo: i + 1,
      phone: `0571-8800 ${String(1001 + i)}`,
    })),
    ...DISTRICTS.map(([orgCode, departName], i) => ({
      parentId: city.id,
      orgCode,
      departName,
      departNameAbbr: departName,
      orgType: '2',
      sortNo: 100 + i,
    })),
  ]);
}

/**
 * Creates the demo accounts. Without demo passwords (production) only the administrator is created,
 * with a random password that is returned once for the operator to note.
 */
export async function seedAccounts(db: Executor, withDemoPasswords: boolean): Promise<string[]> {
  const departRows = await db.select({ id: departs.id, orgCode: departs.orgCode }).from(departs);
  const departId = new Map(departRows.map((d) => [d.orgCode, d.id]));
  const lines: string[] = [];
  const accounts = withDemoPasswords ? DEMO_ACCOUNTS : DEMO_ACCOUNTS.filter((a) => a.username === 'admin');
  for (const account of accounts) {
    const password = withDemoPasswords ? account.password : `${randomBytes(12).toString('base64url')}9a`;
    const departIds = account.departs.map((c) => departId.get(c)).filter((v): v is string => Boolean(v));
    const [user] = await db
      .insert(users)
      .values({
        username: account.username,
        realname: account.realname,
        nickname: account.realname,
        passwordHash: await hashPassword(password),
        orgCode: departIds.length ? account.departs[0] : null,
      })
      .returning({ id: users.id });
    await db.insert(userRoles).values({ userId: user.id, roleId: await roleIdByCode(db, account.role) });
    if (departIds.length)
      await db.insert(userDeparts).values(departIds.map((id) => ({ userId: user.id, departId: id })));
    lines.push(`${account.realname.padEnd(8, '　')} ${account.username} / ${password}`);
  }
  return lines;
}

export async function seedAnnouncements(db: Executor) {
  const day = 86_400_000;
  const now = Date.now();
  await db.insert(announcements).values([
    {
      titile: '滨江市公共数据开放平台正式上线',
      msgContent:
        '<p>滨江市公共数据开放平台今日正式上线，首批开放交通、医疗、教育、生态环境等领域数据资源。欢迎社会各界注册使用并提出宝贵意见。</p>',
      msgAbstract: '平台正式上线，首批开放多个领域数据资源',
      priority: 'H',
      msgCategory: '1',
      sender: '滨江市大数据管理局',
      sendStatus: '1',
      sendTime: new Date(now - 3 * day),
    },
    {
      titile: '关于开展 2026 年度公共数据目录编制工作的通知',
      msgContent:
        '<p>请各部门于 12 月 31 日前完成本部门公共数据资源目录的编制与报送，按《政务信息资源目录编制指南》填写信息项。</p>',
      msgAbstract: '各部门于 12 月 31 日前完成目录编制',
      priority: 'M',
      msgCategory: '1',
      sender: '滨江市大数据管理局',
      sendStatus: '1',
      sendTime: new Date(now - 2 * day),
    },
    {
      titile: '系统维护通知：本周六 22:00—24:00',
      msgContent: '<p>为提升服务质量，平台将于本周六 22:00—24:00 进行系统维护，期间部分功能可能无法访问。</p>',
      msgAbstract: '本周六晚间系统维护',
      priority: 'L',
      msgCategory: '2',
      sender: '系统管理员',
      sendStatus: '1',
      sendTime: new Date(now - day),
    },
  ]);
}
