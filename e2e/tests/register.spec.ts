import { unique } from '../support/api.ts';
import { latestCode } from '../support/api.ts';
import { expect, sel, signIn, test } from '../support/fixtures.ts';

test('personal registration with the code read from the mail, then sign-in', async ({ page }) => {
  const userCode = unique('p');
  const email = `${userCode}@example.com`;
  await page.goto('/login');
  await page.getByTestId('link-register').click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByTestId('register-userCode').fill(userCode);
  await page.getByTestId('register-name').fill('Wang Fang');
  await page.getByTestId('register-phone').fill('13712345678');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-send-code').click();
  await expect(page.getByTestId('register-send-code')).toBeDisabled();
  await page.getByTestId('register-code').fill(await latestCode(email));
  await page.getByTestId('register-password').fill('Sunny#Day42');
  await page.getByTestId('register-confirmPassword').fill('Sunny#Day42');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('注册成功')).toBeVisible();
  await page.getByTestId('register-to-login').click();
  await signIn(page, userCode, 'Sunny#Day42');
  await expect(page.locator(sel.sidebar)).toBeVisible();
});

test('registration refuses bad input with clear messages and sends nothing', async ({ page }) => {
  await page.goto('/register');
  await page.getByTestId('register-email').fill('not-an-email');
  await page.getByTestId('register-password').fill('short');
  await page.getByTestId('register-confirmPassword').fill('different');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('请输入合法的邮箱地址')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await expect(page.getByText('密码长度为 8 到 128 位')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});
