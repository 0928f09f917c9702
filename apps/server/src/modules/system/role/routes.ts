import { Perm, type RoleOption } from '@odp/contracts';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roles } from '../../../db/schema/index.js';
import { ok } from '../../../platform/http/envelope.js';

export async function roleRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  app.get(
    '/sys/role/queryall',
    { config: { access: Perm.userList }, schema: { tags: ['角色管理'], summary: '全部角色' } },
    async () => {
      const rows: RoleOption[] = await db
        .select({ id: roles.id, roleName: roles.roleName, roleCode: roles.roleCode })
        .from(roles)
        .orderBy(asc(roles.createdAt));
      return ok(rows);
    },
  );
}
