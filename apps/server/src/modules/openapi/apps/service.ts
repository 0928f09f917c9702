import {
  OPEN_APP_STATUS,
  type OpenAppCreateInput,
  type OpenAppItem,
  type OpenAppPageQuery,
  type OpenAppSecret,
  type OpenAppUpdateInput,
} from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { openApps } from '../../../db/schema/index.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { type AppSecrets, newAppSecret } from '../keys.js';
import { openAppResource } from './resource.js';

const apps = resourceService(openAppResource);

/** 我的应用: the list and edits are the generic resource's; a secret is made, shown once and sealed here. */
export function openAppService(secrets: AppSecrets) {
  async function ownActive(db: Db, actor: Actor, id: string) {
    const [row] = await db
      .select()
      .from(openApps)
      .where(and(eq(openApps.id, id), eq(openApps.userId, actor.userId)));
    if (!row) throw notFound('应用不存在');
    if (row.status !== OPEN_APP_STATUS.active) throw badRequest('应用已停用，不能再操作');
    return row;
  }

  return {
    list: (db: Db, actor: Actor, q: OpenAppPageQuery) => apps.list(db, actor, q),
    update: (db: Db, actor: Actor, input: OpenAppUpdateInput): Promise<OpenAppItem> => apps.update(db, actor, input),

    async create(db: Db, actor: Actor, input: OpenAppCreateInput): Promise<OpenAppItem & OpenAppSecret> {
      const secret = newAppSecret();
      const item = await apps.create(db, actor, { ...input, secretEnc: secrets.seal(secret) });
      return { ...item, secret };
    },

    /** A new secret at once: calls signed with the old one are refused from now on. */
    async rotate(db: Db, actor: Actor, id: string): Promise<OpenAppSecret> {
      const row = await ownActive(db, actor, id);
      const secret = newAppSecret();
      await db.transaction(async (tx) => {
        await tx
          .update(openApps)
          .set({ secretEnc: secrets.seal(secret), secretRotatedAt: new Date(), updatedAt: new Date() })
          .where(eq(openApps.id, row.id));
        await logOperation(tx, actor, { content: `更换应用密钥：${row.name}`, operateType: 'edit', target: row.id });
      });
      return { id: row.id, appKey: row.appKey, secret };
    },

    /** Stops the application for good: its key and secret answer 401 from the next call on. */
    async revoke(db: Db, actor: Actor, id: string): Promise<void> {
      const row = await ownActive(db, actor, id);
      await db.transaction(async (tx) => {
        await tx
          .update(openApps)
          .set({ status: OPEN_APP_STATUS.revoked, updatedAt: new Date() })
          .where(eq(openApps.id, row.id));
        await logOperation(tx, actor, { content: `停用应用：${row.name}`, operateType: 'edit', target: row.id });
      });
    },
  };
}
export type OpenAppService = ReturnType<typeof openAppService>;
