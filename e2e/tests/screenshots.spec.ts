import { baseUrl } from '../support/api.ts';
import { expect, sel, signInAsAdmin, test } from '../support/fixtures.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

for (const lang of ['zh', 'en'] as const) {
  test(`screenshots in ${lang}: login, layout with the menu open, personal centre`, async ({
    page,
    context,
  }) => {
    await setLanguage(context, lang, baseUrl());
    await page.goto('/login');
    await expect(page.locator(sel.submit)).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: shot(`login-${lang}`) });

    await signInAsAdmin(page);
    await page.getByTestId('menu-Operation').click();
    await page.getByTestId('menu-alarmlist').click();
    // Pages load on first visit; the navigation completes once the page's code is there.
    await expect(page).toHaveURL(/\/operation\/alarmlist$/);
    await expect(page.locator(sel.pageTitle)).toHaveText(lang === 'zh' ? '告警列表' : 'Alarm list');
    await page.screenshot({ animations: 'disabled', path: shot(`layout-${lang}`) });

    await page.locator(sel.avatarMenu).click();
    await page.getByTestId('menu-profile').click();
    await expect(page.getByTestId('profile-name')).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: shot(`profile-${lang}`) });
  });
}
