import { randomBytes } from 'node:crypto';
import { maskIdNumber, USER_AGREEMENT_VERSION } from '@odp/contracts';
import { hashPassword } from '../../platform/auth/password.js';
import type { Executor } from '../client.js';
import { departs, tenants, userDeparts, userProfiles, userRoles, users } from '../schema/index.js';
import { CITY, DISTRICTS, MUNICIPAL_DEPARTS } from './departs.js';
import { seedNotices } from './notices.js';
import { roleIdByCode } from './reference.js';

/** The documented demo accounts (README); seeded with these passwords only outside production or with SEED_DEMO=1. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'Admin@2026', realname: '系统管理员', role: 'admin', departs: ['BJ001'] },
  { username: 'reviewer', password: 'Review@2026', realname: '李审核', role: 'reviewer', departs: ['BJ001'] },
  { username: 'jtadmin', password: 'Dept@2026', realname: '王交通', role: 'dept_admin', departs: ['BJ003', 'BJQ01'] },
  // Works for two tenants, so signing in as wsjadmin shows the tenant choice (spec §4).
  {
    username: 'wsjadmin',
    password: 'Dept@2026',
    realname: '陈卫健',
    role: 'dept_admin',
    departs: ['BJ005'],
    tenants: '0,1',
  },
  { username: 'citizen', password: 'User@2026', realname: '张市民', role: 'registered', departs: [] },
  // Self-registered accounts as registration makes them: a company (法人) and a person 已认证.
  {
    username: 'company',
    password: 'Corp@2026',
    realname: '滨江智行交通科技有限公司',
    role: 'registered',
    departs: [],
    phone: '13900000002',
    email: 'service@zhixing.example.cn',
    profile: { accountType: '2', companyName: '滨江智行交通科技有限公司', creditCode: '91330100MA2BJ0T0XX' },
  },
  {
    username: 'verified',
    password: 'User@2026',
    realname: '李实名',
    role: 'registered',
    departs: [],
    phone: '13900000003',
    email: 'lishiming@example.cn',
    profile: {
      accountType: '1',
      realNameStatus: 1,
      idName: '李实名',
      // The number checks (GB 11643) and is kept masked only, as a verification keeps it.
      idNumberMasked: maskIdNumber('330106198803124522'),
      verifiedBy: 'demo',
    },
  },
] as const;

export async function seedDemoCity(db: Executor) {
  // A second tenant beside the default one (seedReference), for the tenant choice at sign-in.
  await db.insert(tenants).values({ id: 1, name: '滨江市高新区' }).onConflictDoNothing();
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
        relTenantIds: 'tenants' in account ? account.tenants : '0',
        phone: 'phone' in account ? account.phone : null,
        email: 'email' in account ? account.email : null,
      })
      .returning({ id: users.id });
    if ('profile' in account) {
      const at = new Date();
      const verified = 'realNameStatus' in account.profile;
      await db.insert(userProfiles).values({
        userId: user.id,
        agreementVersion: USER_AGREEMENT_VERSION,
        ...account.profile,
        ...(verified ? { realNameSubmittedAt: at, verifiedAt: at } : {}),
      });
    }
    await db.insert(userRoles).values({ userId: user.id, roleId: await roleIdByCode(db, account.role) });
    if (departIds.length)
      await db.insert(userDeparts).values(departIds.map((id) => ({ userId: user.id, departId: id })));
    lines.push(`${account.realname.padEnd(8, '　')} ${account.username} / ${password}`);
  }
  if (withDemoPasswords) await seedNotices(db);
  return lines;
}
