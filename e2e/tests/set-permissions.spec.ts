import type { Page } from '@playwright/test';
import { apiLogin, baseUrl, unique } from '../support/api.ts';
import { mailsTo } from '../support/mailbox.ts';
import { dismiss2gNotice, expect, sel, signIn, signInAsAdmin, test } from '../support/fixtures.ts';

/** The initial password the server mailed to `email`, once the mail has arrived. */
async function mailedPassword(email: string): Promise<string> {
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  const text = mailsTo(email).at(-1)?.text ?? '';
  const password = /Initial password: (\S+)/.exec(text)?.[1];
  if (!password) throw new Error(`no password in the mail to ${email}`);
  return password;
}

/** Changes the mailed initial password on the page the first sign-in leads to. */
async function changeInitialPassword(page: Page, oldPassword: string, newPassword: string) {
  await expect(page).toHaveURL(/\/changePwd$/);
  await page.getByTestId('change-old').fill(oldPassword);
  await page.getByTestId('change-new').fill(newPassword);
  await page.getByTestId('change-confirm').fill(newPassword);
  await page.getByTestId('change-submit').click();
  await expect(page.locator(sel.sidebar)).toBeVisible();
}

/** The route names of the menu entries the sidebar shows. */
const menuEntries = (page: Page) =>
  page
    .locator(`${sel.sidebar} [data-testid^="menu-"]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('menu-'.length)).sort());

test('a staff role holding only the plant list and the alarm list shows exactly those and refuses the rest', async ({
  page,
  browser,
}) => {
  // Two sign-ins, a password change and three role edits: sized for a slow machine.
  test.setTimeout(180_000);
  const roleName = unique('Desk');
  await signInAsAdmin(page);

  // The administrator creates the role and ticks two route names in the tree.
  await page.goto('/set/permissions');
  await page.getByTestId('role-create').click();
  await page.getByTestId('role-name').fill(roleName);
  await page.getByTestId('role-description').fill('plants and alarms only');
  await page.getByRole('dialog').getByRole('button', { name: '保 存' }).click();
  await expect(page.getByTestId(`role-row-${roleName}`)).toBeVisible();
  await page.getByTestId(`role-row-${roleName}`).click();
  await page.getByTestId('role-tree').getByTestId('perm-list').click();
  await page.getByTestId('role-tree').getByTestId('perm-alarmlist').click();
  await page.getByTestId('role-save-menu').click();
  await expect(page.getByText('权限已保存，用户下次跳转页面时生效')).toBeVisible();

  // A staff account with that role, created on the staff screen; its password comes by mail.
  const userCode = unique('staff');
  const email = `${userCode}@example.com`;
  await page.goto('/set/staff');
  await page.getByTestId('account-create').click();
  await page.getByTestId('account-userCode').fill(userCode);
  await page.getByTestId('account-name').fill('Chen Jing');
  await page.getByTestId('account-email').fill(email);
  await page.getByTestId('account-phone').fill('13812345678');
  await page.getByTestId('account-role').click();
  await page.locator('.ant-select-item-option').filter({ hasText: roleName }).click();
  await page.getByRole('dialog').getByRole('button', { name: '保 存' }).click();
  await expect(page.getByText(`账号已创建，初始密码已发送至 ${email}`)).toBeVisible();
  await expect(page.getByRole('cell', { name: userCode, exact: true })).toBeVisible();

  const staffContext = await browser.newContext({ baseURL: baseUrl() });
  await dismiss2gNotice(staffContext);
  const staff = await staffContext.newPage();
  const initial = await mailedPassword(email);
  await signIn(staff, userCode, initial);
  await changeInitialPassword(staff, initial, 'Staff#Desk2026');
  await expect.poll(() => menuEntries(staff)).toEqual(['alarmlist', 'list']);

  // Elsewhere: the console shows 401 and the server answers 403.
  await staff.goto('/set/permissions');
  await expect(staff).toHaveURL(/\/401$/);
  const token = (await apiLogin(userCode, 'Staff#Desk2026')).data.token;
  const auth = { Authorization: `${token.token_type} ${token.access_token}` };
  for (const path of [
    '/role/manager/list',
    '/system/log/list',
    '/system/settings',
    '/user/manager/enterprise/list',
  ])
    expect((await fetch(`${baseUrl()}/prod-api${path}`, { headers: auth })).status, path).toBe(403);
  expect((await fetch(`${baseUrl()}/prod-api/plant/list?pageSize=5`, { headers: auth })).status).toBe(200);

  // The administrator adds the operation log: the server allows it at once, the staff user's menu shows it at
  // its next navigation inside the console (no new sign-in, no reload).
  await staff.goto('/station/list');
  await expect(staff.locator(sel.sidebar)).toBeVisible();
  await page.goto('/set/permissions');
  await page.getByTestId(`role-row-${roleName}`).click();
  await page.getByTestId('role-tree').getByTestId('perm-logList').click();
  await page.getByTestId('role-save-menu').click();
  await expect(page.getByText('权限已保存，用户下次跳转页面时生效')).toBeVisible();
  expect((await fetch(`${baseUrl()}/prod-api/system/log/list`, { headers: auth })).status).toBe(200);
  await expect.poll(() => menuEntries(staff)).toEqual(['alarmlist', 'list']);
  await staff.getByTestId('menu-alarmlist').click();
  await expect(staff).toHaveURL(/\/operation\/alarmlist$/);
  await expect.poll(() => menuEntries(staff)).toEqual(['alarmlist', 'list', 'logList']);
  await staff.getByTestId('menu-logList').click();
  await expect(staff.getByTestId('page-logList')).toBeVisible();
  await staffContext.close();
});
