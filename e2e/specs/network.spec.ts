import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * An intranet visitor types the server's network name or address, not localhost. Chromium treats
 * localhost and 127.0.0.0/8 as secure origins and forgives headers that only fit HTTPS, so the page
 * is opened under a LAN host name instead. The browser resolves that name to the loopback address
 * (test traffic stays on this machine) but judges the page as it would any LAN address over plain
 * HTTP: `upgrade-insecure-requests` would send every script to https and leave the page blank.
 */
const LAN_HOST = 'opendata.binjiang.lan';

/** The machine's own first non-loopback IPv4 address, as a PC on the same network would type it. */
const machineAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
const env = useServerAndBrowser({
  browserArgs: [`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  listenOnAll: true,
});

describe('plain HTTP under a network address', () => {
  it('renders the portal home with its scripts loaded over http', async () => {
    const { port } = new URL(env.server.url);
    const page = await newPage(env.browser);
    const upgraded: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https:')) upgraded.push(r.url());
    });
    // The page's own API calls go to the same LAN origin and answer too.
    const apiAnswer = page.waitForResponse((r) => r.url().startsWith(`http://${LAN_HOST}:${port}/dtwave-om/`), {
      timeout: 30_000,
    });
    await page.goto(`http://${LAN_HOST}:${port}/`);
    await page.getByRole('heading', { name: '公共数据开放' }).first().waitFor({ timeout: 30_000 });
    expect((await apiAnswer).ok()).toBe(true);
    expect(new URL(page.url()).host).toBe(`${LAN_HOST}:${port}`);
    expect(upgraded).toEqual([]);
    await shot(page, 'network-lan-home');
  });

  it.skipIf(!machineAddress)('renders the portal home opened by the machine’s network address', async () => {
    const { port } = new URL(env.server.url);
    const origin = `http://${machineAddress}:${port}`;
    const page = await newPage(env.browser);
    const apiAnswer = page.waitForResponse((r) => r.url().startsWith(`${origin}/dtwave-om/`), { timeout: 30_000 });
    await page.goto(`${origin}/`);
    await page.getByRole('heading', { name: '公共数据开放' }).first().waitFor({ timeout: 30_000 });
    expect((await apiAnswer).ok()).toBe(true);
    expect(new URL(page.url()).origin).toBe(origin);
    await shot(page, 'network-address-home');
  });
});
