import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const screenshotDir = path.resolve(import.meta.dirname, '..', 'screenshots');

/**
 * The system Chromium, headless, with the flags this closed network needs (and `extraArgs`, a spec's
 * own). No browser is downloaded.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  return context.newPage();
}

/**
 * Saves a full-page screenshot under e2e/screenshots for a person to look at. It checks nothing, so on
 * a machine too loaded to render a frame in time it is skipped with a warning instead of failing the
 * spec that asked for it.
 */
export async function shot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  try {
    await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true, timeout: 60_000 });
  } catch (err) {
    if ((err as Error).name !== 'TimeoutError') throw err;
    console.warn(`screenshot ${name} skipped: ${(err as Error).message.split('\n')[0]}`);
  }
}
