import {
  BatchCompleteByDataIdInput,
  BatchRejectByDataIdInput,
  CompleteByDataIdInput,
  CataloguePerm as P,
  RejectByDataIdInput,
  WorkOrderListQuery,
  WorkOrderMessages,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { badRequest } from '../../../platform/http/errors.js';
import { settle } from '../../../platform/workflow/apply.js';
import { completeByDataIds, listWorkOrders, rejectByDataIds, todoOf } from './service.js';

const tags = ['目录审核'];

function requireRejectComment(comment: string | undefined) {
  if (!comment?.trim()) throw badRequest(WorkOrderMessages.rejectCommentRequired, { field: 'comment' });
}

export async function workOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/api/workcatalog/list',
    {
      config: { access: P.workOrder },
      schema: { tags, summary: '审核工单（1 待处理，2 已处理；目录与共享申请的审核）', body: WorkOrderListQuery },
    },
    async (req) => ok(await listWorkOrders(db, actorOf(req), req.body)),
  );

  app.get(
    '/api/workcatalog/todo',
    { config: { access: 'login' }, schema: { tags, summary: '首页待办' } },
    async (req) => ok(await todoOf(db, actorOf(req))),
  );

  app.post(
    '/flowable/task/completeByDataId',
    {
      config: { access: P.review },
      schema: { tags, summary: '审核通过（dataId 为目录 ID，通过其待处理的审核）', body: CompleteByDataIdInput },
    },
    async (req) => {
      const answer = await completeByDataIds(db, actorOf(req), [req.body.dataId], req.body.comment);
      const { result, message } = settle(answer, '审核通过');
      return ok(result, message);
    },
  );

  app.post(
    '/flowable/task/taskRejectByDataId',
    { config: { access: P.review }, schema: { tags, summary: '审核驳回（须填写意见）', body: RejectByDataIdInput } },
    async (req) => {
      requireRejectComment(req.body.comment);
      const answer = await rejectByDataIds(db, actorOf(req), [req.body.dataId], req.body.comment);
      const { result, message } = settle(answer, '已驳回');
      return ok(result, message);
    },
  );

  app.post(
    '/flowable/task/batchCompleteByDataId',
    { config: { access: P.review }, schema: { tags, summary: '批量审核通过', body: BatchCompleteByDataIdInput } },
    async (req) => {
      const answer = await completeByDataIds(db, actorOf(req), req.body.dataIds, req.body.comment);
      const { result, message } = settle(answer, '审核通过');
      return ok(result, message);
    },
  );

  app.post(
    '/flowable/task/batchTaskRejectByDataId',
    {
      config: { access: P.review },
      schema: { tags, summary: '批量审核驳回（须填写意见）', body: BatchRejectByDataIdInput },
    },
    async (req) => {
      requireRejectComment(req.body.comment);
      const answer = await rejectByDataIds(db, actorOf(req), req.body.dataIds, req.body.comment);
      const { result, message } = settle(answer, '已驳回');
      return ok(result, message);
    },
  );
}
