import {
  CollectInput,
  MarketFilter,
  MarketIdQuery,
  MarketPageQuery,
  MarketPreviewQuery,
  OpenDownloadQuery,
  RatingInput,
  RatingListQuery,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { sendAsAttachment } from '../../platform/storage/disposition.js';
import { createStorage } from '../../platform/storage/storage.js';
import { noteSearch } from '../stats/daily.js';
import { openDownload } from './download.js';
import {
  catalogueAmount,
  marketDetail,
  marketPage,
  marketPreview,
  openUnits,
  rateCatalogue,
  ratingList,
  toggleCollect,
} from './service.js';
import { viewCounterFor } from './views.js';

const tags = ['开放数据'];

/** The public open-data catalogue: only entries on shelf and open (无条件/有条件开放) exist here. */
export async function marketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const storage = createStorage(app.deps.config.dataDir);
  // The views counted since the last write go in before the database closes.
  app.addHook('onClose', () => viewCounterFor(db).close());

  app.post(
    '/api/resourceMarket/page',
    {
      config: { access: 'public' },
      schema: { tags, summary: '开放目录检索（关键词、筛选、排序、分页）', body: MarketPageQuery },
    },
    async (req) => {
      if (req.body.pageNo === 1) noteSearch(db, req.body.catalogName);
      return ok(await marketPage(db, req.body));
    },
  );

  app.post(
    '/api/resourceMarket/getCatalogAmount',
    { config: { access: 'public' }, schema: { tags, summary: '开放目录筛选项计数', body: MarketFilter } },
    async (req) => ok(await catalogueAmount(db, req.body)),
  );

  app.get(
    '/api/resourceMarket/detail',
    { config: { access: 'public' }, schema: { tags, summary: '开放目录详情（计访问量）', querystring: MarketIdQuery } },
    async (req) => ok(await marketDetail(db, req.query.id, req.actor, { countView: req.query.counted !== '1' })),
  );

  app.get(
    '/api/resourceMarket/preview',
    {
      config: { access: 'public' },
      schema: { tags, summary: '数据文件或数据表预览（前 50 行，脱敏）', querystring: MarketPreviewQuery },
    },
    async (req) => ok(await marketPreview(db, req.query)),
  );

  app.get(
    '/api/file/downloadOpen',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '下载无条件开放数据（原文件、CSV、XLSX、JSON；计下载量）',
        querystring: OpenDownloadQuery,
      },
    },
    async (req, reply) => {
      const download = await openDownload(db, storage, req.query, req.actor, req.ip);
      return sendAsAttachment(reply, download.fileName, download.mimeType, download.size).send(download.body);
    },
  );

  app.post(
    '/api/resourceMarket/evaluations',
    { config: { access: 'login' }, schema: { tags, summary: '评分（每人每目录一条，可修改）', body: RatingInput } },
    async (req) => ok(await rateCatalogue(db, actorOf(req), req.body), '评价成功'),
  );

  app.get(
    '/api/resourceMarket/evaluationsList',
    { config: { access: 'public' }, schema: { tags, summary: '目录的评价列表', querystring: RatingListQuery } },
    async (req) => ok(await ratingList(db, req.query)),
  );

  app.post(
    '/api/resourceMarket/collections',
    { config: { access: 'login' }, schema: { tags, summary: '收藏 / 取消收藏', body: CollectInput } },
    async (req) => {
      const result = await toggleCollect(db, actorOf(req), req.body.catalogId);
      return ok(result, result.collected ? '收藏成功' : '已取消收藏');
    },
  );

  app.get(
    '/api/resourceMarket/getOpenUnit',
    { config: { access: 'public' }, schema: { tags, summary: '有开放数据的部门及目录数' } },
    async () => ok(await openUnits(db)),
  );
}
