import { Perm, RoleCreateInput, RoleListQuery, RoleUpdateInput } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { permissionRoutes } from '../permission/routes.js';
import { allRoles, deleteRole, roleService, roleTreeList } from './service.js';

const tags = ['角色管理'];

export async function roleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  // The user form picks roles from here, so it goes with the right to list users.
  app.get(
    '/sys/role/queryall',
    { config: { access: Perm.userList }, schema: { tags, summary: '全部角色' } },
    async () => ok(await allRoles(db)),
  );

  app.get(
    '/sys/role/queryTreeList',
    { config: { access: Perm.roleList }, schema: { tags, summary: '角色树（选择器用）' } },
    async () => ok(await roleTreeList(db)),
  );

  app.get(
    '/sys/role/list',
    { config: { access: Perm.roleList }, schema: { tags, summary: '角色列表', querystring: RoleListQuery } },
    async (req) => ok(await roleService.list(db, actorOf(req), req.query)),
  );

  app.post(
    '/sys/role/add',
    { config: { access: Perm.roleAdd }, schema: { tags, summary: '新增角色', body: RoleCreateInput } },
    async (req) => ok(await roleService.create(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/role/edit',
    { config: { access: Perm.roleEdit }, schema: { tags, summary: '编辑角色', body: RoleUpdateInput } },
    async (req) => ok(await roleService.update(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/sys/role/delete',
    {
      config: { access: Perm.roleDelete },
      schema: { tags, summary: '删除角色', querystring: z.object({ id: z.string().uuid('角色 ID 格式不正确') }) },
    },
    async (req) => {
      await deleteRole(db, actorOf(req), req.query.id);
      return ok(null, '删除成功');
    },
  );

  // Granting menus and buttons to roles lives with the menus; registered here so the module list stays as it is.
  await app.register(permissionRoutes);
}
