import {
  FillRuleCodeParams,
  FillRuleCreateInput,
  FillRuleIdQuery,
  FillRuleListQuery,
  FillRulePreviewInput,
  FillRuleUpdateInput,
  Perm,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { fillRuleService, nextCodeByRule, previewRule } from './service.js';

const tags = ['填值规则'];

export async function fillRuleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/fillRule/list',
    {
      config: { access: Perm.fillRuleList },
      schema: { tags, summary: '填值规则列表', querystring: FillRuleListQuery },
    },
    async (req) => ok(await fillRuleService.list(db, actorOf(req), req.query)),
  );

  app.post(
    '/sys/fillRule/add',
    { config: { access: Perm.fillRuleEdit }, schema: { tags, summary: '新增填值规则', body: FillRuleCreateInput } },
    async (req) => ok(await fillRuleService.create(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/fillRule/edit',
    { config: { access: Perm.fillRuleEdit }, schema: { tags, summary: '编辑填值规则', body: FillRuleUpdateInput } },
    async (req) => ok(await fillRuleService.update(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/sys/fillRule/delete',
    { config: { access: Perm.fillRuleEdit }, schema: { tags, summary: '删除填值规则', querystring: FillRuleIdQuery } },
    async (req) => {
      await fillRuleService.remove(db, actorOf(req), [req.query.id]);
      return ok(null, '删除成功');
    },
  );

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
