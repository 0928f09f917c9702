import {
  DataRuleCreateInput,
  DataRuleListQuery,
  DataRuleUpdateInput,
  Perm,
  RoleDataRuleParams,
  SaveRoleDataRuleInput,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../../platform/auth/plugin.js';
import { ok } from '../../../../platform/http/envelope.js';
import {
  addRule,
  deleteRule,
  editRule,
  menuRuleColumns,
  menuRules,
  roleMenuRules,
  saveRoleMenuRules,
} from './service.js';

const tags = ['数据规则'];
const PermissionIdQuery = z.object({ permissionId: z.string().uuid('菜单 ID 格式不正确'), _t: z.unknown().optional() });

export async function dataRuleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/permission/getPermRuleListByPermId',
    {
      config: { access: Perm.permissionList },
      schema: { tags, summary: '菜单的数据规则', querystring: PermissionIdQuery },
    },
    async (req) => ok(await menuRules(db, { permissionId: req.query.permissionId })),
  );

  app.get(
    '/sys/permission/queryPermissionRule',
    {
      config: { access: Perm.permissionList },
      schema: { tags, summary: '查询菜单的数据规则（按名称、字段）', querystring: DataRuleListQuery },
    },
    async (req) => ok(await menuRules(db, req.query)),
  );

  app.get(
    '/sys/permission/dataRuleColumns',
    {
      config: { access: Perm.permissionList },
      schema: { tags, summary: '菜单列表可用于数据规则的字段', querystring: PermissionIdQuery },
    },
    async (req) => ok(await menuRuleColumns(db, req.query.permissionId)),
  );

  app.post(
    '/sys/permission/addPermissionRule',
    { config: { access: Perm.dataRuleEdit }, schema: { tags, summary: '新增数据规则', body: DataRuleCreateInput } },
    async (req) => ok(await addRule(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/permission/editPermissionRule',
    { config: { access: Perm.dataRuleEdit }, schema: { tags, summary: '编辑数据规则', body: DataRuleUpdateInput } },
    async (req) => ok(await editRule(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/sys/permission/deletePermissionRule',
    {
      config: { access: Perm.dataRuleEdit },
      schema: { tags, summary: '删除数据规则', querystring: z.object({ id: z.string().uuid('规则 ID 格式不正确') }) },
    },
    async (req) => {
      await deleteRule(db, actorOf(req), req.query.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/sys/role/datarule/:permissionId/:roleId',
    {
      config: { access: Perm.roleAssign },
      schema: { tags, summary: '菜单的数据规则及角色已选用的规则', params: RoleDataRuleParams },
    },
    async (req) => ok(await roleMenuRules(db, req.params.permissionId, req.params.roleId)),
  );

  app.post(
    '/sys/role/datarule',
    {
      config: { access: Perm.roleAssign },
      schema: { tags, summary: '保存角色在菜单上选用的数据规则', body: SaveRoleDataRuleInput },
    },
    async (req) => {
      await saveRoleMenuRules(db, actorOf(req), req.body);
      return ok(null, '保存成功');
    },
  );
}
