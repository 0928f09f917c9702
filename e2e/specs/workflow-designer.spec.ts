import { describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

describe('流程设计', () => {
  it('the administrator opens a machine’s diagram, changes a step’s deadline, and a new version is listed', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'admin', 'Admin@2026');
    await page.goto(`${env.server.url}/system/workflowDesign`);
    const shareRow = page.getByRole('row').filter({ hasText: '共享申请' });
    await shareRow.waitFor({ timeout: 30_000 });
    await page.getByRole('row').filter({ hasText: '目录' }).first().waitFor();
    await shot(page, 'workflow-designer-list-1440');

    await shareRow.getByRole('button', { name: '设计' }).click();
    const diagram = page.getByTestId('flow-diagram');
    await diagram.locator('.react-flow__node').first().waitFor({ timeout: 30_000 });
    // The states of the share application and the review decisions between them.
    await diagram.getByText('大数据局审核中').waitFor();
    await diagram.getByText('待大数据局审核').waitFor();
    expect(await diagram.locator('.react-flow__edge').count()).toBeGreaterThan(4);
    await shot(page, 'workflow-designer-diagram-1440');

    await page.getByRole('tab', { name: '环节配置' }).click();
    const bureau = page.getByTestId('step-bureau');
    await bureau.getByLabel('办理时限（工作日）').fill('3');
    await page.getByLabel('修改说明').fill('大数据局审核时限改为 3 个工作日');
    await page.getByRole('button', { name: '保存为新版本' }).click();
    await page.getByText('已保存为版本 1，对之后发起的流程生效').waitFor();
    await page.getByText('当前版本 1').waitFor();
    await shot(page, 'workflow-designer-steps-1440');

    await page.getByRole('tab', { name: '版本记录' }).click();
    const versionRow = page.getByRole('row').filter({ hasText: '大数据局审核时限改为 3 个工作日' });
    await versionRow.waitFor();
    await versionRow.getByRole('button', { name: '查看' }).click();
    await page.getByRole('dialog').getByText('时限 3 个工作日').waitFor();
    await shot(page, 'workflow-designer-version-1440');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: '流程图' }).click();
    await diagram.locator('.react-flow__node').first().waitFor();
    // The diagram refits to the narrower box: its first and last states are both inside it.
    const inside = async (name: string) => {
      const [node, frame] = await Promise.all([
        diagram.locator('.react-flow__node').filter({ hasText: name }).boundingBox(),
        diagram.boundingBox(),
      ]);
      return Boolean(node && frame && node.x >= frame.x - 1 && node.x + node.width <= frame.x + frame.width + 1);
    };
    await expect.poll(() => inside('草稿')).toBe(true);
    await expect.poll(() => inside('已释放')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'workflow-designer-diagram-390');
    await page.getByRole('tab', { name: '环节配置' }).click();
    await bureau.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'workflow-designer-steps-390');
  });
});
