import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../auth/actor.js';
import { actorOf } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';

/** What the four routes call; a `resourceService` fits, and so does a module's own service where delete differs. */
export type CrudHandlers<Query, Create, Update> = {
  list(db: Db, actor: Actor, query: Query): Promise<unknown>;
  create(db: Db, actor: Actor, input: Create): Promise<unknown>;
  update(db: Db, actor: Actor, input: Update): Promise<unknown>;
  remove(db: Db, actor: Actor, id: string): Promise<unknown>;
};

export type CrudRoutes<Query, Create, Update> = {
  /** Path prefix, e.g. `/sys/role`: the routes are `list`, `add`, `edit` and `delete` under it (spec §7.2). */
  base: string;
  /** Chinese name of one record, used in the OpenAPI summaries. */
  label: string;
  tags: string[];
  access: { list: string; add: string; edit: string; delete: string };
  schemas: { list: z.ZodType<Query>; create: z.ZodType<Create>; update: z.ZodType<Update> };
  handlers: CrudHandlers<Query, Create, Update>;
};

/**
 * Registers the plain list/add/edit/delete shape every admin list shares, with the messages the
 * web shows (添加成功, 修改成功, 删除成功). Routes that differ are written next to these by the module.
 */
export function registerCrudRoutes<Query, Create, Update>(
  fastify: FastifyInstance,
  spec: CrudRoutes<Query, Create, Update>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { base, label, tags, access, schemas, handlers } = spec;
  const IdQuery = z.object({ id: z.string({ error: `请选择${label}` }).uuid(`${label} ID 格式不正确`) });

  app.get(
    `${base}/list`,
    { config: { access: access.list }, schema: { tags, summary: `${label}列表`, querystring: schemas.list } },
    async (req) => ok(await handlers.list(db, actorOf(req), req.query as Query)),
  );

  app.post(
    `${base}/add`,
    { config: { access: access.add }, schema: { tags, summary: `新增${label}`, body: schemas.create } },
    async (req) => ok(await handlers.create(db, actorOf(req), req.body as Create), '添加成功'),
  );

  app.put(
    `${base}/edit`,
    { config: { access: access.edit }, schema: { tags, summary: `编辑${label}`, body: schemas.update } },
    async (req) => ok(await handlers.update(db, actorOf(req), req.body as Update), '修改成功'),
  );

  app.delete(
    `${base}/delete`,
    { config: { access: access.delete }, schema: { tags, summary: `删除${label}`, querystring: IdQuery } },
    async (req) => {
      await handlers.remove(db, actorOf(req), req.query.id);
      return ok(null, '删除成功');
    },
  );
}
