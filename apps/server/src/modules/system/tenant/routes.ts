import { Perm, TenantCreateInput, TenantListQuery, TenantPageQuery, TenantUpdateInput } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { addTenant, editTenant, tenantList, tenantsByIds } from './service.js';

const tags = ['租户管理'];

export async function tenantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/tenant/queryList',
    { config: { access: 'login' }, schema: { tags, summary: '按编号查询租户', querystring: TenantListQuery } },
    async (req) => ok(await tenantsByIds(db, req.query.ids)),
  );

  app.get(
    '/sys/tenant/list',
    { config: { access: Perm.tenantList }, schema: { tags, summary: '租户列表', querystring: TenantPageQuery } },
    async (req) => ok(await tenantList(db, actorOf(req), req.query)),
  );

  // Adding is part of editing the tenant list; there is no separate code for it.
  app.post(
    '/sys/tenant/add',
    { config: { access: Perm.tenantEdit }, schema: { tags, summary: '新增租户', body: TenantCreateInput } },
    async (req) => ok(await addTenant(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/tenant/edit',
    { config: { access: Perm.tenantEdit }, schema: { tags, summary: '编辑租户', body: TenantUpdateInput } },
    async (req) => ok(await editTenant(db, actorOf(req), req.body), '修改成功'),
  );
}
