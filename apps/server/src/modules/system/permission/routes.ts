import { Perm, PermissionCreateInput, PermissionUpdateInput, SaveRolePermissionInput } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import {
  addPermission,
  deletePermission,
  editPermission,
  permissionList,
  permissionTree,
  rolePermissionIds,
  saveRolePermissions,
} from './service.js';

const tags = ['菜单权限'];

export async function permissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/permission/list',
    { config: { access: Perm.permissionList }, schema: { tags, summary: '菜单权限树（全部字段）' } },
    async () => ok(await permissionList(db)),
  );

  // Ticking grants per role needs the whole tree, so it goes with the right to assign.
  app.get(
    '/sys/permission/queryTreeList',
    { config: { access: Perm.roleAssign }, schema: { tags, summary: '菜单与按钮树（角色授权用）' } },
    async () => ok(await permissionTree(db)),
  );

  app.post(
    '/sys/permission/add',
    { config: { access: Perm.permissionAdd }, schema: { tags, summary: '新增菜单权限', body: PermissionCreateInput } },
    async (req) => ok(await addPermission(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/permission/edit',
    { config: { access: Perm.permissionEdit }, schema: { tags, summary: '编辑菜单权限', body: PermissionUpdateInput } },
    async (req) => ok(await editPermission(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/sys/permission/delete',
    {
      config: { access: Perm.permissionDelete },
      schema: { tags, summary: '删除菜单权限', querystring: z.object({ id: z.string().uuid('菜单 ID 格式不正确') }) },
    },
    async (req) => {
      await deletePermission(db, actorOf(req), req.query.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/sys/permission/queryRolePermission',
    {
      config: { access: Perm.roleAssign },
      schema: {
        tags,
        summary: '角色已授权的菜单与按钮 ID',
        querystring: z.object({ roleId: z.string().uuid('角色 ID 格式不正确') }),
      },
    },
    async (req) => ok(await rolePermissionIds(db, req.query.roleId)),
  );

  app.post(
    '/sys/permission/saveRolePermission',
    {
      config: { access: Perm.roleAssign },
      schema: { tags, summary: '保存角色授权', body: SaveRolePermissionInput },
    },
    async (req) => {
      await saveRolePermissions(db, actorOf(req), req.body);
      return ok(null, '保存成功');
    },
  );
}
