import { adminAuth, baseUrl } from '../support/api.ts';
import { expect, sel, signInAsAdmin, test } from '../support/fixtures.ts';

test('the platform name shows in the sidebar and a browser without a language choice starts in the default language', async ({
  page,
  browser,
}) => {
  const auth = { ...(await adminAuth()), 'Content-Type': 'application/json' };
  const url = `${baseUrl()}/prod-api/system/settings`;
  const saved = ((await (await fetch(url, { headers: auth })).json()) as { data: Record<string, unknown> })
    .data;
  try {
    await signInAsAdmin(page);
    await page.goto('/set/system');
    await page.getByTestId('tab-settings').click();
    await page.getByTestId('system-platformName').fill('Sunfield Ops');
    await page.getByTestId('system-save').click();
    await expect(page.getByText('设置已保存')).toBeVisible();
    await page.reload();
    await expect(page.locator(`${sel.sidebar} .sidebar-title`)).toHaveText('Sunfield Ops');

    const res = await fetch(url, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ ...saved, platformName: 'Sunfield Ops', defaultLanguage: 'en' }),
    });
    expect(res.status).toBe(200);
    const fresh = await browser.newContext({ baseURL: baseUrl() });
    const visitor = await fresh.newPage();
    await visitor.goto('/login');
    await expect(visitor.locator(sel.submit)).toHaveText(/Sign in/i);
    await fresh.close();
  } finally {
    await fetch(url, { method: 'POST', headers: auth, body: JSON.stringify(saved) });
  }
});
