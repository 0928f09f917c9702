import { CollectionPerm as P, TableMountInput, TableSyncLogQuery, TableUpdatePageQuery } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/plugin.js';
import { ok } from '../../platform/http/envelope.js';
import { tableMountService } from './table-mount.js';

const tags = ['数据归集'];

/** 数据归集 › 库表更新 (spec §7.3 `/api/cataLog/tableMount|pageQueryList|pageTableUpdate`, `/api/datacollection/updateLog`). */
export async function collectionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const mounts = tableMountService(app.deps.config);

  app.post(
    '/api/cataLog/tableMount',
    {
      config: { access: P.tableMount },
      schema: {
        tags,
        summary: '挂载数据表并同步 / 取消挂载（mountType 1）/ 重新同步（mountType 2）',
        body: TableMountInput,
      },
    },
    async (req) => ok(await mounts.mount(db, actorOf(req), req.body)),
  );

  for (const [path, summary] of [
    ['/api/cataLog/pageQueryList', '库表更新列表（本部门）'],
    ['/api/cataLog/pageTableUpdate', '库表更新列表（管理）'],
  ] as const) {
    app.post(
      path,
      { config: { access: P.tableList }, schema: { tags, summary, body: TableUpdatePageQuery } },
      async (req) => ok(await mounts.page(db, actorOf(req), req.body)),
    );
  }

  app.post(
    '/api/datacollection/updateLog',
    { config: { access: P.tableList }, schema: { tags, summary: '库表更新记录', body: TableSyncLogQuery } },
    async (req) => ok(await mounts.logs(db, actorOf(req), req.body)),
  );
}
