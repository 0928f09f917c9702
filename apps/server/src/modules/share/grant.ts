import { ShelfStatus } from '@odp/contracts';
import type { Tx } from '../../db/client.js';
import { dayEnd, dayStart } from '../../platform/city-days.js';
import { badRequest } from '../../platform/http/errors.js';
import { type AppSecrets, newAppKey, newAppSecret } from '../openapi/keys.js';
import { appNameTaken, endGrant, findEntry, holdEntry, insertApp, insertGrant, type ShareRow } from './repository.js';

/** 共享属性 不予共享: such an item is never granted, whatever the application says. */
export const NOT_SHARED = '30';

/** An app name is at most 50 characters (open_app.name). */
const APP_NAME_MAX = 50;

/** `共享：<title>`, with the process code when the applicant already has an app of that name. */
async function appNameFor(tx: Tx, row: ShareRow): Promise<string> {
  const name = `共享：${row.title}`.slice(0, APP_NAME_MAX);
  if (!(await appNameTaken(tx, row.applicantId, name))) return name;
  const suffix = `（${row.processCode}）`;
  return `共享：${row.title}`.slice(0, APP_NAME_MAX - suffix.length) + suffix;
}

/**
 * Opens the access an approved application grants, in the approval's transaction: an application of
 * the open API owned by the applicant (its key and sealed secret made as 我的应用 makes them; the
 * secret is shown only when the department rotates it) and a grant on the entry of exactly the
 * granted items that are still shareable, from the start of the granted period (not before now) to
 * the end of its last day, or for good. Answers the app and the items granted.
 */
export async function openGrant(
  tx: Tx,
  row: ShareRow,
  secrets: AppSecrets,
  now: Date,
): Promise<{ appId: string; fields: string[] }> {
  await holdEntry(tx, row.catalogId);
  const entry = await findEntry(tx, row.catalogId);
  if (!entry || entry.shelfStatus !== ShelfStatus.on) throw badRequest('目录已下架或已删除，不能开通共享');
  const shareable = new Set(entry.items.filter((i) => i.shareProperty !== NOT_SHARED).map((i) => i.name));
  const wanted = row.grantedItems ?? row.items.map((i) => i.name);
  const fields = wanted.filter((name) => shareable.has(name));
  if (!fields.length) throw badRequest('授权的信息项均已不可共享，不能开通');

  const forever = row.grantedForever ?? row.forever;
  const start = row.grantedStartTime ?? row.startTime;
  const end = row.grantedEndTime ?? row.endTime;
  const startsAt = start && dayStart(start) > now ? dayStart(start) : now;
  const app = await insertApp(tx, {
    userId: row.applicantId,
    name: await appNameFor(tx, row),
    description: `数据共享 ${row.processCode}`.slice(0, 200),
    appKey: newAppKey(),
    secretEnc: secrets.seal(newAppSecret()),
  });
  await insertGrant(tx, {
    appId: app.id,
    catalogId: row.catalogId,
    fields,
    unmasked: false,
    startsAt,
    endsAt: forever || !end ? null : dayEnd(end),
    shareApplyId: row.id,
  });
  return { appId: app.id, fields };
}

/** Ends the access at once: the grant is revoked, its app stopped, its exchange tasks stopped. */
export function closeGrant(tx: Tx, row: ShareRow, now: Date): Promise<void> {
  return endGrant(tx, row.id, row.appId, now);
}
