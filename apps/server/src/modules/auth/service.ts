import {
  Constants,
  type LoginInput,
  type LoginResult,
  lockedMessage,
  Messages,
  Perm,
  type SelectDepartInput,
  type UpdatePasswordInput,
  type UserPermissionResult,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { logLogin, logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { createSession, revokeSession, revokeUserSessions } from '../../platform/auth/sessions.js';
import { badRequest, forbidden } from '../../platform/http/errors.js';
import { installedModules } from '../../platform/module-registry.js';
import { selectDepartsOfUser as departsOfUser } from '../system/depart/repository.js';
import { loadAllDictItems } from '../system/dict/service.js';
import { tenantsByIds } from '../system/tenant/service.js';
import { consumeCaptcha } from './captcha.js';
import { clearFailures, lockState, recordFailure } from './lockout.js';
import { buildAuth, buildMenuTree, withBadges } from './menu.js';
import {
  allPermissionRows,
  findActiveUserByName,
  grantedPermissionRows,
  toUserInfo,
  type UserRow,
} from './repository.js';

export type ClientMeta = { ip: string; userAgent?: string };

/**
 * Signs a user in. Unknown user and wrong password get one message and take the same time;
 * a captcha is required after three failures and the account locks after five.
 */
export async function login(db: Db, input: LoginInput, meta: ClientMeta): Promise<LoginResult> {
  const { username, password } = input;
  const lock = await lockState(db, username);
  if (lock.lockedMinutes) {
    throw badRequest(lockedMessage(lock.lockedMinutes), { captchaRequired: true, lockedMinutes: lock.lockedMinutes });
  }
  if (lock.failures >= Constants.captchaAfterFailures) {
    if (!input.captcha || !input.checkKey) throw badRequest(Messages.captchaRequired, { captchaRequired: true });
    if (!(await consumeCaptcha(db, input.checkKey, input.captcha))) {
      throw badRequest(Messages.captchaWrong, { captchaRequired: true });
    }
  }

  const user = await findActiveUserByName(db, username);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
  if (!user || !valid) {
    const failures = await recordFailure(db, username);
    await logLogin(db, {
      username,
      userId: user?.id,
      ip: meta.ip,
      content: '登录失败：用户名或密码错误',
      outcome: 'failure',
    });
    if (failures >= Constants.lockAfterFailures) {
      throw badRequest(lockedMessage(Constants.lockMinutes), {
        captchaRequired: true,
        lockedMinutes: Constants.lockMinutes,
      });
    }
    throw badRequest(Messages.badCredentials, { captchaRequired: failures >= Constants.captchaAfterFailures });
  }
  return signInUser(db, user, meta);
}

/**
 * Opens a session for a user whose identity is already proven (password, SMS code, single sign-on):
 * a frozen account is refused, a user with exactly one department acts for it, the sign-in is logged
 * (`how` says by what means) and the answer is the login page's.
 */
export async function signInUser(db: Db, user: UserRow, meta: ClientMeta, how = '登录成功'): Promise<LoginResult> {
  const username = user.username;
  if (user.status !== 1) {
    await logLogin(db, { username, userId: user.id, ip: meta.ip, content: '登录失败：用户已冻结', outcome: 'failure' });
    throw badRequest(Messages.userFrozen, { captchaRequired: false });
  }

  await clearFailures(db, username);
  const departList = await departsOfUser(db, user.id);
  // A user with exactly one department acts for it; several means the web asks which one.
  if (departList.length === 1 && user.orgCode !== departList[0].orgCode) {
    await db.update(users).set({ orgCode: departList[0].orgCode }).where(eq(users.id, user.id));
    user.orgCode = departList[0].orgCode;
  }
  const { token } = await createSession(db, user.id, meta);
  await logLogin(db, {
    username,
    userId: user.id,
    realname: user.realname,
    ip: meta.ip,
    content: how,
    outcome: 'success',
  });
  const tenantIds = user.relTenantIds
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n));
  return {
    token,
    userInfo: toUserInfo(user, departList),
    sysAllDictItems: await loadAllDictItems(db),
    departs: departList,
    multi_depart: departList.length === 0 ? 0 : departList.length === 1 ? 1 : 2,
    tenantList: await tenantsByIds(db, tenantIds),
  };
}

export async function logout(db: Db, actor: Actor) {
  await revokeSession(db, actor.sessionId, 'logout');
  await logLogin(db, {
    username: actor.username,
    userId: actor.userId,
    realname: actor.realname,
    ip: actor.ip,
    content: '退出登录',
    outcome: 'success',
  });
}

export async function userPermissions(db: Db, actor: Actor): Promise<UserPermissionResult> {
  const [granted, all] = await Promise.all([grantedPermissionRows(db, actor.userId), allPermissionRows(db)]);
  const counters = Object.fromEntries(
    [...installedModules().badges].map(([path, count]) => [path, () => count(db, actor)]),
  );
  return { menu: await withBadges(buildMenuTree(granted), counters), ...buildAuth(granted, all) };
}

export async function currentUserDeparts(db: Db, actor: Actor) {
  const list = await departsOfUser(db, actor.userId);
  return { list, orgCode: actor.orgCode };
}

/** Switches the department the user acts for; only among their own, and only with isDepartment:switch once one is set. */
export async function selectDepart(db: Db, actor: Actor, input: SelectDepartInput) {
  if (input.username && input.username !== actor.username) throw forbidden('只能切换自己的部门');
  if (actor.orgCode && !actor.perms.has(Perm.departSwitch)) throw forbidden();
  const list = await departsOfUser(db, actor.userId);
  const target = list.find((d) => d.orgCode === input.orgCode);
  if (!target) throw badRequest('您不属于该部门，无法切换');
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ orgCode: target.orgCode, updatedAt: new Date() })
      .where(eq(users.id, actor.userId))
      .returning();
    await logOperation(tx, actor, {
      content: `切换部门：${actor.orgCode ?? '无'} → ${target.orgCode}（${target.departName}）`,
      operateType: 'switchDepart',
      target: target.orgCode,
    });
    return { userInfo: toUserInfo(user, list) };
  });
}

/** Changes the caller's own password and ends every other session of theirs. */
export async function updatePassword(db: Db, actor: Actor, input: UpdatePasswordInput) {
  if (input.username !== actor.username) throw forbidden('只能修改自己的密码');
  const user = await findActiveUserByName(db, actor.username);
  if (!user) throw badRequest(Messages.noLoginUser);
  if (!(await verifyPassword(user.passwordHash, input.oldpassword))) throw badRequest(Messages.oldPasswordWrong);
  if (input.oldpassword === input.password) throw badRequest('新密码不能与旧密码相同');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, [user.id], 'password', actor.sessionId);
    await logOperation(tx, actor, { content: '修改密码', operateType: 'updatePassword', target: user.username });
  });
}
