import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Executor } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';

const LIFETIME_MS = 5 * 60_000;

/** Draws a new captcha for `checkKey` (replacing any earlier one) and returns it as a data URL. */
export async function issueCaptcha(db: Executor, checkKey: string): Promise<string> {
  const { data, text } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#f0f5ff',
  });
  const answer = text.toLowerCase();
  const expiresAt = new Date(Date.now() + LIFETIME_MS);
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db
    .insert(captchas)
    .values({ checkKey, answer, expiresAt })
    .onConflictDoUpdate({ target: captchas.checkKey, set: { answer, expiresAt } });
  return `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`;
}

/** Checks and consumes a captcha: whatever the outcome, the same key never passes twice. */
export async function consumeCaptcha(db: Executor, checkKey: string, given: string): Promise<boolean> {
  const [row] = await db.delete(captchas).where(eq(captchas.checkKey, checkKey)).returning();
  return Boolean(row && row.expiresAt.getTime() > Date.now() && row.answer === given.trim().toLowerCase());
}
