import { bindRole, createPersonalUser, disableUser } from '../support/api.ts';
import { expect, sel, signIn, signInAsAdmin, test } from '../support/fixtures.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the personal centre edits one’s information and avatar', async ({ page }) => {
  // Two saves, two reloads and an upload, each waited for: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const user = await createPersonalUser('Profile#Pass1');
  await signIn(page, user.userCode, 'Profile#Pass1');
  await page.locator(sel.avatarMenu).click();
  await page.getByTestId('menu-profile').click();
  await expect(page).toHaveURL(/\/profile\/index$/);
  await page.getByTestId('profile-input-name').fill('Zhang Wei');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('资料已保存')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Zhang Wei');
  // Bad input is refused in the form and sends nothing.
  await page.getByTestId('profile-input-name').fill('Z');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('长度为 2 到 30 个字符')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Zhang Wei');

  await page
    .locator('.profile-avatar input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('头像已更新')).toBeVisible();
  // The avatar is private: it shows through the signed link the answers carry, after a reload too.
  const avatar = page.locator('.profile-avatar img');
  await expect(avatar).toHaveAttribute('src', /\/prod-api\/files\/avatars\/.+\?expires=\d+&sig=/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.reload();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 })
    .toBe(1);
});

test('a session revoked elsewhere brings the re-login dialog', async ({ page }) => {
  const user = await createPersonalUser('Revoked#Pass1');
  await signIn(page, user.userCode, 'Revoked#Pass1');
  await expect(page.locator(sel.sidebar)).toBeVisible();
  await disableUser(user.userCode);
  await page.locator(sel.avatarMenu).click();
  await page.getByTestId('menu-profile').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '您已被登出' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toBeNull();
});

test('a distributor sees the alarm counter; it reads 0 while alarms are unavailable, without an error', async ({
  page,
}) => {
  const user = await createPersonalUser('Dealer#Pass1');
  await bindRole(user.userCode, 2);
  await signIn(page, user.userCode, 'Dealer#Pass1');
  await expect(page.getByTestId('alarm-counter')).toBeVisible();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await page.getByTestId('alarm-counter').click();
  await expect(page).toHaveURL(/\/operation\/alarmlist$/);
});

test('other roles see no alarm counter', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByTestId('exhibit-button')).toBeVisible();
  await expect(page.getByTestId('alarm-counter')).toHaveCount(0);
  await page.getByTestId('exhibit-button').click();
  await expect(page).toHaveURL(/\/exhibit\/overview$/);
});

test('unhandled errors reach the error log that administrators read', async ({ page }) => {
  await signInAsAdmin(page);
  const message = `e2e unhandled ${Date.now()}`;
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/prod-api/system/errorlog') && r.request().method() === 'POST',
  );
  // A rejection left unhandled on purpose: the console's own handler is what is tested.
  await page.evaluate(
    (m) =>
      setTimeout(() => {
        void Promise.reject(new Error(m));
      }, 0),
    message,
  );
  expect((await posted).status()).toBe(200);
  await page.goto('/set/system');
  await expect(page.getByRole('cell', { name: message })).toBeVisible();
});

test('layout settings are remembered by the browser', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByTestId('tags-view')).toBeVisible();
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-tagsview').click();
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
  await page.reload();
  await expect(page.locator(sel.sidebar)).toBeVisible();
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
});
