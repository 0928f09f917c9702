import {
  DictCodeParams,
  DictCreateInput,
  DictIdQuery,
  DictItemCreateInput,
  DictItemListQuery,
  DictItemUpdateInput,
  DictListQuery,
  DictUpdateInput,
  Messages,
  Perm,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { dictItemService, dictService, getDictItems, loadAllDictItems, refreshDictCache } from './service.js';

const tags = ['数据字典'];

export async function dictRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/sys/dict/queryAllDictItems',
    { config: { access: 'login' }, schema: { tags, summary: '全部字典项（按字典编码分组）' } },
    async () => ok(await loadAllDictItems(db)),
  );

  // Public: the portal shows dictionary labels (重点领域, 开放类型…) to visitors.
  app.get(
    '/sys/dict/getDictItems/:code',
    { config: { access: 'public' }, schema: { tags, summary: '某个字典的字典项', params: DictCodeParams } },
    async (req) => ok(await getDictItems(db, req.params.code)),
  );

  app.get(
    '/sys/dict/refleshCache',
    { config: { access: 'login' }, schema: { tags, summary: '刷新字典缓存' } },
    async () => {
      await refreshDictCache(db);
      return ok(null, Messages.cacheRefreshed);
    },
  );

  app.get(
    '/sys/dict/list',
    { config: { access: Perm.dictList }, schema: { tags, summary: '字典列表', querystring: DictListQuery } },
    async (req) => ok(await dictService.list(db, actorOf(req), req.query)),
  );

  app.post(
    '/sys/dict/add',
    { config: { access: Perm.dictAdd }, schema: { tags, summary: '新增字典', body: DictCreateInput } },
    async (req) => ok(await dictService.create(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/dict/edit',
    { config: { access: Perm.dictEdit }, schema: { tags, summary: '编辑字典', body: DictUpdateInput } },
    async (req) => ok(await dictService.update(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/sys/dict/delete',
    {
      config: { access: Perm.dictDelete },
      schema: { tags, summary: '删除字典（连同字典项；系统字典不能删除）', querystring: DictIdQuery },
    },
    async (req) => {
      await dictService.remove(db, actorOf(req), req.query.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/sys/dictItem/list',
    {
      config: { access: Perm.dictList },
      schema: { tags, summary: '某个字典的字典项（按排序）', querystring: DictItemListQuery },
    },
    async (req) => ok(await dictItemService.list(db, actorOf(req), req.query)),
  );

  app.post(
    '/sys/dictItem/add',
    { config: { access: Perm.dictAdd }, schema: { tags, summary: '新增字典项', body: DictItemCreateInput } },
    async (req) => ok(await dictItemService.create(db, actorOf(req), req.body), '添加成功'),
  );

  app.put(
    '/sys/dictItem/edit',
    { config: { access: Perm.dictEdit }, schema: { tags, summary: '编辑字典项', body: DictItemUpdateInput } },
    async (req) => ok(await dictItemService.update(db, actorOf(req), req.body), '修改成功'),
  );

  app.delete(
    '/sys/dictItem/delete',
    { config: { access: Perm.dictDelete }, schema: { tags, summary: '删除字典项', querystring: DictIdQuery } },
    async (req) => {
      await dictItemService.remove(db, actorOf(req), req.query.id);
      return ok(null, '删除成功');
    },
  );
}
