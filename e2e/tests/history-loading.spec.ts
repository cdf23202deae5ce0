import { expect, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

// A first start goes live before its history is written: the dashboard and a plant page opened meanwhile say their
// charts are still filling, instead of showing gaps as if the plant had not produced. The fill pauses ten minutes
// after each of its transactions here, so that the history stays incomplete while the test looks.
interface PlantRow {
  id: number;
}

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let plantId = 0;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(300_000);
  fleet = await startFleetServer({
    plants: 2,
    backfillDays: 2,
    historyPauseMs: 600_000,
    waitForHistory: false,
  });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  const token = await fleet.login('admin', fleet.adminPassword);
  const plants = (await fleet.api<{ rows: PlantRow[] }>('/plant/list?pageSize=50', { token })).rows;
  plantId = plants[0]!.id;
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet?.close();
});

const TEXT = {
  zh: '历史数据加载中',
  en: 'History loading',
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: the dashboard's and a plant's energy charts say their history is still loading`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await setLanguage(page, lang, fleet.baseUrl);
    await signIn(page, 'admin', fleet.adminPassword);
    await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
    // The dashboard's 30 days of energy: older than the two days, written last.
    const days = page.getByTestId('fleet-energy-card');
    await expect(days.getByTestId('history-loading')).toContainText(TEXT[lang], { timeout: 30_000 });
    await days.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`history-loading-dashboard-${lang}`) });
    await page.goto(`/details?id=${plantId}`);
    // By year: the years since the build date, written last of all (the daily energy before the two days).
    const energy = page.getByTestId('energy-card');
    await energy.locator('.ant-segmented-item').nth(2).click();
    await expect(energy.getByTestId('history-loading')).toContainText(TEXT[lang], { timeout: 30_000 });
    await energy.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`history-loading-${lang}`) });
  });
}
