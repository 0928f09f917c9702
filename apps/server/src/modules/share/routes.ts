import {
  SharePerm as P,
  ShareApplyInput,
  ShareCatalogQuery,
  ShareDecisionInput,
  ShareIdQuery,
  ShareNodeInput,
  SharePageQuery,
  ShareSystemInput,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { appSecrets } from '../openapi/keys.js';
import { sharePage } from './list.js';
import { applyPooling } from './pooling.js';
import { byId, byProcessCode } from './repository.js';
import { shareService } from './service.js';
import { shareUseService } from './use.js';

const tags = ['数据共享'];

const ProcessCodeQuery = z.object({
  processCode: z.string().trim().min(1, '请输入流程编码').max(32, '流程编码不能超过 32 个字符'),
});

/**
 * 数据共享 (spec `/api/share/*`, `/api/shareData/*`, `/api/workcatalog/sourceDepartmentApproval|
 * updateShareNodeData`): a department applies for another department's entry, the data's department
 * and the bureau decide, the grant is used and released. Every record is seen by its two departments
 * and the bureau only; the kernel checks each transition's permission, department and applicant.
 */
export async function shareRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const secrets = appSecrets(app.deps.config);
  const shares = shareService(secrets);
  const use = shareUseService(secrets, app.deps.config.apiBase);

  // —— 申请 ——

  app.get(
    '/api/share/getApplyDefaultInfo',
    {
      config: { access: P.apply },
      schema: { tags, summary: '申请表的默认值与信息项', querystring: ShareCatalogQuery },
    },
    async (req) => ok(await shares.defaults(db, actorOf(req), req.query.catalogId)),
  );
  app.post(
    '/api/share/save',
    { config: { access: P.apply }, schema: { tags, summary: '保存共享申请（草稿）', body: ShareApplyInput } },
    async (req) => ok(await shares.save(db, actorOf(req), req.body), '保存成功'),
  );
  app.post(
    '/api/share/startShareApply',
    { config: { access: P.apply }, schema: { tags, summary: '保存并提交共享申请', body: ShareApplyInput } },
    async (req) => ok(await shares.saveAndSubmit(db, actorOf(req), req.body), '申请已提交，等待数源部门审核'),
  );
  app.post(
    '/api/share/recall',
    { config: { access: P.apply }, schema: { tags, summary: '撤回（数源部门审核前）', querystring: ShareIdQuery } },
    async (req) => {
      await shares.act(db, actorOf(req), req.query.applyId, 'recall');
      return ok(null, '已撤回');
    },
  );
  app.post(
    '/api/share/changeAppSystem',
    {
      config: { access: P.apply },
      schema: { tags, summary: '更换授权项目（使用应用系统）', body: ShareSystemInput },
    },
    async (req) => {
      await shares.changeSystem(db, actorOf(req), req.body);
      return ok(null, '授权项目已更换');
    },
  );
  app.post(
    '/api/share/applyNotionalPooling',
    { config: { access: P.pooling }, schema: { tags, summary: '申请归集', querystring: ShareCatalogQuery } },
    async (req) => {
      const message = await applyPooling(db, actorOf(req), req.query.catalogId);
      return ok(null, message);
    },
  );

  // —— 审批 ——

  app.get(
    '/api/share/detail',
    { config: { access: P.list }, schema: { tags, summary: '共享申请详情与审批流程', querystring: ShareIdQuery } },
    async (req) => ok(await shares.detail(db, actorOf(req), byId(req.query.applyId))),
  );
  app.get(
    '/api/workcatalog/sourceDepartmentApproval',
    {
      config: { access: P.list },
      schema: { tags, summary: '按流程编码查看共享申请（审批视图）', querystring: ProcessCodeQuery },
    },
    async (req) => ok(await shares.detail(db, actorOf(req), byProcessCode(req.query.processCode))),
  );
  app.put(
    '/api/workcatalog/updateShareNodeData',
    {
      config: { access: P.sourceReview },
      schema: { tags, summary: '数源部门收窄授权的信息项与期限', body: ShareNodeInput },
    },
    async (req) => {
      await shares.narrow(db, actorOf(req), req.body);
      return ok(null, '授权内容已保存');
    },
  );
  app.post(
    '/api/share/decide',
    {
      // The kernel checks the node's own permission (数源部门 or 大数据局) and department.
      config: { access: P.list },
      schema: { tags, summary: '审批通过或驳回当前节点', body: ShareDecisionInput },
    },
    async (req) =>
      ok(await shares.decide(db, actorOf(req), req.body), req.body.decision === 'approve' ? '审批通过' : '已驳回'),
  );

  // —— 列表与使用 ——

  app.post(
    '/api/shareData/page',
    {
      config: { access: P.list },
      schema: {
        tags,
        summary: '数据共享列表（1 我的数据，2 审批中，3 正在使用，4 已释放，5 驳回记录）',
        body: SharePageQuery,
      },
    },
    async (req) => ok(await sharePage(db, actorOf(req), req.body)),
  );
  app.post(
    '/api/shareData/releaseData',
    { config: { access: P.release }, schema: { tags, summary: '提前释放数据', querystring: ShareIdQuery } },
    async (req) => {
      await shares.act(db, actorOf(req), req.query.applyId, 'release');
      return ok(null, '数据已释放');
    },
  );
  app.get(
    '/api/shareData/getDataUseInfo',
    {
      config: { access: P.apply },
      schema: { tags, summary: '使用数据：目录信息与数据预览', querystring: ShareIdQuery },
    },
    async (req) => ok(await use.info(db, actorOf(req), req.query.applyId)),
  );
  app.get(
    '/api/shareData/getDataUseApiInterfaceInfo',
    { config: { access: P.apply }, schema: { tags, summary: '使用数据：接口信息', querystring: ShareIdQuery } },
    async (req) => ok(await use.api(db, actorOf(req), req.query.applyId)),
  );
  app.get(
    '/api/shareData/getAuthorizeInfo',
    {
      config: { access: P.apply },
      schema: { tags, summary: '使用数据：授权信息（应用 Key，不含密钥）', querystring: ShareIdQuery },
    },
    async (req) => ok(await use.authorize(db, actorOf(req), req.query.applyId)),
  );
  app.post(
    '/api/shareData/rotateKey',
    {
      config: { access: P.apply },
      schema: { tags, summary: '更换授权应用的密钥（新密钥只在此次返回）', querystring: ShareIdQuery },
    },
    async (req) => ok(await use.rotateKey(db, actorOf(req), req.query.applyId), '密钥已更换，请立即保存新密钥'),
  );
}
