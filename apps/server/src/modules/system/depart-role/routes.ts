import {
  DepartMemberListQuery,
  DepartPermissionQuery,
  DepartRoleCreateInput,
  DepartRoleIdQuery,
  DepartRoleListQuery,
  DepartRoleUpdateInput,
  DeptRoleByUserQuery,
  DeptRolePermissionQuery,
  DeptRoleUserAddInput,
  Perm,
  SaveDeptRolePermissionInput,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import {
  addDepartRole,
  deleteDepartRole,
  departGrantableTree,
  departMembers,
  departRoleList,
  deptRolePermissionIds,
  deptRolesOfUser,
  editDepartRole,
  saveDeptRolePermissions,
  setMemberRoles,
} from './service.js';

const tags = ['部门角色'];
const access = Perm.departRole;

/** Roles a department defines for its members, their members, and their grants within the department's. */
export async function departRoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/sysDepartRole/list',
    { config: { access }, schema: { tags, summary: '部门角色列表', querystring: DepartRoleListQuery } },
    async (req) => ok(await departRoleList(db, actorOf(req), req.query)),
  );

  app.post(
    '/sys/sysDepartRole/add',
    { config: { access }, schema: { tags, summary: '新增部门角色', body: DepartRoleCreateInput } },
    async (req) => ok(await addDepartRole(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/sysDepartRole/edit',
    { config: { access }, schema: { tags, summary: '编辑部门角色', body: DepartRoleUpdateInput } },
    async (req) => ok(await editDepartRole(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/sys/sysDepartRole/delete',
    { config: { access }, schema: { tags, summary: '删除部门角色', querystring: DepartRoleIdQuery } },
    async (req) => {
      await deleteDepartRole(db, actorOf(req), req.query.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/sys/sysDepartRole/memberList',
    { config: { access }, schema: { tags, summary: '部门成员及其部门角色', querystring: DepartMemberListQuery } },
    async (req) => ok(await departMembers(db, req.query)),
  );

  app.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    { config: { access }, schema: { tags, summary: '成员在部门内的角色 ID', querystring: DeptRoleByUserQuery } },
    async (req) => ok(await deptRolesOfUser(db, req.query.userId, req.query.departId)),
  );

  app.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    { config: { access }, schema: { tags, summary: '为部门成员分配部门角色', body: DeptRoleUserAddInput } },
    async (req) => {
      await setMemberRoles(db, actorOf(req), req.body);
      return ok(null, '保存成功');
    },
  );

  app.get(
    '/sys/sysDepartPermission/queryTreeList',
    {
      config: { access },
      schema: { tags, summary: '部门可授予其角色的菜单与按钮树', querystring: DepartPermissionQuery },
    },
    async (req) => ok(await departGrantableTree(db, req.query.departId)),
  );

  app.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    {
      config: { access },
      schema: { tags, summary: '部门角色已授权的菜单与按钮 ID', querystring: DeptRolePermissionQuery },
    },
    async (req) => ok(await deptRolePermissionIds(db, req.query.roleId)),
  );

  app.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    { config: { access }, schema: { tags, summary: '保存部门角色授权', body: SaveDeptRolePermissionInput } },
    async (req) => {
      await saveDeptRolePermissions(db, actorOf(req), req.body);
      return ok(null, '保存成功');
    },
  );
}
