import {
  DepartCreateInput,
  DepartIdQuery,
  DepartPermissionQuery,
  DepartUpdateInput,
  Perm,
  SaveDepartPermissionInput,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import {
  addDepart,
  deleteDepart,
  departDetail,
  departPermissionIds,
  departPermissionTree,
  editDepart,
  saveDepartPermissions,
} from './admin-service.js';

const tags = ['部门管理'];

/** Department administration: the 基本信息 form, deleting, and the department's permissions. */
export async function departAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/sysDepart/queryById',
    { config: { access: Perm.departList }, schema: { tags, summary: '部门详情', querystring: DepartIdQuery } },
    async (req) => ok(await departDetail(db, req.query.id)),
  );

  app.post(
    '/sys/sysDepart/add',
    { config: { access: Perm.departAdd }, schema: { tags, summary: '新增部门', body: DepartCreateInput } },
    async (req) => ok(await addDepart(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/sysDepart/edit',
    { config: { access: Perm.departEdit }, schema: { tags, summary: '编辑部门', body: DepartUpdateInput } },
    async (req) => ok(await editDepart(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/sys/sysDepart/delete',
    { config: { access: Perm.departDelete }, schema: { tags, summary: '删除部门', querystring: DepartIdQuery } },
    async (req) => {
      await deleteDepart(db, actorOf(req), req.query.id);
      return ok(null, '删除成功');
    },
  );

  // Ticking a department's permissions needs the whole tree, so it goes with the right to grant them.
  app.get(
    '/sys/sysDepart/queryPermissionTree',
    { config: { access: Perm.departPermission }, schema: { tags, summary: '菜单与按钮树（部门授权用）' } },
    async () => ok(await departPermissionTree(db)),
  );

  app.get(
    '/sys/permission/queryDepartPermission',
    {
      config: { access: Perm.departPermission },
      schema: { tags, summary: '部门已授权的菜单与按钮 ID', querystring: DepartPermissionQuery },
    },
    async (req) => ok(await departPermissionIds(db, req.query.departId)),
  );

  app.post(
    '/sys/permission/saveDepartPermission',
    {
      config: { access: Perm.departPermission },
      schema: { tags, summary: '保存部门授权', body: SaveDepartPermissionInput },
    },
    async (req) => {
      await saveDepartPermissions(db, actorOf(req), req.body);
      return ok(null, '保存成功');
    },
  );
}
