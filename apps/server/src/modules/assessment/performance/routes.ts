import {
  AssessmentIdQuery,
  AssessmentListQuery,
  AssessmentTransitionInput,
  CommentInput,
  DrillQuery,
  AssessmentMessages as M,
  AssessmentPerm as P,
  SchemeIdInput,
  SchemeSaveInput,
  StartAssessmentInput,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { sendAsAttachment } from '../../../platform/storage/disposition.js';
import { FILE_TYPES } from '../../files/formats.js';
import * as svc from './service.js';

const tags = ['绩效管理'];
const DONE: Record<string, string> = {
  rescore: '已重新计算',
  submit: '已提交局确认',
  confirm: '已确认',
  return: '已退回',
};

/** 绩效管理 (`/api/assessment/*`): schemes, periods scored and ranked, departments' 说明, the bureau's confirmation. */
export async function performanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/assessment/scheme/list',
    { config: { access: P.view }, schema: { tags, summary: '考核方案' } },
    async () => ok(await svc.listSchemes(db)),
  );
  app.post(
    '/api/assessment/scheme/save',
    { config: { access: P.manage }, schema: { tags, summary: '保存考核方案', body: SchemeSaveInput } },
    async (req) => ok(await svc.saveScheme(db, actorOf(req), req.body), '保存成功'),
  );
  app.delete(
    '/api/assessment/scheme/delete',
    {
      config: { access: P.manage },
      schema: { tags, summary: '删除考核方案（未开始考核）', querystring: SchemeIdInput },
    },
    async (req) => ok(await svc.deleteScheme(db, actorOf(req), req.query.id), '删除成功'),
  );
  app.post(
    '/api/assessment/start',
    {
      config: { access: P.manage },
      schema: { tags, summary: '开始考核（计算得分与排名）', body: StartAssessmentInput },
    },
    async (req) => ok(await svc.startAssessment(db, actorOf(req), req.body.schemeId, req.body.periodKey), M.started),
  );
  app.get(
    '/api/assessment/period/page',
    { config: { access: P.view }, schema: { tags, summary: '考核记录', querystring: AssessmentListQuery } },
    async (req) => ok(await svc.pagePeriods(db, actorOf(req), req.query)),
  );
  app.post(
    '/api/assessment/period/transition',
    {
      config: { access: P.view },
      schema: { tags, summary: '重新计算、提交局确认、确认、退回', body: AssessmentTransitionInput },
    },
    async (req) => {
      await svc.transition(db, actorOf(req), req.body.id, req.body.action, req.body.comment);
      return ok(null, DONE[req.body.action]);
    },
  );
  app.get(
    '/api/assessment/period/scores',
    {
      config: { access: P.view },
      schema: { tags, summary: '得分与排名（部门只看本部门）', querystring: AssessmentIdQuery },
    },
    async (req) => ok(await svc.scores(db, actorOf(req), req.query.id)),
  );
  app.post(
    '/api/assessment/score/comment',
    { config: { access: P.comment }, schema: { tags, summary: '部门对本部门得分的说明', body: CommentInput } },
    async (req) => ok(await svc.comment(db, actorOf(req), req.body.scoreId, req.body.comment), M.commented),
  );
  app.get(
    '/api/assessment/score/records',
    { config: { access: P.view }, schema: { tags, summary: '得分背后的记录', querystring: DrillQuery } },
    async (req) => ok(await svc.drill(db, actorOf(req), req.query.scoreId, req.query.indexId)),
  );
  app.get(
    '/api/assessment/period/export',
    { config: { access: P.view }, schema: { tags, summary: '导出排名（xlsx）', querystring: AssessmentIdQuery } },
    async (req, reply) => {
      const { name, bytes } = await svc.rankingWorkbook(db, actorOf(req), req.query.id);
      return sendAsAttachment(reply, name, FILE_TYPES.xlsx.mime, bytes.length).send(bytes);
    },
  );
}
