import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userNotifySettings, users } from '../../db/schema/index.js';

export async function addressesOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ phone: users.phone, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

export const settingsOf = (db: Executor, userId: string) =>
  db
    .select({ category: userNotifySettings.category, sms: userNotifySettings.sms, email: userNotifySettings.email })
    .from(userNotifySettings)
    .where(eq(userNotifySettings.userId, userId));

export async function upsertSettings(
  db: Executor,
  userId: string,
  items: { category: string; sms: boolean; email: boolean }[],
  now: Date,
) {
  await db
    .insert(userNotifySettings)
    .values(items.map((i) => ({ userId, ...i, updatedAt: now })))
    .onConflictDoUpdate({
      target: [userNotifySettings.userId, userNotifySettings.category],
      set: { sms: sql`excluded.sms`, email: sql`excluded.email`, updatedAt: now },
    });
}
