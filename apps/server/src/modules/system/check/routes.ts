import {
  CheckMessages,
  CheckRuleCreateInput,
  CheckRuleListQuery,
  CheckRuleQuery,
  CheckRuleUpdateInput,
  DuplicateCheckQuery,
  Perm,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.js';
import { registerCodedRuleRoutes } from '../coded-rule/routes.js';
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

  registerCodedRuleRoutes(app, {
    base: '/sys/checkRule',
    label: '编码校验规则',
    tags,
    perms: { list: Perm.checkRuleList, edit: Perm.checkRuleEdit },
    schemas: { list: CheckRuleListQuery, create: CheckRuleCreateInput, update: CheckRuleUpdateInput },
    service: checkRuleService,
  });
}
