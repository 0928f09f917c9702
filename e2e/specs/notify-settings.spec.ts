import { describe, expect, it } from 'vitest';
import { encodePng } from '../../apps/server/src/db/seed/pictures.js';
import { signIn } from '../support/actions.js';
import { apiCall, apiLogin } from '../support/api.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();
/** The demo company's number (法人 account with a mobile and an email). */
const MOBILE = '13900000002';

type SmsItem = { mobile: string; text: string; purpose: string };
const smsTo = async () =>
  (await apiCall<SmsItem[]>(`${env.server.api}/dev/sms-inbox?mobile=${MOBILE}`)).filter(
    (m) => m.purpose === 'notify:review',
  );

/** The company submits a result over the API; the bureau's reviewer rejects it: a 审核结果 message. */
async function rejectedResult(companyToken: string, reviewerToken: string, previousId?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(encodePng(64, 64, (x, y) => [20 + x, 90, 160 + y]))]), 'logo.png');
  const logo = await fetch(`${env.server.api}/api/achievement/image`, {
    method: 'POST',
    headers: { 'x-access-token': companyToken },
    body: form,
  }).then((r) => r.json() as Promise<{ result: { id: string } }>);
  const market = await apiCall<{ records: { id: string }[] }>(`${env.server.api}/api/resourceMarket/page`, undefined, {
    pageNo: 1,
    pageSize: 1,
  });
  const id = await apiCall<string>(`${env.server.api}/api/achievement/personal/submitForReview`, companyToken, {
    ...(previousId ? { id: previousId } : {}),
    applyName: '公交到站提醒小程序',
    applicationType: '3',
    domainId: '6',
    developerType: '2',
    developerName: '滨江智行交通科技有限公司',
    url: 'https://zhixing.example.cn/bus-remind',
    onlineDate: '2026-10-01',
    applyIntroduce: '基于开放的公交实时到站数据，为乘客提供到站提醒和换乘建议的微信小程序。',
    logoId: logo.result.id,
    screenshotIds: [],
    dataIds: [market.records[0].id],
  });
  await apiCall(`${env.server.api}/api/achievement/transition`, reviewerToken, {
    ids: [id],
    action: 'reject',
    comment: '请补充应用截图',
  });
  return id;
}

describe('消息设置', () => {
  it('SMS for 审核结果 turned on brings a decision to the phone; turned off, no more', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'company', 'Corp@2026');
    await page.goto(`${env.server.url}/personalCenter/perCenter?current=11`);
    const smsSwitch = page.getByRole('switch', { name: '审核结果：短信' });
    await smsSwitch.waitFor({ timeout: 30_000 });
    expect(await smsSwitch.getAttribute('aria-checked')).toBe('false');
    await smsSwitch.click();
    await page.getByText('消息设置已保存').first().waitFor();
    await expect.poll(() => smsSwitch.getAttribute('aria-checked')).toBe('true');
    await shot(page, 'notify-settings-on');

    const companyToken = await apiLogin(env.server.api, 'company', 'Corp@2026');
    const reviewerToken = await apiLogin(env.server.api, 'reviewer', 'Review@2026');
    const before = (await smsTo()).length;
    const resultId = await rejectedResult(companyToken, reviewerToken);
    await expect.poll(async () => (await smsTo()).length, { timeout: 15_000 }).toBe(before + 1);
    expect((await smsTo()).some((m) => m.text.includes('应用成果“公交到站提醒小程序”未通过审核'))).toBe(true);

    // The development inbox page shows it.
    const inbox = await page.context().newPage();
    await inbox.goto(`${env.server.url}/dev/sms-inbox`);
    await inbox
      .locator('.dev-sms-item')
      .filter({ hasText: MOBILE })
      .filter({ hasText: '公交到站提醒小程序' })
      .first()
      .waitFor();
    await shot(inbox, 'notify-settings-sms-inbox');
    await inbox.close();

    // Off again: the next decision reaches the bell only.
    await smsSwitch.click();
    await page.getByText('消息设置已保存').first().waitFor();
    await expect.poll(() => smsSwitch.getAttribute('aria-checked')).toBe('false');
    const after = (await smsTo()).length;
    await rejectedResult(companyToken, reviewerToken, resultId);
    const rejections = async () =>
      (
        await apiCall<{ records: { busId: string | null; title: string }[] }>(
          `${env.server.api}/api/news/page`,
          companyToken,
          { pageNo: 1, pageSize: 50, messageType: 'achievement' },
        )
      ).records.filter((m) => m.busId === resultId && m.title.includes('未通过审核'));
    // Both decisions are in the message centre…
    await expect.poll(async () => (await rejections()).length, { timeout: 15_000 }).toBe(2);
    // …but, with the dispatcher given the time it took above, only the first reached the phone.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await smsTo()).length).toBe(after);
  });
});
