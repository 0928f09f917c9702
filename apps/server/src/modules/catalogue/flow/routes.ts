import { type CatalogueAction, LifecycleInput, transitionOf } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { settle } from '../../../platform/workflow/apply.js';
import { transitionMany } from '../lifecycle/service.js';

const tags = ['目录流程'];

/** The lifecycle calls of spec §7.3 and the action each applies; the permission is the transition's. */
const FLOW_ROUTES: { path: string; action: CatalogueAction; summary: string }[] = [
  { path: '/api/flowcatalog/submitCatalog', action: 'submit', summary: '提交审核' },
  { path: '/api/flowcatalog/processRecovery', action: 'recovery', summary: '撤回审核' },
  { path: '/api/flowcatalog/submitOpenCatalogUpShelf', action: 'upShelfApply', summary: '上架申请' },
  {
    path: '/api/flowcatalog/submitopenCatalogOffShelf',
    action: 'offShelfApply',
    summary: '下架申请（comment 为下架说明，reason 为下架原因字典值）',
  },
  { path: '/api/flowcatalog/delete', action: 'delete', summary: '删除目录（可恢复）' },
  { path: '/api/flowcatalog/recover', action: 'recover', summary: '恢复已删除的目录' },
];

export async function flowRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  for (const route of FLOW_ROUTES) {
    const t = transitionOf(route.action);
    app.post(
      route.path,
      {
        config: { access: t.permission },
        schema: {
          tags,
          summary: route.summary,
          description: '逐条处理；全部未能处理时返回 400 与第一条原因，result 为逐条结果。',
          body: LifecycleInput,
        },
      },
      async (req) => {
        const { ids, comment, reason } = req.body;
        const answer = await transitionMany(db, actorOf(req), ids, route.action, { comment, reason });
        const { result, message } = settle(answer, `${t.label}成功`);
        return ok(result, message);
      },
    );
  }
}
