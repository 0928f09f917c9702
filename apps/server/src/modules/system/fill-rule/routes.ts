import {
  FillRuleCodeParams,
  FillRuleCreateInput,
  FillRuleListQuery,
  FillRulePreviewInput,
  FillRuleUpdateInput,
  Perm,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.js';
import { registerCodedRuleRoutes } from '../coded-rule/routes.js';
import { fillRuleService, nextCodeByRule, previewRule } from './service.js';

const tags = ['填值规则'];

export async function fillRuleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  registerCodedRuleRoutes(app, {
    base: '/sys/fillRule',
    label: '填值规则',
    tags,
    perms: { list: Perm.fillRuleList, edit: Perm.fillRuleEdit },
    schemas: { list: FillRuleListQuery, create: FillRuleCreateInput, update: FillRuleUpdateInput },
    service: fillRuleService,
  });

  // Forms of any module ask for a number when they open or save, so any signed-in user may.
  app.get(
    '/sys/fillRule/executeRuleByCode/:ruleCode',
    {
      config: { access: 'login' },
      schema: { tags, summary: '按规则编码生成下一个值（占用一个流水号）', params: FillRuleCodeParams },
    },
    async (req) => ok(await db.transaction((tx) => nextCodeByRule(tx, req.params.ruleCode))),
  );

  app.post(
    '/sys/fillRule/preview',
    {
      config: { access: Perm.fillRuleList },
      schema: { tags, summary: '预览规则的下一个值（不占用流水号）', body: FillRulePreviewInput },
    },
    async (req) => ok(await previewRule(db, req.body)),
  );
}
