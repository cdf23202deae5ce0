import type { Page } from '@playwright/test';
import { expect, sel, sessionValue, signIn, signInAsAdmin, test } from '../support/fixtures.ts';

const tagPaths = async (page: Page) =>
  page.locator(sel.tag).evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));

test('a language switch survives a reload, and Ant Design follows', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByTestId('menu-Station')).toHaveText('电站管理');
  await page.locator(sel.languageSelect).click();
  // The current language is disabled in the list.
  await expect(page.getByRole('menuitem', { name: '中文' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('lang-en').click();
  await expect(page.getByText('Language switched')).toBeVisible();
  await expect(page.getByTestId('menu-Station')).toHaveText('Plants');
  await page.reload();
  await expect(page.getByTestId('menu-Station')).toHaveText('Plants');
  await expect(page).toHaveTitle('Dashboard - SolarOps');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'language')?.value).toBe('en');
  // Ant Design's own texts: the placeholder page's empty state is Ant Design's Empty with our text, and the
  // pagination of the system screen speaks English.
  await page.goto('/set/system');
  await expect(page.getByText('/ page')).toBeVisible();
});

test('tabs: open four pages, close others, refresh, close the active one', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByTestId('menu-Station').click();
  await page.getByTestId('menu-list').click();
  await expect(page.locator(sel.pageTitle)).toHaveText('电站列表');
  // A page's code loads before its route commits, and the address changes before the page is drawn: a click on
  // the next menu entry meanwhile supersedes that page (no tab for it). Wait for each page's tab, as a user sees
  // it, before the next click.
  const tabOpen = (path: string) => expect(page.locator(`${sel.tag}[data-path="${path}"]`)).toBeVisible();
  await page.getByTestId('menu-devicelist').click();
  await tabOpen('/station/devicelist');
  await page.getByTestId('menu-Operation').click();
  await page.getByTestId('menu-alarmlist').click();
  await tabOpen('/operation/alarmlist');
  await page.getByTestId('menu-card').click();
  await tabOpen('/operation/card');
  await expect
    .poll(() => tagPaths(page))
    .toEqual([
      '/dashboard',
      '/station/list',
      '/station/devicelist',
      '/operation/alarmlist',
      '/operation/card',
    ]);

  // Close others from the alarm list's tab: the affix dashboard stays, and that tab becomes the page.
  await page.locator(`${sel.tag}[data-path="/operation/alarmlist"]`).click({ button: 'right' });
  await page.getByTestId('tag-close-others').click();
  await expect(page).toHaveURL(/\/operation\/alarmlist$/);
  await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/operation/alarmlist']);

  // Refresh goes through /redirect and lands on the same page. The address is that page's before the refresh too:
  // it is checked once the refresh has passed through /redirect.
  const redirects: string[] = [];
  page.on('framenavigated', (f) => redirects.push(f.url()));
  await page.locator(`${sel.tag}[data-path="/operation/alarmlist"]`).click({ button: 'right' });
  await page.getByTestId('tag-refresh').click();
  await expect.poll(() => redirects.some((u) => u.includes('/redirect/operation/alarmlist'))).toBe(true);
  await expect(page).toHaveURL((url) => url.pathname === '/operation/alarmlist');
  await expect(page.locator(sel.pageTitle)).toHaveText('告警列表');

  // Closing the active tab moves to the last remaining one.
  await page.locator(`${sel.tag}[data-path="/operation/alarmlist"] .tags-view-close`).click();
  await expect.poll(() => tagPaths(page)).toEqual(['/dashboard']);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The affix tab has no close button.
  await expect(page.locator(`${sel.tag}[data-path="/dashboard"] .tags-view-close`)).toHaveCount(0);
});

test.describe('the 2G notice', () => {
  test.use({ showNotice: true });
  test('is shown until the user asks not to be reminded', async ({ page }) => {
    await signInAsAdmin(page);
    const notice = page.getByRole('dialog').filter({ hasText: '2G' });
    await expect(notice).toBeVisible();
    // offsetWidth: the opening animation scales the box, which getBoundingClientRect would include.
    const width = await notice.evaluate(
      (el) => (el.closest('.ant-modal') as HTMLElement | null)?.offsetWidth ?? 0,
    );
    expect(Math.round(width)).toBe(Math.round(1440 * 0.4));
    await notice.getByRole('button', { name: '我知道了' }).click();
    await page.reload();
    await expect(page.getByRole('dialog').filter({ hasText: '2G' })).toBeVisible();
    await page.getByTestId('notice-dont-remind').click();
    await page.getByTestId('notice-ok').click();
    expect(await page.evaluate(() => localStorage.getItem('notice2gDismissed'))).toBe('1');
    await page.reload();
    await expect(page.locator(sel.sidebar)).toBeVisible();
    await expect(page.getByRole('dialog').filter({ hasText: '2G' })).toHaveCount(0);
  });
});

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  await signInAsAdmin(page);
  // The dashboard's own calls go out with the token of their time: let them finish before it is swapped.
  await expect(page.getByTestId('fleet-figures')).toBeVisible();
  const before = await sessionValue(page, 'refresh_token');
  // Stands for an expired access token: the server answers 401 with code 401 for both.
  await page.evaluate(() => sessionStorage.setItem('access_token', 'expired.token.value'));
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/prod-api/oauth/token')) refreshes.push(r.status());
  });
  await page.goto('/profile/index');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/index$/);
  expect(refreshes).toEqual([200]);
  expect(await sessionValue(page, 'access_token')).not.toBe('expired.token.value');
  expect(await sessionValue(page, 'refresh_token')).not.toBe(before);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
});

test('logout clears session storage and returns to sign-in', async ({ page }) => {
  await signInAsAdmin(page);
  await page.locator(sel.avatarMenu).click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  const keys = await page.evaluate(() => Object.keys(sessionStorage));
  for (const key of [
    'access_token',
    'refresh_token',
    'token_type',
    'roles',
    'userCode',
    'userId',
    'roleId',
    'menuList1',
  ])
    expect(keys).not.toContain(key);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('a mobile-width window closes the sidebar on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.locator(sel.sidebar);
  // On a phone the sidebar starts closed: off screen.
  await expect.poll(async () => (await sidebar.boundingBox())?.x ?? 0).toBeLessThan(0);
  await page.locator(sel.toggle).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.x ?? -1).toBe(0);
  await page.getByTestId('menu-Station').click();
  await page.getByTestId('menu-list').click();
  await expect(page).toHaveURL(/\/station\/list$/);
  await expect.poll(async () => (await sidebar.boundingBox())?.x ?? 0).toBeLessThan(0);
});

test('the sidebar state is kept in a cookie', async ({ page }) => {
  await signInAsAdmin(page);
  await page.locator(sel.toggle).click();
  await expect.poll(async () => (await page.locator(sel.sidebar).boundingBox())?.width).toBe(54);
  await page.reload();
  await expect.poll(async () => (await page.locator(sel.sidebar).boundingBox())?.width).toBe(54);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
});
