import { baseUrl } from '../support/api.ts';
import { expect, signInAsAdmin, test } from '../support/fixtures.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

for (const lang of ['zh', 'en'] as const) {
  test(`settings screenshots in ${lang}: permissions, accounts, enterprise, operation log, system`, async ({
    page,
    context,
  }) => {
    await setLanguage(context, lang, baseUrl());
    await signInAsAdmin(page);

    await page.goto('/set/permissions');
    await page.getByTestId('role-row-staff').click();
    await expect(page.getByTestId('role-tree')).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: shot(`set-permissions-${lang}`) });

    await page.goto('/set/staff');
    await expect(page.getByTestId('page-staff')).toBeVisible();
    await expect(page.getByTestId('state-loading')).toHaveCount(0);
    await page.screenshot({ animations: 'disabled', path: shot(`set-accounts-${lang}`) });
    await page.getByTestId('account-create').click();
    await expect(page.getByTestId('account-userCode')).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: shot(`set-account-form-${lang}`) });
    await page.keyboard.press('Escape');

    await page.goto('/set/enterprise');
    await expect(page.getByTestId('page-enterprise')).toBeVisible();
    await expect(page.getByTestId('state-loading')).toHaveCount(0);
    await page.screenshot({ animations: 'disabled', path: shot(`set-enterprise-${lang}`) });

    await page.goto('/set/logList');
    await expect(page.getByTestId('page-logList')).toBeVisible();
    await expect(page.getByTestId('state-loading')).toHaveCount(0);
    await page.screenshot({ animations: 'disabled', path: shot(`set-loglist-${lang}`) });

    await page.goto('/set/system');
    await page.getByTestId('tab-settings').click();
    await expect(page.getByTestId('system-form')).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: shot(`set-system-${lang}`), fullPage: true });
    // The page scrolls inside the console's frame, so the form's lower half (the CO₂ factors) is taken on its own.
    const co2 = page.getByTestId('co2-add-country');
    await co2.scrollIntoViewIfNeeded();
    await page.screenshot({ animations: 'disabled', path: shot(`set-system-co2-${lang}`) });
  });
}
