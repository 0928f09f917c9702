import { createHmac } from 'node:crypto';
import {
  AnswerInput,
  QuestionnairePerm as P,
  PublicQuestionnaireQuery,
  QuestionnaireIdQuery,
  QuestionnaireIdsInput,
  QuestionnaireListQuery,
  QuestionnaireMessages,
  QuestionnaireSaveInput,
  QuestionnaireTransitionInput,
  TextAnswersQuery,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { loadSecretKey } from '../../platform/secret/cipher.js';
import { sendAsAttachment } from '../../platform/storage/disposition.js';
import { settle } from '../../platform/workflow/apply.js';
import { FILE_TYPES } from '../files/formats.js';
import { deviceTokens } from './device.js';
import { exportAnswers } from './export.js';
import { questionnaireService as svc } from './service.js';

const tags = ['调查问卷'];

/**
 * 调查问卷 (`/api/questionnaire/*`): the back office's list (the spec's `questionnaireList`), builder,
 * transitions, results and export; the portal's list, answer page, answer and public results.
 */
export async function questionnaireRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = app.deps.config;
  let key: Buffer | undefined;
  const devices = deviceTokens(() => {
    key ??= createHmac('sha256', loadSecretKey({ configured: config.datasourceSecretKey, dataDir: config.dataDir }))
      .update('questionnaire-device')
      .digest();
    return key;
  });

  // — back office —
  app.get(
    '/api/questionnaire/questionnaireList',
    { config: { access: P.list }, schema: { tags, summary: '问卷管理列表', querystring: QuestionnaireListQuery } },
    async (req) => ok(await svc.list(db, actorOf(req), req.query)),
  );
  app.get(
    '/api/questionnaire/getQuestionnaireById',
    { config: { access: P.list }, schema: { tags, summary: '问卷详情（含题目）', querystring: QuestionnaireIdQuery } },
    async (req) => ok(await svc.get(db, actorOf(req), req.query.id)),
  );
  app.post(
    '/api/questionnaire/save',
    { config: { access: P.edit }, schema: { tags, summary: '保存问卷（新增或编辑）', body: QuestionnaireSaveInput } },
    async (req) => ok((await svc.save(db, actorOf(req), req.body)).id, QuestionnaireMessages.saved),
  );
  app.post(
    '/api/questionnaire/transition',
    {
      config: { access: P.edit },
      schema: { tags, summary: '发布、撤回、结束、删除', body: QuestionnaireTransitionInput },
    },
    async (req) => {
      const { result, message } = settle(await svc.transition(db, actorOf(req), req.body), '操作成功');
      return ok(result, message);
    },
  );
  app.delete(
    '/api/questionnaire/deleteQuestionnaire',
    { config: { access: P.edit }, schema: { tags, summary: '删除问卷', body: QuestionnaireIdsInput } },
    async (req) => {
      const batch = await svc.transition(db, actorOf(req), { ids: req.body, action: 'delete' });
      const { result, message } = settle(batch, QuestionnaireMessages.deleted);
      return ok(result, message);
    },
  );
  app.get(
    '/api/questionnaire/results',
    { config: { access: P.results }, schema: { tags, summary: '统计结果（每题）', querystring: QuestionnaireIdQuery } },
    async (req) => ok(await svc.results(db, actorOf(req), req.query.id)),
  );
  app.get(
    '/api/questionnaire/textAnswers',
    { config: { access: P.results }, schema: { tags, summary: '填空题的回答（分页）', querystring: TextAnswersQuery } },
    async (req) => ok(await svc.textAnswers(db, actorOf(req), req.query)),
  );
  app.get(
    '/api/questionnaire/export',
    {
      config: { access: P.results },
      schema: { tags, summary: '导出全部答卷（.xlsx）', querystring: QuestionnaireIdQuery },
    },
    async (req, reply) => {
      const row = await svc.visible(db, actorOf(req), req.query.id);
      const file = await exportAnswers(db, row);
      return sendAsAttachment(reply, file.fileName, FILE_TYPES.xlsx.mime).send(file.body);
    },
  );

  // — public —
  app.get(
    '/api/questionnaire/public/list',
    {
      config: { access: 'public' },
      schema: { tags, summary: '调查问卷（公开列表，进行中在前）', querystring: PublicQuestionnaireQuery },
    },
    async (req) => ok(await svc.publicList(db, req.query)),
  );
  app.get(
    '/api/questionnaire/public/detail',
    {
      config: { access: 'public' },
      schema: { tags, summary: '作答页：题目与是否已作答', querystring: QuestionnaireIdQuery },
    },
    async (req) =>
      ok(await svc.publicDetail(db, { actor: req.actor ?? null, deviceId: devices.read(req) }, req.query.id)),
  );
  app.post(
    '/api/questionnaire/public/answer',
    { config: { access: 'public' }, schema: { tags, summary: '提交答卷（每人或每台设备一次）', body: AnswerInput } },
    async (req, reply) => {
      const actor = req.actor ?? null;
      // The device cookie is issued before the check so that a refused sheet keeps the same device.
      const deviceId = devices.ensure(req, reply);
      return ok(await svc.answer(db, { actor, deviceId }, req.body), QuestionnaireMessages.submitted);
    },
  );
  app.get(
    '/api/questionnaire/public/results',
    {
      config: { access: 'public' },
      schema: { tags, summary: '已结束问卷的结果摘要（管理员公开时）', querystring: QuestionnaireIdQuery },
    },
    async (req) => ok(await svc.publicResults(db, req.query.id)),
  );
}
