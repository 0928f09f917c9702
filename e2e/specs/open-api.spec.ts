import { createHmac, randomUUID } from 'node:crypto';
import { stringToSign } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();
const API = '/dtwave-om/open/api/v1';

async function datasetId(name: string): Promise<string> {
  const res = await fetch(`${env.server.url}${API}/datasets?q=${encodeURIComponent(name)}`);
  const body = (await res.json()) as { result: { records: { id: string; name: string }[] } };
  const found = body.result.records.find((r) => r.name === name);
  if (!found) throw new Error(`no dataset ${name}`);
  return found.id;
}

describe('开放数据接口', () => {
  it('a citizen creates an application, keeps its secret, and calls a dataset from 在线调试 and from a program', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'citizen', 'User@2026');
    await page.goto(`${env.server.url}/developer/apps`);
    await page.locator('tr.ant-table-row').filter({ hasText: '滨江出行助手' }).waitFor({ timeout: 30_000 });

    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    await page.getByPlaceholder('例如：公交到站查询小程序').fill('企业名录分析');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    const secretBox = page.locator('.app-secret');
    await secretBox.getByText('密钥只显示这一次').waitFor();
    const [appKey, secret] = await secretBox.locator('code').allInnerTexts();
    expect(appKey).toMatch(/^ak_/);
    expect(secret).toMatch(/^sk_/);
    await shot(page, 'open-app-secret');
    await page.getByRole('button', { name: '我已保存' }).click();
    await page.locator('tr.ant-table-row').filter({ hasText: '企业名录分析' }).waitFor();

    const id = await datasetId('北山区规模以上工业企业名录');
    await page.goto(`${env.server.url}/catalogue/datacatalogue/details?id=${id}&tab=api`);
    await page.getByText('在线调试').first().waitFor({ timeout: 30_000 });
    await expect(page.getByText('ent_name').first().isVisible()).resolves.toBe(true);
    await page.getByLabel('查询参数').fill('limit=3&fields=ent_name,industry');
    await page.getByRole('button', { name: '发送请求' }).click();
    await page.getByText(/状态 200/).waitFor();
    const answer = await page.locator('.detail-api-result pre').innerText();
    expect(JSON.parse(answer).result.rows).toHaveLength(3);
    await shot(page, 'open-api-console');

    // The same key and secret sign a call from a program.
    const path = `${API}/datasets/${id}/rows`;
    const query = new URLSearchParams({ limit: '2', sort: '-ent_name' });
    const timestamp = String(Date.now());
    const nonce = randomUUID().replaceAll('-', '');
    const text = stringToSign({ method: 'GET', path, query, timestamp, nonce });
    const signature = createHmac('sha256', secret).update(text).digest('hex');
    const signed = await fetch(`${env.server.url}${path}?${query}`, {
      headers: { 'X-App-Key': appKey, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature },
    });
    expect(signed.status).toBe(200);
    expect(Number(signed.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    const replay = await fetch(`${env.server.url}${path}?${query}`, {
      headers: { 'X-App-Key': appKey, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature },
    });
    expect(replay.status).toBe(401);
  });
});
