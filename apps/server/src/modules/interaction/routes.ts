import {
  type BatchResult,
  ConsultSaveInput,
  ContentPerm,
  DataApplicationSaveInput,
  DataCorrectionSaveInput,
  DataErrorCorrectionInput,
  INTERACTION_KIND_LABEL,
  InteractionFigureQuery,
  InteractionIdQuery,
  type InteractionKind,
  InteractionListQuery,
  InteractionOffShelfInput,
  InteractionPrivacyInput,
  InteractionRateInput,
  InteractionReopenInput,
  InteractionReplyInput,
  InteractionToFaqInput,
  InteractionTransferInput,
  InteractionTransitionInput,
  InteractionWorkListQuery,
  InteractionMessages as M,
  MyInteractionQuery,
  InteractionPerm as P,
  PublicInteractionQuery,
  RightsProtectionSaveInput,
  toPage,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { settle } from '../../platform/workflow/apply.js';
import { pickEntries } from './repository.js';
import { interactionService } from './service.js';

const tags = ['交流互动'];

/** Each kind at the spec's prefix: its save, its back-office list and its detail. */
const KIND_ROUTES: readonly { kind: InteractionKind; prefix: string; list: string; get: string }[] = [
  { kind: 'consult', prefix: '/api/consult', list: 'consultList', get: 'getConsultById' },
  {
    kind: 'dataApplication',
    prefix: '/api/dataApplication',
    list: 'dataApplicationList',
    get: 'getDataApplicationById',
  },
  { kind: 'dataCorrection', prefix: '/api/dataCorrection', list: 'dataCorrectionList', get: 'getDataCorrectionById' },
  {
    kind: 'rightsProtection',
    prefix: '/api/rightsProtection',
    list: 'rightsProtectionList',
    get: 'getRightsProtectionById',
  },
];

/** The original's task calls by data id: `dataId` one ticket or `dataIds` several, `comment` the text. */
const ByDataIdInput = z
  .object({
    dataId: z.guid('事项编号不正确').optional(),
    dataIds: z.array(z.guid('事项编号不正确')).max(200, '一次最多处理 200 条').optional(),
    comment: z.string().trim().max(500, '意见不能超过 500 个字符').optional(),
  })
  .refine((v) => Boolean(v.dataId || v.dataIds?.length), { message: '请选择事项', path: ['dataId'] });
const idsOf = (v: { dataId?: string; dataIds?: string[] }) => [...(v.dataId ? [v.dataId] : []), ...(v.dataIds ?? [])];
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const PickQuery = z.object({
  catalogName: z.string().trim().max(100, '目录名称不能超过 100 个字符').optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50, '每页条数不能超过 50').default(10),
});

/**
 * 交流互动: `/api/consult|dataApplication|dataCorrection|rightsProtection/*` (submit, lists, details),
 * `/api/workinteraction/*` (the handling calls, the task inbox, the portal's 公开 and 我的, figures) and
 * the original detail page's `/api/shareData/dataErrorCorrection`.
 */
