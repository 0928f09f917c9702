import type { WebSocket as PageSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

type Envelope<T> = { success: boolean; message: string; result: T };

async function api<T>(path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${env.server.api}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

describe('live push', () => {
  it('a released announcement reaches the bell through the socket, and a forced logout closes it', async () => {
    const page = await newPage(env.browser);
    const frames: string[] = [];
    const socket = new Promise<PageSocket>((resolve) =>
      page.on('websocket', (ws) => {
        if (!ws.url().endsWith('/dtwave-om/websocket')) return;
        ws.on('framereceived', (f) => frames.push(String(f.payload)));
        resolve(ws);
      }),
    );
    await signIn(page, env.server.url, 'citizen', 'User@2026');
    const ws = await socket;
    const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));

    const admin = (await api<{ token: string }>('/sys/login', { username: 'admin', password: 'Admin@2026' })).result
      .token;
    const title = `实时推送验证公告 ${Date.now()}`;
    const draft = await api<{ id: string }>(
      '/sys/annountCement/add',
      { titile: title, msgContent: '<p>这是一条用于验证实时推送的公告。</p>', msgType: 'ALL' },
      admin,
    );
    expect(draft.success).toBe(true);
    // Let the bell's first poll settle so that what follows is the push, not the 6 s poll.
    await page.waitForTimeout(1500);
    const released = Date.now();
    expect((await api('/sys/annountCement/doReleaseData', { id: draft.result.id }, admin)).success).toBe(true);
    await expect.poll(() => frames.includes('{"cmd":"topic"}'), { timeout: 3000, interval: 50 }).toBe(true);
    await page.getByRole('button', { name: '消息通知' }).click();
    await page.getByText(title).first().waitFor({ timeout: 3000 });
    const shownAfterMs = Date.now() - released;
    expect(shownAfterMs).toBeLessThan(3000);
    await shot(page, 'live-push-bell');
    await page.getByRole('button', { name: '消息通知' }).click();

    const online = await api<{ sessionId: string; username: string }[]>('/sys/online/list', undefined, admin);
    const citizen = online.result.filter((s) => s.username === 'citizen');
    expect(citizen).toHaveLength(1);
    expect((await api('/sys/online/forceLogout', { sessionId: citizen[0].sessionId }, admin)).success).toBe(true);
    await Promise.race([closed, page.waitForTimeout(3000).then(() => expect.fail('socket still open'))]);
    // The socket's close reloads the notices, whose 401 tells the user at once.
    await page.getByRole('button', { name: '重新登录' }).waitFor({ timeout: 5000 });
    // Past the dialog's fade-in.
    await page.waitForTimeout(600);
    await shot(page, 'live-push-forced-logout');
  });

  it('the portal header keeps its own socket for a signed-in visitor, and signing out closes it', async () => {
    const page = await newPage(env.browser);
    const sockets: PageSocket[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().endsWith('/dtwave-om/websocket')) sockets.push(ws);
    });
    await signIn(page, env.server.url, 'citizen', 'User@2026');
    await expect.poll(() => sockets.length, { timeout: 5000 }).toBe(1);
    await page.goto(`${env.server.url}/openPlatform/home`);
    await page.locator('.portal-user-name').waitFor();
    // The new document's portal header opens its own socket.
    await expect.poll(() => sockets.length, { timeout: 5000 }).toBe(2);
    const portalSocket = sockets[1];
    const closed = new Promise<void>((resolve) => portalSocket.on('close', () => resolve()));
    await page.locator('.portal-user-name').click();
    const logout = page.getByRole('button', { name: '退出登录' });
    await logout.waitFor();
    await logout.click();
    const confirm = page.getByRole('dialog').filter({ hasText: '真的要注销登录吗' });
    await confirm.waitFor({ timeout: 30_000 });
    await confirm.getByRole('button', { name: /确\s*定|确\s*认/ }).click();
    await page.getByText('登录/注册').waitFor();
    await Promise.race([closed, page.waitForTimeout(3000).then(() => expect.fail('socket still open'))]);
    // Signed out: no reconnection.
    await page.waitForTimeout(2500);
    expect(sockets).toHaveLength(2);
    await shot(page, 'live-push-portal-signed-out');
  });
});
