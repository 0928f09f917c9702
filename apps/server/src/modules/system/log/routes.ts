import { LOG_TYPE_LABEL, LogExportInput, LogListQuery, Perm } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth/plugin.js';
import { ok } from '../../../platform/http/envelope.js';
import { sendAsAttachment } from '../../../platform/storage/disposition.js';
import { FILE_TYPES } from '../../files/formats.js';
import { exportLogs, listLogs, loginInfo, visitInfo } from './service.js';

const tags = ['日志管理'];

export async function logRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/sys/log/list',
    { config: { access: Perm.logList }, schema: { tags, summary: '登录日志与操作日志', body: LogListQuery } },
    async (req) => ok(await listLogs(db, req.body)),
  );

  app.post(
    '/sys/log/export',
    { config: { access: Perm.logList }, schema: { tags, summary: '导出日志（xlsx）', body: LogExportInput } },
    async (req, reply) => {
      const bytes = await exportLogs(db, actorOf(req), req.body);
      const name = `${LOG_TYPE_LABEL[req.body.logType] ?? '日志'}.xlsx`;
      return sendAsAttachment(reply, name, FILE_TYPES.xlsx.mime, bytes.length).send(bytes);
    },
  );

  app.get('/sys/loginfo', { config: { access: 'login' }, schema: { tags, summary: '今日与累计访问量' } }, async () =>
    ok(await loginInfo(db)),
  );

  app.get('/sys/visitInfo', { config: { access: 'login' }, schema: { tags, summary: '近七日访问量' } }, async () =>
    ok(await visitInfo(db)),
  );
}
