import {
  NotifyMessages as M,
  NOTIFY_CATEGORIES,
  type NotifyChannelSetting,
  type NotifySettings,
  type NotifySettingsInput,
} from '@odp/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { addressesOf, settingsOf, upsertSettings } from './repository.js';

/** The caller's 消息设置: every category in order (no row is all off), and whether there is a number and an address. */
export async function notifySettingsOf(db: Executor, actor: Actor): Promise<NotifySettings> {
  const addresses = await addressesOf(db, actor.userId);
  if (!addresses) throw notFound();
  const stored = new Map((await settingsOf(db, actor.userId)).map((r) => [r.category, r]));
  const items: NotifyChannelSetting[] = NOTIFY_CATEGORIES.map((category) => ({
    category,
    sms: stored.get(category)?.sms ?? false,
    email: stored.get(category)?.email ?? false,
  }));
  return { hasPhone: Boolean(addresses.phone), hasEmail: Boolean(addresses.email), items };
}

/**
 * Saves the given categories of the caller's own settings. A channel cannot be turned on without
 * somewhere to send to (the account's number, its email); turning one off always works.
 */
export async function saveNotifySettings(db: Db, actor: Actor, input: NotifySettingsInput): Promise<NotifySettings> {
  return db.transaction(async (tx) => {
    const addresses = await addressesOf(tx, actor.userId);
    if (!addresses) throw notFound();
    if (!addresses.phone && input.items.some((i) => i.sms)) throw badRequest(M.noPhone);
    if (!addresses.email && input.items.some((i) => i.email)) throw badRequest(M.noEmail);
    await upsertSettings(tx, actor.userId, input.items, new Date());
    return notifySettingsOf(tx, actor);
  });
}
