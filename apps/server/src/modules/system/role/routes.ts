import { Perm, RoleCreateInput, RoleListQuery, RoleUpdateInput } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.js';
import { registerCrudRoutes } from '../../../platform/resource/routes.js';
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

  registerCrudRoutes(app, {
    base: '/sys/role',
    label: '角色',
    tags,
    access: { list: Perm.roleList, add: Perm.roleAdd, edit: Perm.roleEdit, delete: Perm.roleDelete },
    schemas: { list: RoleListQuery, create: RoleCreateInput, update: RoleUpdateInput },
    // Deleting differs: built-in roles and roles still held stay.
    handlers: { ...roleService, remove: deleteRole },
  });
}
