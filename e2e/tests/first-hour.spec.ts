import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

// What a new user sees first: the dashboard's fleet map, a storage plant's energy flow, an inverter's strings side
// by side, and the 2G notice on a phone, in both languages at a desktop's and a phone's size.
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;
const LANGS = ['zh', 'en'] as const;

interface PlantRow {
  id: number;
  type: string;
  powerW: number;
}
interface DeviceRow {
  serial: string;
  pvStrings: number;
}

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let storagePlant = 0;
let inverter = '';

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(300_000);
  // Eight plants: China, Germany, the United States and Australia on the map, storage plants among them.
  fleet = await startFleetServer({ plants: 8 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  const token = await fleet.login('admin', fleet.adminPassword);
  const plants = (await fleet.api<{ rows: PlantRow[] }>('/plant/list?pageSize=50', { token })).rows;
  // The storage plant in daylight (the most PV power), so that its strings and its PV path carry current.
  storagePlant = plants.filter((p) => p.type === 'energyStorage').sort((a, b) => b.powerW - a.powerW)[0]!.id;
  const devices = (await fleet.api<{ data: DeviceRow[] }>(`/plant/${storagePlant}/devices`, { token })).data;
  inverter = devices.find((d) => d.pvStrings > 0)!.serial;
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet?.close();
});

async function open(page: Page, lang: (typeof LANGS)[number], width: number, height: number) {
  await page.setViewportSize({ width, height });
  await setLanguage(page, lang, fleet.baseUrl);
  await signIn(page, 'admin', fleet.adminPassword);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
}

for (const lang of LANGS) {
  for (const size of SIZES) {
    test(`${lang} ${size.name}: the fleet map, a storage plant's energy flow and an inverter's strings`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await open(page, lang, size.width, size.height);

      const map = page.getByTestId('fleet-map');
      await expect(map.getByTestId('map-land')).toBeVisible({ timeout: 30_000 });
      const pins = map.locator('[data-testid^="map-pin-"]');
      await expect(pins).toHaveCount(8);
      // A status card filters the list beside the map to its plants.
      const normal = Number(
        await map.getByTestId('map-state-normal').locator('.fleet-map-state-count').innerText(),
      );
      await map.getByTestId('map-state-normal').click();
      await expect(map.getByTestId('map-plant-list').locator('li .fleet-map-row')).toHaveCount(normal);
      await map.getByTestId('map-state-all').click();
      await map.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: shot(`first-hour-dashboard-${lang}-${size.name}`),
        fullPage: size.name === '390',
      });
      // The fleet's power and energy charts below the map, drawn without ECharts.
      const power = page.getByTestId('fleet-power');
      await expect(power).toHaveAttribute('data-rendered', 'true');
      await expect(page.getByTestId('fleet-energy')).toHaveAttribute('data-rendered', 'true');
      await power.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`first-hour-dashboard-charts-${lang}-${size.name}`) });

      await page.goto(`/details?id=${storagePlant}`);
      const flow = page.getByTestId('energy-flow');
      await expect(flow).toBeVisible({ timeout: 30_000 });
      await expect(flow.getByTestId('flow-power-pv')).not.toBeEmpty();
      await expect(flow.getByTestId('flow-day')).toBeVisible();
      await flow.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`first-hour-energy-flow-${lang}-${size.name}`) });

      await page.getByTestId('plant-devices').getByText(inverter, { exact: true }).click();
      const strings = page.getByTestId('string-comparison');
      await expect(strings).toBeVisible({ timeout: 30_000 });
      await expect(strings.locator('[data-testid^="string-ratio-"]').first()).toBeVisible();
      await strings.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`first-hour-strings-${lang}-${size.name}`) });
    });
  }

  test.describe(() => {
    test.use({ showNotice: true });
    test(`${lang} 390: the 2G notice fits a phone, its title clear of the close button`, async ({ page }) => {
      test.setTimeout(120_000);
      await open(page, lang, 390, 844);
      const notice = page.locator('.notice-2g');
      await expect(notice).toBeVisible();
      const box = (await notice.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const ok = (await page.getByTestId('notice-ok').boundingBox())!;
      expect(ok.x + ok.width).toBeLessThanOrEqual(box.x + box.width);
      // Where the title's text ends (its box runs under the button, padded so that the text stops before it).
      const titleEnd = await notice.locator('.ant-modal-title').evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect().right;
      });
      const close = (await notice.locator('.ant-modal-close').boundingBox())!;
      expect(titleEnd).toBeLessThanOrEqual(close.x + 1);
      await page.screenshot({ path: shot(`first-hour-notice-${lang}-390`) });
    });
  });
}
