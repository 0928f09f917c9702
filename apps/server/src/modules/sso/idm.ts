import {
  IDM_STATUS,
  IDM_STATUS_LABEL,
  type IdmAuthorizeInput,
  type IdmUserItem,
  type IdmUserQuery,
} from '@odp/contracts';
import { desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoIdentities, users } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { containing } from '../../platform/resource/like.js';
import { type ResourceSpec, resourceService } from '../../platform/resource/resource.js';
import {
  departById,
  grantRoleAndDepart,
  type IdentityRow,
  identityById,
  isTaken,
  roleById,
  userByName,
  usernamesOf,
} from './repository.js';
import { USERNAME, unusablePasswordHash } from './service.js';

const refuseWrite = () => {
  throw badRequest('IDM用户由统一身份认证登录时登记，不能手工新增或编辑');
};

/** IDM用户: a list of external identities (added by sign-on only, changed by 授权 and 停用 below). */
export const idmUserResource: ResourceSpec<IdentityRow, IdmUserItem, never, { id: string }, IdmUserQuery> = {
  label: 'IDM用户',
  table: ssoIdentities,
  id: ssoIdentities.id,
  filters: (q) => [
    q.userStatus !== undefined ? eq(ssoIdentities.status, q.userStatus) : undefined,
    q.userName ? ilike(ssoIdentities.claimedName, containing(q.userName)) : undefined,
    q.nickName ? ilike(ssoIdentities.displayName, containing(q.nickName)) : undefined,
    q.mobile ? ilike(ssoIdentities.phone, containing(q.mobile)) : undefined,
    q.issuer ? eq(ssoIdentities.issuer, q.issuer) : undefined,
  ],
  sortable: {
    lastSeenTime: ssoIdentities.lastSeenAt,
    firstSeenTime: ssoIdentities.firstSeenAt,
    userName: ssoIdentities.claimedName,
  },
  defaultOrder: desc(ssoIdentities.lastSeenAt),
  async present(db, rows) {
    const names = await usernamesOf(
      db,
      rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    );
    return rows.map((r) => ({
      id: r.id,
      issuer: r.issuer,
      subject: r.subject,
      userName: r.claimedName,
      nickName: r.displayName,
      email: r.email,
      mobile: r.phone,
      userStatus: r.status,
      localUsername: r.userId ? (names.get(r.userId) ?? null) : null,
      firstSeenTime: r.firstSeenAt.toISOString(),
      lastSeenTime: r.lastSeenAt.toISOString(),
      authorisedTime: r.authorisedAt?.toISOString() ?? null,
    }));
  },
  toInsert: refuseWrite,
  toUpdate: refuseWrite,
  describe: (r) => `${r.claimedName ?? r.subject}（${r.issuer}）`,
};

const resource = resourceService(idmUserResource);
export const listIdmUsers = resource.list;

/**
 * 授权: in one transaction, the identity signs in as a local account from now on — the one named
 * (default: its claimed name) when it exists, which gains the role and department, else a new one
 * with them, made from the identity's claims and without a usable password.
 */
export async function authorizeIdmUser(db: Db, actor: Actor, input: IdmAuthorizeInput): Promise<IdmUserItem> {
  const passwordHash = await unusablePasswordHash();
  const id = await db.transaction(async (tx) => {
    const row = await identityById(tx, input.id, true);
    if (!row) throw notFound('IDM用户不存在');
    if (row.status === IDM_STATUS.active && row.userId) throw badRequest('该IDM用户已授权');
    const role = await roleById(tx, input.roleId);
    if (!role) throw badRequest('所选角色不存在', { field: 'roleId' });
    const depart = await departById(tx, input.departId);
    if (!depart) throw badRequest('所选部门不存在', { field: 'departId' });
    const username = input.username ?? row.claimedName;
    if (!username) throw badRequest('请填写本地用户账号', { field: 'username' });
    if (!USERNAME.test(username)) {
      throw badRequest('用户账号只能是 2–64 位字母、数字或 _ . @ -，请填写本地用户账号', { field: 'username' });
    }

    let user = await userByName(tx, username);
    const linked = Boolean(user);
    if (user) {
      if (user.status !== 1) throw badRequest(`本地账号 ${user.username} 已冻结，请先解冻`);
    } else {
      [user] = await tx
        .insert(users)
        .values({
          username,
          realname: row.displayName ?? username,
          passwordHash,
          orgCode: depart.orgCode,
          email: row.email && !(await isTaken(tx, 'email', row.email)) ? row.email : null,
          phone: row.phone && !(await isTaken(tx, 'phone', row.phone)) ? row.phone : null,
        })
        .returning();
    }
    await grantRoleAndDepart(tx, user.id, role.id, depart.id);
    if (!user.orgCode) await tx.update(users).set({ orgCode: depart.orgCode }).where(eq(users.id, user.id));
    const now = new Date();
    await tx
      .update(ssoIdentities)
      .set({
        status: IDM_STATUS.active,
        userId: user.id,
        authorisedBy: actor.userId,
        authorisedAt: now,
        updatedAt: now,
      })
      .where(eq(ssoIdentities.id, row.id));
    await logOperation(tx, actor, {
      content: `授权IDM用户：${row.claimedName ?? row.subject}（${row.issuer}）→ ${linked ? '关联' : '新建'}本地账号 ${
        user.username
      }，角色 ${role.roleName}，部门 ${depart.departName}`,
      operateType: 'idmAuthorize',
      target: row.id,
    });
    return row.id;
  });
  return resource.get(db, actor, id);
}

/** 停用: the identity no longer signs in (its local account stays). */
export async function disableIdmUser(db: Db, actor: Actor, id: string): Promise<IdmUserItem> {
  await db.transaction(async (tx) => {
    const row = await identityById(tx, id, true);
    if (!row) throw notFound('IDM用户不存在');
    if (row.status === IDM_STATUS.disabled) throw badRequest('该IDM用户已停用');
    await tx
      .update(ssoIdentities)
      .set({ status: IDM_STATUS.disabled, updatedAt: new Date() })
      .where(eq(ssoIdentities.id, id));
    await logOperation(tx, actor, {
      content: `停用IDM用户：${row.claimedName ?? row.subject}（${row.issuer}，原状态 ${IDM_STATUS_LABEL[row.status]}）`,
      operateType: 'idmDisable',
      target: id,
    });
  });
  return resource.get(db, actor, id);
}
