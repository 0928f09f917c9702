import { DownloadRankQuery, RecentOpenQuery, SiteSearchQuery } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { noteSearch } from '../stats/daily.js';
import { apiCallRanking, downloadRanking, keyAreaCounts, recentOpenData } from './home.js';
import { siteSearch } from './search.js';
import { indexNum, siteSettings } from './service.js';

const tags = ['门户'];

export async function portalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/IndexPage/indexNum',
    { config: { access: 'public' }, schema: { tags, summary: '门户首页统计数字' } },
    async () => ok(await indexNum(db)),
  );

  app.get(
    '/api/IndexPage/keyAreas',
    { config: { access: 'public' }, schema: { tags, summary: '重点领域及其开放目录数' } },
    async () => ok(await keyAreaCounts(db)),
  );

  app.get(
    '/api/IndexPage/recentOpenDataPage',
    {
      config: { access: 'public' },
      schema: { tags, summary: '最新开放 / 最近更新的目录', querystring: RecentOpenQuery },
    },
    async (req) => ok(await recentOpenData(db, req.query)),
  );

  app.get(
    '/api/IndexPage/dataDownloadPage',
    { config: { access: 'public' }, schema: { tags, summary: '目录下载排名', querystring: DownloadRankQuery } },
    async (req) => ok(await downloadRanking(db, req.query)),
  );

  app.get(
    '/api/IndexPage/apiCallPage',
    { config: { access: 'public' }, schema: { tags, summary: '接口调用排名', querystring: DownloadRankQuery } },
    async (req) => ok(await apiCallRanking(db, req.query)),
  );

  app.get(
    '/api/search/site',
    {
      config: { access: 'public' },
      schema: { tags, summary: '全站搜索（按类型分栏，目前为数据目录）', querystring: SiteSearchQuery },
    },
    async (req) => {
      // Counted once per search: its first page of the first tab, not each tab or page it goes on to.
      if (req.query.pageNo === 1 && req.query.type === 'catalogue') noteSearch(db, req.query.search);
      return ok(await siteSearch(db, req.query));
    },
  );

  app.get(
    '/api/config/site',
    { config: { access: 'public' }, schema: { tags, summary: '站点配置（页脚、主办单位等）' } },
    async () => ok(await siteSettings(db)),
  );
}
