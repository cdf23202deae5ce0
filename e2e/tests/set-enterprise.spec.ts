import { apiLogin, baseUrl, requestCode, unique } from '../support/api.ts';
import { mailsTo } from '../support/mailbox.ts';
import { dismiss2gNotice, expect, sel, signIn, signInAsAdmin, test } from '../support/fixtures.ts';

test('an enterprise registration is approved in the audit dialog; the mailed password signs in and must be changed', async ({
  page,
  browser,
}) => {
  const userCode = unique('ent');
  const email = `${userCode}@example.com`;
  const code = await requestCode(email);
  const res = await fetch(`${baseUrl()}/prod-api/user/manager/enterprise/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      userCode,
      companyName: 'Bright Roof Energy',
      creditCode: `91${String(Date.now()).slice(-13)}123`,
      contactName: 'Zhou Lan',
      email,
      phone: '13911112222',
      address: 'No. 8 Harbour Road, Xiamen',
      code,
    }),
  });
  expect(res.status).toBe(200);

  await signInAsAdmin(page);
  await page.goto('/set/enterprise');
  await page.getByTestId('enterprise-status').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '待认证' }).click();
  await page.getByTestId('search-submit').click();
  await page.getByTestId(`audit-${userCode}`).click();
  const dialog = page.getByTestId('audit-dialog');
  await expect(dialog.getByText('Bright Roof Energy')).toBeVisible();
  await page.getByTestId('audit-notes').fill('Licence checked');
  await page.getByTestId('audit-approve').click();
  await expect(page.getByText('已通过，初始密码已发送至邮箱')).toBeVisible();

  // Examiner and audit time are shown on the row now that it is active.
  await page.getByTestId('search-reset').click();
  const row = page.getByRole('row').filter({ hasText: userCode });
  await expect(row).toContainText('已激活');
  await expect(row).toContainText('Licence checked');
  await expect(row).toContainText('admin');

  await expect.poll(() => mailsTo(email).some((m) => /Initial password: \S+/.test(m.text))).toBe(true);
  const password = /Initial password: (\S+)/.exec(
    mailsTo(email).find((m) => /Initial password/.test(m.text))!.text,
  )![1]!;
  const context = await browser.newContext({ baseURL: baseUrl() });
  await dismiss2gNotice(context);
  const ent = await context.newPage();
  await signIn(ent, userCode, password);
  await expect(ent).toHaveURL(/\/changePwd$/);
  await expect(ent.getByTestId('first-login-notice')).toBeVisible();
  await ent.getByTestId('change-old').fill(password);
  await ent.getByTestId('change-new').fill('Bright#Roof9');
  await ent.getByTestId('change-confirm').fill('Bright#Roof9');
  await ent.getByTestId('change-submit').click();
  await expect(ent.locator(sel.sidebar)).toBeVisible();
  expect((await apiLogin(userCode, 'Bright#Roof9')).code).toBe(200);
  await context.close();
});
