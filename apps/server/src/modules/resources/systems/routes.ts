import {
  AppNameQuery,
  AppSystemCreateInput,
  AppSystemIdInput,
  AppSystemIdsInput,
  AppSystemPageQuery,
  AppSystemStateInput,
  AppSystemUpdateInput,
  ResourcePerm as P,
} from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import {
  addAppSystem,
  appNamesFor,
  copyAppSystem,
  editAppSystem,
  listAppSystems,
  removeAppSystems,
  setAppSystemStateOf,
} from './service.js';

const tags = ['系统维护'];

/** 系统维护 (spec §7.3 `/api/system/*`). */
export async function appSystemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/api/system/pageTableSystem',
    { config: { access: P.systemList }, schema: { tags, summary: '应用系统列表', body: AppSystemPageQuery } },
    async (req) => ok(await listAppSystems(db, actorOf(req), req.body)),
  );

  app.post(
    '/api/system/addSystem',
    { config: { access: P.systemAdd }, schema: { tags, summary: '新增应用', body: AppSystemCreateInput } },
    async (req) => ok(await addAppSystem(db, actorOf(req), req.body), '添加成功'),
  );

  app.post(
    '/api/system/editModify',
    { config: { access: P.systemEdit }, schema: { tags, summary: '编辑应用', body: AppSystemUpdateInput } },
    async (req) => ok(await editAppSystem(db, actorOf(req), req.body), '修改成功'),
  );

  app.post(
    '/api/system/copySystem',
    { config: { access: P.systemAdd }, schema: { tags, summary: '复制应用', body: AppSystemIdInput } },
    async (req) => ok(await copyAppSystem(db, actorOf(req), req.body.id), '复制成功'),
  );

  app.post(
    '/api/system/modifyState',
    { config: { access: P.systemEdit }, schema: { tags, summary: '启用或关闭应用', body: AppSystemStateInput } },
    async (req) => ok(await setAppSystemStateOf(db, actorOf(req), req.body), '操作成功'),
  );

  app.post(
    '/api/system/deleteBatchSystem',
    { config: { access: P.systemDelete }, schema: { tags, summary: '批量删除应用', body: AppSystemIdsInput } },
    async (req) => {
      await removeAppSystems(db, actorOf(req), req.body.ids);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/api/system/queryAppName',
    { config: { access: 'login' }, schema: { tags, summary: '可选的数源应用系统', querystring: AppNameQuery } },
    async (req) => ok(await appNamesFor(db, actorOf(req), req.query)),
  );
}
