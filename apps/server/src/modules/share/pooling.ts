import { ShelfStatus } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { NO_DEPART_MESSAGE } from '../../platform/auth/scope.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { resolveRecipients, sendBusinessMessage } from '../../platform/messaging/business-message.js';
import { departNameOf } from '../../platform/workflow/apply.js';
import { findEntry, POOLING_OPERATION, poolingAskedSince } from './repository.js';

const DAY_MS = 24 * 3_600_000;
/** Where the data's department collects an entry's data (数据归集 › 库表更新). */
const COLLECTION_PAGE = '/datacollection/tableUpdate';

/**
 * 申请归集: the caller's department asks the entry's department to collect the entry's data into the
 * platform. The request is a business message to that department's members; one department asks once
 * a day per entry (the operation log remembers it).
 */
export async function applyPooling(db: Db, actor: Actor, catalogId: string): Promise<string> {
  if (!actor.orgCode) throw forbidden(NO_DEPART_MESSAGE);
  const entry = await findEntry(db, catalogId);
  if (!entry || entry.shelfStatus === ShelfStatus.deleted) throw notFound('目录不存在');
  if (entry.orgCode === actor.orgCode) throw badRequest('不能为本部门的目录申请归集');
  const orgCode = actor.orgCode;
  const target = `${catalogId}:${orgCode}`;
  const now = new Date();
  await db.transaction(async (tx) => {
    // Two clicks at once queue here, so the second sees the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`share-pooling:${target}`}))`);
    if (await poolingAskedSince(tx, target, new Date(now.getTime() - DAY_MS))) {
      throw badRequest('已申请过该目录的数据归集，请勿在一天内重复申请');
    }
    const askingDept = (await departNameOf(tx, orgCode)) ?? orgCode;
    await sendBusinessMessage(tx, {
      userIds: await resolveRecipients(tx, { orgCodes: [entry.orgCode] }),
      messageType: 'share_pooling',
      title: `${askingDept}申请归集目录“${entry.catalogName}”的数据`,
      text: `${askingDept}（${actor.realname}）申请将目录“${entry.catalogName}”的数据归集到平台，请及时挂载或上报数据。`,
      busId: catalogId,
      openPage: COLLECTION_PAGE,
      sender: actor.realname,
    });
    await logOperation(tx, actor, {
      content: `申请归集：${entry.catalogName}`,
      operateType: POOLING_OPERATION,
      target,
    });
  });
  return `已向${entry.departName ?? '数源部门'}发送归集申请`;
}
