import { chromium } from 'playwright-core';
const base = 'http://localhost:8190';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto(`${base}/user/login`);
await page.getByPlaceholder('用户名').fill('admin');
await page.getByPlaceholder('密码').fill('Admin@2026');
await page.getByRole('button', { name: /登\s*录/ }).click();
await page.waitForURL(/\/(pageHome\/PageHome|openPlatform\/home)$/, { timeout: 30000 });
for (const [name, path] of [['systems', '/systemmaintenance'], ['datasource', '/resources/dataOigin']]) {
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/wt-a-shots/${name}-390.png`, fullPage: true });
  console.log(name, 'scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
}
await browser.close();
