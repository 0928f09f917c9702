import { Perm, type UserCreateInput, type UserItem, type UserListQuery, type UserUpdateInput } from '@odp/contracts';
import { desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { departs, tenants, userDeparts, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { hashPassword } from '../../../platform/auth/password.js';
import { badRequest, forbidden } from '../../../platform/http/errors.js';
import type { DataRuleColumns } from '../../../platform/resource/data-rules.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { existingIds, relationsOf, replaceDeparts, replaceRoles } from './repository.js';

type UserRow = typeof users.$inferSelect;

/** The user-list fields that 数据规则 on 用户管理 may name (the rule column → the real column). */
export const userDataRuleColumns: DataRuleColumns = {
  id: users.id,
  username: users.username,
  realname: users.realname,
  nickname: users.nickname,
  phone: users.phone,
  email: users.email,
  sex: users.sex,
  status: users.status,
  orgCode: users.orgCode,
  createTime: users.createdAt,
};

const like = (v: string | undefined) => (v ? containing(v) : undefined);

export const userResource: ResourceSpec<UserRow, UserItem, UserCreateInput, UserUpdateInput, UserListQuery> = {
  label: '用户',
  table: users,
  id: users.id,
  deletedAt: users.deletedAt,
  filters: (q) => [
    q.username ? ilike(users.username, like(q.username) as string) : undefined,
    q.realname ? ilike(users.realname, like(q.realname) as string) : undefined,
    q.phone ? ilike(users.phone, like(q.phone) as string) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    // Members of the department, whichever department they currently act for.
    q.orgCode
      ? sql`exists (select 1 from ${userDeparts} join ${departs} on ${departs.id} = ${userDeparts.departId}
          where ${userDeparts.userId} = ${users.id} and ${departs.orgCode} = ${q.orgCode})`
      : undefined,
  ],
  sortable: { createTime: users.createdAt, username: users.username, realname: users.realname, status: users.status },
  defaultOrder: desc(users.createdAt),
  unique: [
    {
      column: users.username,
      field: 'username',
      value: (i) => ('username' in i ? i.username : null),
      message: '用户账号已存在',
      includeDeleted: true,
    },
    { column: users.phone, field: 'phone', value: (i) => i.phone, message: '手机号码已被其他用户使用' },
    { column: users.email, field: 'email', value: (i) => i.email, message: '邮箱已被其他用户使用' },
  ],
  async present(db, rows) {
    const { departsBy, rolesBy } = await relationsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((u) => ({
      id: u.id,
      username: u.username,
      realname: u.realname,
      nickname: u.nickname,
      phone: u.phone,
      email: u.email,
      sex: u.sex,
      avatar: u.avatar,
      status: u.status,
      orgCode: u.orgCode,
      departIds: departsBy.get(u.id)?.ids ?? [],
      departNames: departsBy.get(u.id)?.names ?? [],
      roleIds: rolesBy.get(u.id)?.ids ?? [],
      roleNames: rolesBy.get(u.id)?.names ?? [],
      tenantIds: tenantIdsOf(u.relTenantIds),
      createTime: u.createdAt.toISOString(),
    }));
  },
  toInsert: async (input, actor) => ({
    ...profile(input),
    ...tenantColumn(input, actor),
    username: input.username,
    passwordHash: await hashPassword(input.password),
  }),
  toUpdate: (input, actor) => ({ ...profile(input), ...tenantColumn(input, actor), updatedAt: new Date() }),
  async afterWrite(tx, id, input, actor) {
    if (input.roleIds === undefined && input.departIds === undefined && input.tenantIds === undefined) return;
    assertMayAssign(actor);
    if (input.tenantIds !== undefined) {
      // The column was written with the row (so the answer shows it); an unknown id undoes the change.
      const wanted = [...new Set(input.tenantIds)];
      const found = await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, wanted));
      if (found.length !== wanted.length) throw badRequest('所选租户不存在', { field: 'tenantIds' });
    }
    if (input.roleIds !== undefined) {
      const found = await existingIds(tx, 'roles', input.roleIds);
      if (found.length !== new Set(input.roleIds).size) throw badRequest('所选角色不存在（字段 roleIds）');
      await replaceRoles(tx, id, [...new Set(input.roleIds)]);
    }
    if (input.departIds !== undefined) {
      const found = await existingIds(tx, 'departs', input.departIds);
      if (found.length !== new Set(input.departIds).size) throw badRequest('所选部门不存在（字段 departIds）');
      await replaceDeparts(tx, id, [...new Set(input.departIds)]);
      // Keep the current department one the user still belongs to.
      const codes = found.map((d) => ('orgCode' in d ? String(d.orgCode) : ''));
      const [user] = await tx.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, id));
      if (!user.orgCode || !codes.includes(user.orgCode)) {
        await tx
          .update(users)
          .set({ orgCode: codes[0] ?? null })
          .where(eq(users.id, id));
      }
    }
  },
  describe: (u) => `${u.realname}（${u.username}）`,
  dataRules: { menuPath: '/system/User', columns: userDataRuleColumns },
};

/** The columns a create and an edit both write. */
function profile(input: UserCreateInput | UserUpdateInput) {
  const { realname, nickname, phone, email, avatar } = input;
  return { realname, nickname, phone, email, avatar, sex: input.sex ?? null };
}

/** No tenant means the default one (0), as for every account created without a choice. */
function tenantColumn(input: UserCreateInput | UserUpdateInput, actor: Actor) {
  if (input.tenantIds === undefined) return {};
  assertMayAssign(actor);
  const ids = [...new Set(input.tenantIds)].sort((a, b) => a - b);
  return { relTenantIds: ids.length ? ids.join(',') : '0' };
}

/** `rel_tenant_ids` is the comma list the sign-in reads (spec §4). */
function tenantIdsOf(relTenantIds: string): number[] {
  return relTenantIds
    .split(',')
    .map((v) => Number.parseInt(v, 10))
    .filter((v) => Number.isInteger(v) && v >= 0);
}

function assertMayAssign(actor: Actor) {
  if (!actor.perms.has(Perm.userAssign)) throw forbidden('没有分配角色、部门与租户的权限');
}
