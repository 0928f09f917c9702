import {
  CheckMessages,
  CheckRuleCreateInput,
  CheckRuleIdQuery,
  CheckRuleListQuery,
  CheckRuleQuery,
  CheckRuleUpdateInput,
  DuplicateCheckQuery,
  Perm,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { checkByRule, checkDuplicate, checkRuleService } from './service.js';

const tags = ['校验'];

export async function checkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/duplicate/check',
    { config: { access: 'login' }, schema: { tags, summary: '重复值校验', querystring: DuplicateCheckQuery } },
    async (req) => {
      await checkDuplicate(db, req.query);
      return ok(null, CheckMessages.valueFree);
    },
  );

  app.get(
    '/sys/checkRule/checkByCode',
    { config: { access: 'login' }, schema: { tags, summary: '按编码校验规则校验值', querystring: CheckRuleQuery } },
    async (req) => {
      await checkByRule(db, req.query);
      return ok(null, CheckMessages.rulePassed);
    },
  );

  app.get(
    '/sys/checkRule/list',
    {
      config: { access: Perm.checkRuleList },
      schema: { tags, summary: '编码校验规则列表', querystring: CheckRuleListQuery },
    },
    async (req) => ok(await checkRuleService.list(db, actorOf(req), req.query)),
  );

  app.post(
    '/sys/checkRule/add',
    {
      config: { access: Perm.checkRuleEdit },
      schema: { tags, summary: '新增编码校验规则', body: CheckRuleCreateInput },
    },
    async (req) => ok(await checkRuleService.create(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/checkRule/edit',
    {
      config: { access: Perm.checkRuleEdit },
      schema: { tags, summary: '编辑编码校验规则', body: CheckRuleUpdateInput },
    },
    async (req) => ok(await checkRuleService.update(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/sys/checkRule/delete',
    {
      config: { access: Perm.checkRuleEdit },
      schema: { tags, summary: '删除编码校验规则', querystring: CheckRuleIdQuery },
    },
    async (req) => {
      await checkRuleService.remove(db, actorOf(req), [req.query.id]);
      return ok(null, '删除成功');
    },
  );
}
