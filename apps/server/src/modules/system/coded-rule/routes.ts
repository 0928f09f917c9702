import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { type CrudHandlers, registerCrudRoutes } from '../../../platform/resource/routes.js';

/**
 * The list/add/edit/delete routes of a kind of coded rule: listing needs its list permission, every
 * change its edit permission, and a delete names one rule.
 */
export function registerCodedRuleRoutes<Query, Create, Update>(
  app: FastifyInstance,
  kind: {
    base: string;
    label: string;
    tags: string[];
    perms: { list: string; edit: string };
    schemas: { list: z.ZodType<Query>; create: z.ZodType<Create>; update: z.ZodType<Update> };
    service: Omit<CrudHandlers<Query, Create, Update>, 'remove'> & {
      remove(db: Db, actor: Actor, ids: string[]): Promise<unknown>;
    };
  },
): void {
  const { service, perms } = kind;
  registerCrudRoutes(app, {
    base: kind.base,
    label: kind.label,
    tags: kind.tags,
    access: { list: perms.list, add: perms.edit, edit: perms.edit, delete: perms.edit },
    schemas: kind.schemas,
    handlers: {
      list: service.list,
      create: service.create,
      update: service.update,
      remove: (db, actor, id) => service.remove(db, actor, [id]),
    },
  });
}
