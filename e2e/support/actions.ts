import type { Locator, Page } from 'playwright-core';

/**
 * Opens an antd Select and picks an option, then waits until `chosen` (default: the select showing
 * the option's text) is on screen. On a loaded machine a click can land while the list is still
 * animating in and be lost; the pick is then tried again instead of going on with a half-made form.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  option: string,
  chosen = select.filter({ hasText: option }),
) {
  const openList = page.locator('.ant-select-dropdown:visible');
  for (let attempt = 1; ; attempt++) {
    try {
      // A list left open by a lost attempt is closed first: a click on the select would toggle it.
      if (await openList.count()) {
        await page.keyboard.press('Escape');
        await openList.first().waitFor({ state: 'hidden' });
      }
      await select.click();
      // An option that keeps moving (the list still animating) is tried again from the start.
      await openList.locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 10_000 });
      await chosen.waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  // The list closes with an animation; a click meant for the next control must not land on it.
  await openList.first().waitFor({ state: 'hidden' });
}

/** Picks an option of the antd Select whose placeholder is given, inside the open dialog. */
export async function chooseInDialog(page: Page, placeholder: string, option: string) {
  const selects = page.getByRole('dialog').locator('.ant-select');
  await pickOption(page, selects.filter({ hasText: placeholder }), option, selects.filter({ hasText: option }));
}

/** The text of an antd Select's first option (the list is opened and closed again). */
async function firstOption(page: Page, select: Locator): Promise<string> {
  await select.click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const text = (await option.innerText()).trim();
  await page.keyboard.press('Escape');
  await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
  return text;
}

/**
 * Signs in through the login page. When the user belongs to several tenants or departments the login
 * dialog asks: the first tenant, and the department `depart` names (default: the first offered). Someone without a department (a
 * registered citizen) lands on the portal home instead of the back office.
 */
export async function signIn(page: Page, baseUrl: string, username: string, password: string, depart?: string) {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const landed = page.waitForURL(/\/(pageHome\/PageHome|openPlatform\/home)$/, { timeout: 30_000 });
  const dialog = page.getByRole('dialog').filter({ hasText: /请选择(租户|部门)/ });
  const which = await Promise.race([
    landed.then(() => 'home' as const),
    dialog.waitFor({ timeout: 30_000 }).then(() => 'choose' as const),
  ]);
  if (which === 'choose') {
    // A user of several tenants picks one (the first), of several departments the one named.
    const tenant = dialog.locator('.ant-form-item').filter({ hasText: '租户' }).locator('.ant-select');
    if (await tenant.count()) {
      const first = await firstOption(page, tenant);
      await pickOption(page, tenant, first);
    }
    const departSelect = dialog.locator('.ant-form-item').filter({ hasText: '部门' }).locator('.ant-select');
    if (await departSelect.count()) {
      await pickOption(page, departSelect, depart ?? (await firstOption(page, departSelect)));
    }
    await dialog.getByRole('button', { name: /确\s*定|确\s*认/ }).click();
    await landed;
  }
  await page.getByText(/首页/).first().waitFor();
}

/**
 * Opens the account menu of the back-office header and clicks an entry, until what it opens (`opens`)
 * is on screen: on a loaded machine the click on an entry can land while the menu is still moving.
 */
export async function accountMenu(page: Page, entry: '修改密码' | '切换部门' | '退出登录', opens: Locator) {
  const trigger = page
    .locator('.ant-layout-header, header')
    .getByRole('button')
    .filter({ has: page.locator('.ant-avatar') })
    .first();
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await page.getByRole('menuitem', { name: entry }).isVisible())) await trigger.click();
      await page.getByRole('menuitem', { name: entry }).click({ timeout: 10_000 });
      await opens.waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The antd form item whose label is exactly `label`, inside `scope`. */
function formItem(page: Page, scope: string, label: string) {
  return page
    .locator(scope)
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label:text-is("${label}")`) })
    .first();
}

export async function fillField(page: Page, scope: string, label: string, value: string) {
  await formItem(page, scope, label).locator('input, textarea').first().fill(value);
}

/** Picks an option of the form item's select; a multiple select stays open for more. */
export async function pickField(page: Page, scope: string, label: string, option: string) {
  await formItem(page, scope, label).locator('.ant-select').first().click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}
