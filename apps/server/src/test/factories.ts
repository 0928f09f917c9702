import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { departs, permissions, rolePermissions, roles, userDeparts, userRoles, users } from '../db/schema/index.js';
import type { Actor } from '../platform/auth/actor.js';
import { hashPassword } from '../platform/auth/password.js';
import { call, type TestContext } from './harness.js';

const uniq = () => randomBytes(4).toString('hex');

export async function createDepart(db: Db, overrides: Partial<typeof departs.$inferInsert> = {}) {
  const code = overrides.orgCode ?? `T${uniq().toUpperCase()}`;
  const [row] = await db
    .insert(departs)
    .values({ departName: `测试部门${code}`, orgCode: code, orgType: '1', ...overrides })
    .returning();
  return row;
}

const PASSWORD = 'Test@2026a';

/** A user with the given seeded role codes and departments; the first department is the current one. */
export async function createUser(
  db: Db,
  opts: {
    roles?: string[];
    departs?: { id: string; orgCode: string }[];
    username?: string;
    password?: string;
    status?: number;
  } = {},
) {
  const username = opts.username ?? `u_${uniq()}`;
  const password = opts.password ?? PASSWORD;
  const [user] = await db
    .insert(users)
    .values({
      username,
      realname: `测试用户${username}`,
      passwordHash: await hashPassword(password),
      orgCode: opts.departs?.[0]?.orgCode ?? null,
      status: opts.status ?? 1,
    })
    .returning();
  for (const code of opts.roles ?? []) {
    const [role] = await db.select().from(roles).where(eq(roles.roleCode, code));
    if (!role) throw new Error(`no role ${code}`);
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  }
  if (opts.departs?.length) {
    await db.insert(userDeparts).values(opts.departs.map((d) => ({ userId: user.id, departId: d.id })));
  }
  return { ...user, password };
}

/** Signs in through the real endpoint and returns the token. */
export async function login(ctx: TestContext, username: string, password = PASSWORD): Promise<string> {
  const res = await call<{ token: string }>(ctx, 'POST', '/sys/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body.message}`);
  return res.body.result.token;
}

/** A signed-in user in one step. */
export async function signedIn(ctx: TestContext, opts: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, opts);
  return { user, token: await login(ctx, user.username, user.password) };
}

/**
 * A signed-in user holding exactly the given permission codes, through a role of its own. Codes the
 * menu table does not know yet are added as buttons, so a test need not depend on the seed.
 */
export async function signedInWith(ctx: TestContext, codes: string[], opts: Parameters<typeof createUser>[1] = {}) {
  const [role] = await ctx.db
    .insert(roles)
    .values({ roleCode: `r_${uniq()}`, roleName: '测试角色' })
    .returning();
  for (const code of codes) {
    let [perm] = await ctx.db.select().from(permissions).where(eq(permissions.perms, code));
    if (!perm) [perm] = await ctx.db.insert(permissions).values({ name: code, menuType: 2, perms: code }).returning();
    await ctx.db.insert(rolePermissions).values({ roleId: role.id, permissionId: perm.id });
  }
  const signed = await signedIn(ctx, opts);
  await ctx.db.insert(userRoles).values({ userId: signed.user.id, roleId: role.id });
  return signed;
}

/** An actor for calling services directly: the user, their current department and exactly these permissions. */
export const actorFor = (
  user: { id: string; username: string; realname: string },
  orgCode: string | null,
  perms: string[],
): Actor => ({
  userId: user.id,
  username: user.username,
  realname: user.realname,
  orgCode,
  sessionId: randomUUID(),
  tenantId: 0,
  perms: new Set(perms),
  roleCodes: [],
  ip: '127.0.0.1',
});
