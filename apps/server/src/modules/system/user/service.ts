import { USER_STATUS, type UserItem } from '@odp/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { departs, userDeparts, userRoles, users } from '../../../db/schema/index.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { hashPassword } from '../../../platform/auth/password.js';
import { revokeUserSessions } from '../../../platform/auth/sessions.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { userResource } from './resource.js';

export const userService = resourceService(userResource);

/** Freezes or unfreezes users; a frozen user's sessions end at once. */
export async function setUsersStatus(db: Db, actor: Actor, ids: string[], status: number) {
  if (status === USER_STATUS.frozen && ids.includes(actor.userId)) throw badRequest('不能冻结当前登录的账号');
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
    if (rows.length !== new Set(ids).size) throw notFound('部分用户不存在或已删除');
    await tx.update(users).set({ status, updatedAt: new Date() }).where(inArray(users.id, ids));
    if (status === USER_STATUS.frozen) await revokeUserSessions(tx, ids, 'frozen');
    await logOperation(tx, actor, {
      content: `${status === USER_STATUS.frozen ? '冻结' : '解冻'}用户：${rows.map((r) => r.username).join('、')}`,
      operateType: status === USER_STATUS.frozen ? 'freeze' : 'unfreeze',
      target: ids.join(',').slice(0, 200),
    });
  });
}

/** An administrator sets a new password for a user; the user's sessions end. */
export async function resetPassword(db: Db, actor: Actor, username: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.username, username), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) throw notFound('用户不存在或已删除');
    await revokeUserSessions(tx, [user.id], 'password', actor.userId === user.id ? actor.sessionId : undefined);
    await logOperation(tx, actor, {
      content: `重置用户密码：${username}`,
      operateType: 'resetPassword',
      target: user.id,
    });
  });
}

export async function roleIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleId);
}

export async function isUsernameFree(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return !row;
}

export async function usersOfDepart(db: Db, departId: string): Promise<UserItem[]> {
  const rows = await db
    .select({ u: users })
    .from(userDeparts)
    .innerJoin(users, eq(users.id, userDeparts.userId))
    .innerJoin(departs, eq(departs.id, userDeparts.departId))
    .where(and(eq(userDeparts.departId, departId), isNull(users.deletedAt), isNull(departs.deletedAt)));
  return userResource.present(
    db,
    rows.map((r) => r.u),
  );
}
