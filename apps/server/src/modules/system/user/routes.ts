import { FreezeInput, Perm, ResetPasswordInput, UserCreateInput, UserListQuery, UserUpdateInput } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { badRequest } from '../../../platform/http/errors.js';
import { isUsernameFree, resetPassword, roleIdsOfUser, setUsersStatus, userService, usersOfDepart } from './service.js';

const tags = ['用户管理'];
const Id = z.string().uuid('ID 格式不正确');

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/user/list',
    { config: { access: Perm.userList }, schema: { tags, summary: '用户列表', querystring: UserListQuery } },
    async (req) => ok(await userService.list(db, actorOf(req), req.query)),
  );

  app.post(
    '/sys/user/add',
    { config: { access: Perm.userAdd }, schema: { tags, summary: '新增用户', body: UserCreateInput } },
    async (req) => ok(await userService.create(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/user/edit',
    { config: { access: Perm.userEdit }, schema: { tags, summary: '编辑用户', body: UserUpdateInput } },
    async (req) => ok(await userService.update(db, actorOf(req), req.body), '修改成功'),
  );

  app.get(
    '/sys/user/queryById',
    { config: { access: Perm.userList }, schema: { tags, summary: '用户详情', querystring: z.object({ id: Id }) } },
    async (req) => ok(await userService.get(db, actorOf(req), req.query.id)),
  );

  app.put(
    '/sys/user/frozenBatch',
    { config: { access: Perm.userFreeze }, schema: { tags, summary: '冻结/解冻用户', body: FreezeInput } },
    async (req) => {
      await setUsersStatus(db, actorOf(req), req.body.ids, req.body.status);
      return ok(null, req.body.status === 2 ? '冻结成功' : '解冻成功');
    },
  );

  app.put(
    '/sys/user/changePassword',
    { config: { access: Perm.userResetPassword }, schema: { tags, summary: '重置用户密码', body: ResetPasswordInput } },
    async (req) => {
      await resetPassword(db, actorOf(req), req.body.username, req.body.password);
      return ok(null, '密码重置成功');
    },
  );

  app.get(
    '/sys/user/queryUserRole',
    {
      config: { access: Perm.userList },
      schema: { tags, summary: '用户的角色 ID', querystring: z.object({ userid: Id }) },
    },
    async (req) => ok(await roleIdsOfUser(db, req.query.userid)),
  );

  app.get(
    '/sys/user/checkOnlyUser',
    {
      config: { access: Perm.userList },
      schema: {
        tags,
        summary: '校验用户账号是否可用',
        querystring: z.object({ username: z.string().trim().min(1, '请输入用户账号').max(64) }),
      },
    },
    async (req) => {
      if (!(await isUsernameFree(db, req.query.username))) throw badRequest('用户账号已存在');
      return ok(true, '该用户账号可用');
    },
  );

  app.get(
    '/sys/user/queryUserByDepId',
    { config: { access: Perm.userList }, schema: { tags, summary: '部门下的用户', querystring: z.object({ id: Id }) } },
    async (req) => ok(await usersOfDepart(db, req.query.id)),
  );
}
