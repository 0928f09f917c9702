import {
  DictCodeParams,
  DictCreateInput,
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
import { ok } from '../../../platform/http/envelope.js';
import { registerCrudRoutes } from '../../../platform/resource/routes.js';
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

  registerCrudRoutes(app, {
    base: '/sys/dict',
    label: '字典',
    tags,
    access: { list: Perm.dictList, add: Perm.dictAdd, edit: Perm.dictEdit, delete: Perm.dictDelete },
    schemas: { list: DictListQuery, create: DictCreateInput, update: DictUpdateInput },
    handlers: dictService,
  });

  registerCrudRoutes(app, {
    base: '/sys/dictItem',
    label: '字典项',
    tags,
    access: { list: Perm.dictList, add: Perm.dictAdd, edit: Perm.dictEdit, delete: Perm.dictDelete },
    schemas: { list: DictItemListQuery, create: DictItemCreateInput, update: DictItemUpdateInput },
    handlers: dictItemService,
  });
}