export async function interactionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const svc = interactionService();

  for (const k of KIND_ROUTES) {
    const label = INTERACTION_KIND_LABEL[k.kind];
    app.post(
      `${k.prefix}/${k.list}`,
      {
        config: { access: P.handle },
        schema: { tags, summary: `${label}列表（本部门；大数据局全部）`, body: InteractionListQuery },
      },
      async (req) => ok(await svc.list(db, actorOf(req), k.kind, req.body)),
    );
    app.get(
      `${k.prefix}/${k.get}`,
      {
        config: { access: 'login' },
        schema: { tags, summary: `${label}详情（承办部门、大数据局与提交人）`, querystring: InteractionIdQuery },
      },
      async (req) => ok(await svc.detail(db, actorOf(req), req.query.id)),
    );
  }

  app.post(
    '/api/consult/save',
    { config: { access: P.submit }, schema: { tags, summary: '提交问题反馈', body: ConsultSaveInput } },
    async (req) => ok(await svc.submit(db, actorOf(req), { kind: 'consult', input: req.body }), M.submitted),
  );
  app.post(
    '/api/dataApplication/save',
    { config: { access: P.submit }, schema: { tags, summary: '提交数据需求', body: DataApplicationSaveInput } },
    async (req) => ok(await svc.submit(db, actorOf(req), { kind: 'dataApplication', input: req.body }), M.submitted),
  );
  app.post(
    '/api/dataCorrection/save',
    { config: { access: P.submit }, schema: { tags, summary: '提交数据纠错', body: DataCorrectionSaveInput } },
    async (req) => ok(await svc.submit(db, actorOf(req), { kind: 'dataCorrection', input: req.body }), M.submitted),
  );
  app.post(
    '/api/shareData/dataErrorCorrection',
    {
      config: { access: P.submit },
      schema: { tags, summary: '数据纠错（目录详情页）', body: DataErrorCorrectionInput },
    },
    async (req) =>
      ok(
        await svc.submit(db, actorOf(req), {
          kind: 'dataCorrection',
          input: { catalogId: req.body.catalogId, correctionContent: req.body.text, attachmentIds: [], isPublic: true },
        }),
        M.submitted,
      ),
  );
  app.post(
    '/api/rightsProtection/save',
    { config: { access: P.submit }, schema: { tags, summary: '提交权益保护申请', body: RightsProtectionSaveInput } },
    async (req) => ok(await svc.submit(db, actorOf(req), { kind: 'rightsProtection', input: req.body }), M.submitted),
  );
  app.post(
    '/api/rightsProtection/queryBAWO',
    { config: { access: 'login' }, schema: { tags, summary: '选择数据资源（已开放目录）', body: PickQuery } },
    async (req) => {
      const { rows, total } = await pickEntries(db, req.body.catalogName, req.body.pageNo, req.body.pageSize);
      return ok(toPage(rows, total, req.body));
    },
  );

  // — handling —
  app.post(
    '/api/workinteraction/reply',
    {
      config: { access: P.handle },
      schema: { tags, summary: '回复（富文本与附件，以本部门名义）', body: InteractionReplyInput },
    },
    async (req) => {
      await svc.reply(db, actorOf(req), req.body);
      return ok(null, M.replied);
    },
  );
  app.post(
    '/api/workinteraction/transition',
    {
      config: { access: 'login' },
      schema: { tags, summary: '受理、退回、关闭、确认办结', body: InteractionTransitionInput },
    },
    async (req) => {
      const { result, message } = settle(await svc.transition(db, actorOf(req), req.body), '操作成功');
      return ok(result, message);
    },
  );
  app.post(
    '/api/workinteraction/transfer',
    {
      config: { access: P.assign },
      schema: { tags, summary: '转办至其他部门（大数据局）', body: InteractionTransferInput },
    },
    async (req) => {
      const { result, message } = settle(await svc.transfer(db, actorOf(req), req.body), '转办成功');
      return ok(result, message);
    },
  );
  app.post(
    '/api/workinteraction/offShelf',
    {
      config: { access: P.handle },
      schema: { tags, summary: '由权益保护事项发起目录下架申请', body: InteractionOffShelfInput },
    },
    async (req) => {
      await svc.startOffShelf(db, actorOf(req), req.body);
      return ok(null, M.offShelfStarted);
    },
  );
  app.post(
    '/api/workinteraction/toFaq',
    {
      config: { access: ContentPerm.edit },
      schema: { tags, summary: '转为常见问题（生成编辑中的常见问题草稿）', body: InteractionToFaqInput },
    },
    async (req) => ok(await svc.toFaq(db, actorOf(req), req.body), M.faqCreated),
  );
  app.post(
    '/api/workinteraction/workList',
    {
      config: { access: P.handle },
      schema: { tags, summary: '互动工单（1 待处理，2 已处理）', body: InteractionWorkListQuery },
    },
    async (req) => ok(await svc.workList(db, actorOf(req), req.body)),
  );
  app.get(
    '/api/workinteraction/statistics',
    {
      config: { access: P.handle },
      schema: { tags, summary: '互动统计（本部门；大数据局全部）', querystring: InteractionFigureQuery },
    },
    async (req) => ok(await svc.statistics(db, actorOf(req), req.query)),
  );

  // The original work-order page's calls (spec §7.3 `/processFlow/task`): 通过 answers each ticket with
  // the comment as its reply, 驳回 gives it back to the bureau's desk with the comment as the reason.
  app.post(
    '/processFlow/task/processByDateId',
    { config: { access: P.handle }, schema: { tags, summary: '工单通过：以意见答复互动事项', body: ByDataIdInput } },
    async (req) => {
      const text = req.body.comment?.trim();
      if (!text) throw badRequest(M.replyMissing, { field: 'comment' });
      const reply = `<p>${escapeHtml(text)}</p>`;
      const result: BatchResult = { succeeded: [], refused: [] };
      for (const id of new Set(idsOf(req.body))) {
        try {
          await svc.reply(db, actorOf(req), { id, reply, attachmentIds: [] });
          result.succeeded.push(id);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          result.refused.push({ id, reason: e.message });
        }
      }
      const settled = settle(result, M.replied);
      return ok(settled.result, settled.message);
    },
  );
  app.post(
    '/processFlow/task/taskProcessByDataId',
    { config: { access: P.handle }, schema: { tags, summary: '工单驳回：退回大数据局受理台', body: ByDataIdInput } },
    async (req) => {
      const answer = await svc.transition(db, actorOf(req), {
        ids: idsOf(req.body),
        action: 'return',
        comment: req.body.comment,
      });
      const { result, message } = settle(answer, '已退回');
      return ok(result, message);
    },
  );

  // — portal —
  app.get(
    '/api/workinteraction/public',
    {
      config: { access: 'public' },
      schema: { tags, summary: '公开的已回复事项', querystring: PublicInteractionQuery },
    },
    async (req) => ok(await svc.publicList(db, req.query)),
  );
  app.get(
    '/api/workinteraction/publicDetail',
    { config: { access: 'public' }, schema: { tags, summary: '公开事项详情', querystring: InteractionIdQuery } },
    async (req) => ok(await svc.publicDetail(db, req.query.id)),
  );
  app.get(
    '/api/workinteraction/publicStatistics',
    {
      config: { access: 'public' },
      schema: { tags, summary: '互动交流统计（开放统计）', querystring: InteractionFigureQuery },
    },
    async (req) => ok(await svc.statistics(db, null, req.query)),
  );
  app.get(
    '/api/workinteraction/mine',
    { config: { access: 'login' }, schema: { tags, summary: '我的互动', querystring: MyInteractionQuery } },
    async (req) => ok(await svc.mine(db, actorOf(req), req.query)),
  );
  app.post(
    '/api/workinteraction/rate',
    { config: { access: P.submit }, schema: { tags, summary: '评价回复（满意度 1–5）', body: InteractionRateInput } },
    async (req) => {
      await svc.rate(db, actorOf(req), req.body.id, req.body.score);
      return ok(null, M.rated);
    },
  );
  app.post(
    '/api/workinteraction/reopen',
    {
      config: { access: P.submit },
      schema: { tags, summary: '重新打开（回复后 7 天内一次）', body: InteractionReopenInput },
    },
    async (req) => {
      await svc.reopen(db, actorOf(req), req.body.id, req.body.comment);
      return ok(null, '已重新打开，承办部门将再次答复');
    },
  );
  app.post(
    '/api/workinteraction/privacy',
    { config: { access: P.submit }, schema: { tags, summary: '公开或不公开本人事项', body: InteractionPrivacyInput } },
    async (req) => {
      await svc.setPrivacy(db, actorOf(req), req.body.id, req.body.isPublic);
      return ok(null, M.privacySaved);
    },
  );
}
