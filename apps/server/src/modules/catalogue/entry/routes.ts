import {
  CatalogueCreateInput,
  CatalogueListQuery,
  CatalogueLogQuery,
  CatalogueUpdateInput,
  IdList,
  CataloguePerm as P,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { settle } from '../../../platform/workflow/apply.js';
import {
  copyEntry,
  createEntry,
  deleteEntries,
  getEntry,
  listDrafts,
  listEntries,
  logPage,
  logsOfEntry,
  updateEntry,
} from './service.js';

const tags = ['数据目录'];
const Id = z.string().uuid('目录 ID 格式不正确');
const IdQuery = z.object({ id: Id, _t: z.unknown().optional() });
const IdsBody = z.object({ ids: IdList.pipe(z.array(Id)) });

export async function entryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/api/cataLog/page',
    { config: { access: P.list }, schema: { tags, summary: '目录列表', body: CatalogueListQuery } },
    async (req) => ok(await listEntries(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/cataLog/draftsPage',
    { config: { access: P.list }, schema: { tags, summary: '草稿箱（本部门草稿）', body: CatalogueListQuery } },
    async (req) => ok(await listDrafts(db, actorOf(req), req.body)),
  );

  app.get(
    '/api/cataLog/get',
    { config: { access: P.list }, schema: { tags, summary: '目录详情（编辑用）', querystring: IdQuery } },
    async (req) => ok(await getEntry(db, actorOf(req), req.query.id)),
  );

  app.get(
    '/api/cataLog/view',
    { config: { access: P.list }, schema: { tags, summary: '目录详情（查看）', querystring: IdQuery } },
    async (req) => ok(await getEntry(db, actorOf(req), req.query.id)),
  );

  app.post(
    '/api/cataLog/save',
    { config: { access: P.add }, schema: { tags, summary: '新建目录（草稿）', body: CatalogueCreateInput } },
    async (req) => ok(await createEntry(db, actorOf(req), req.body), '保存成功'),
  );

  app.post(
    '/api/cataLog/update',
    { config: { access: P.edit }, schema: { tags, summary: '编辑目录', body: CatalogueUpdateInput } },
    async (req) => ok(await updateEntry(db, actorOf(req), req.body), '修改成功'),
  );

  app.post(
    '/api/cataLog/copyCatalog',
    { config: { access: P.add }, schema: { tags, summary: '复制目录为新草稿', body: z.object({ id: Id }) } },
    async (req) => ok(await copyEntry(db, actorOf(req), req.body.id), '复制成功'),
  );

  app.post(
    '/api/cataLog/deleteBatch',
    {
      config: { access: P.edit },
      schema: {
        tags,
        summary: '删除目录',
        description: '草稿直接删除；其他目录转为“已删除”（需 catalog:delete，可恢复）。逐条答复。',
        body: IdsBody,
      },
    },
    async (req) => {
      const { result, message } = settle(await deleteEntries(db, actorOf(req), req.body.ids, false), '删除成功');
      return ok(result, message);
    },
  );

  app.post(
    '/api/cataLog/draftsDel',
    { config: { access: P.edit }, schema: { tags, summary: '删除草稿', body: IdsBody } },
    async (req) => {
      const { result, message } = settle(await deleteEntries(db, actorOf(req), req.body.ids, true), '删除成功');
      return ok(result, message);
    },
  );

  app.get(
    '/api/cataLog/getLogById',
    { config: { access: P.list }, schema: { tags, summary: '目录的编目日志', querystring: IdQuery } },
    async (req) => ok(await logsOfEntry(db, actorOf(req), req.query.id)),
  );

  app.post(
    '/api/cataLog/logPage',
    { config: { access: P.list }, schema: { tags, summary: '编目日志', body: CatalogueLogQuery } },
    async (req) => ok(await logPage(db, actorOf(req), req.body)),
  );
}
