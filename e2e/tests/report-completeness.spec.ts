import type { PeriodicReport } from '@solarops/contracts';
import { setLanguage } from '../support/language.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { shot } from '../support/screenshots.ts';

// The periodic report of a month whose 5-minute history covers only its last day: the energy stands on every day
// (the daily history before it), the peak power and the PR on the readings of that day alone. Each figure says
// beside it how much of the month's data it was made from, in zh and en, and on hover what was counted.

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
/** The month shown: that of two days ago, so that it holds days before the one day of 5-minute history. */
const month = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 7);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fleet = await startFleetServer({ plants: 2, speedup: 1, backfillDays: 1 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  const token = await fleet.login('admin', fleet.adminPassword);
  // The history's rollups come in the background: wait until the month's readings are counted.
  await expect
    .poll(
      async () =>
        (
          await fleet.api<{ data: PeriodicReport }>(`/report/periodic?period=month&date=${month}-01`, {
            token,
          })
        ).data.totals.completeness.received,
      { timeout: 120_000, message: 'the month’s readings rolled up' },
    )
    .toBeGreaterThan(0);
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet?.close();
});

const SHARE = { zh: /^数据 (\d+\.\d\d) %$/, en: /^data (\d+\.\d\d) %$/ };
const READINGS = {
  zh: /^已收 \d+ \/ 应收 \d+ 条 5 分钟读数$/,
  en: /^\d+ of \d+ 5-minute readings$/,
};
const DAYS = { zh: /^\d+ 天中 \d+ 天有发电量$/, en: /^\d+ of \d+ days with energy$/ };

test('a month with an incomplete figure says so beside it, in zh and en', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin', fleet.adminPassword);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 });
  for (const lang of ['zh', 'en'] as const) {
    await setLanguage(context, lang, fleet.baseUrl);
    await page.goto('/operation/form');
    await expect(page.getByTestId('report-totals')).toBeVisible({ timeout: 30_000 });
    const picker = page
      .locator('[data-testid="report-date"] input, input[data-testid="report-date"]')
      .first();
    await picker.click();
    await picker.fill(month);
    await picker.press('Enter');
    await expect(picker).toHaveValue(month);
    await expect(page.getByTestId('state-loading')).toHaveCount(0, { timeout: 60_000 });
    const totals = page.getByTestId('report-totals');

    // The energy: every day of the month has its energy (from the daily history before the readings).
    const energy = totals.getByTestId('share-energy');
    await expect(energy).toHaveText(SHARE[lang]);
    // The peak: the readings of one day out of the month's, a share well below whole, marked as a warning.
    const peak = totals.getByTestId('share-peak');
    await expect(peak).toHaveText(SHARE[lang]);
    const peakShare = Number(SHARE[lang].exec((await peak.textContent())!)![1]);
    expect(peakShare).toBeGreaterThan(0);
    expect(peakShare).toBeLessThan(100);
    await expect(peak).toHaveClass(/ant-typography-warning/);
    // On hover, what was counted.
    await peak.hover();
    await expect(page.locator('.ant-tooltip:visible').last()).toHaveText(READINGS[lang]);
    await page.screenshot({
      animations: 'disabled',
      path: shot(`report-completeness-${lang}`),
      fullPage: true,
    });
    await energy.hover();
    await expect(page.locator('.ant-tooltip:visible').last()).toHaveText(DAYS[lang]);
    await page.mouse.move(0, 0);

    // Each plant's row carries its peak's share where it is short.
    const rows = page.getByTestId('report-plants').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row).toContainText(lang === 'zh' ? '数据 ' : 'data ');
  }
});
