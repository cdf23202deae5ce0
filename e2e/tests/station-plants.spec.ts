import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, pastAlarmDialog, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

const PASSWORD = 'Station#Pass2026';
// A 1×1 PNG: the picture every plant needs (spec §5).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface PlantRow {
  id: number;
  name: string;
  ownerUserCode: string;
  installerUserCode: string | null;
}
interface DeviceRow {
  serial: string;
  collectorSerial: string | null;
  pvStrings: number;
}

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let outsiderPlant = '';

// The station screens need fleet data: a second server runs the simulated fleet, and these tests talk to it.
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  fleet = await startFleetServer({ plants: 4 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  process.env.E2E_FLEET_ADMIN_PASSWORD = fleet.adminPassword;
  for (const user of ['demo-installer-1', 'demo-user-1', 'demo-distributor']) {
    await fleet.setPassword(user, PASSWORD);
  }
  // An end user outside the demo distributor's team, with a plant of its own.
  const admin = await fleet.login('admin', fleet.adminPassword);
  await fleet.api('/user/manager/add', {
    method: 'POST',
    token: admin,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      userCode: 'outsider',
      name: 'Outsider',
      email: 'outsider@example.com',
      phone: '13800138001',
      roleId: 4,
    }),
  });
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'p.png');
  const picture = (
    await fleet.api<{ data: { picture: string } }>('/plant/picture', {
      method: 'POST',
      token: admin,
      body: form,
    })
  ).data.picture;
  outsiderPlant = 'Outsider Field';
  await fleet.api('/plant', {
    method: 'POST',
    token: admin,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: outsiderPlant,
      ownerUserCode: 'outsider',
      address: '',
      timeZone: 'Europe/Berlin',
      picture,
      priceMinorPerKwh: 30,
      currency: 'EUR',
      capacityKw: 10,
      latitude: 52.5,
      longitude: 13.4,
      type: 'residential',
      buildDate: '2025-06-01',
    }),
  });
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet?.close();
});

async function signInAs(page: Page, user: string) {
  await signIn(page, user, PASSWORD);
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

async function plantsOf(user: string): Promise<PlantRow[]> {
  const token = await fleet.login(user, PASSWORD);
  return (await fleet.api<{ rows: PlantRow[] }>('/plant/list?pageSize=200', { token })).rows;
}

const visibleNames = async (page: Page) =>
  (await page.getByTestId('plant-link').allInnerTexts()).map((s) => s.trim()).sort();

test('an installer creates a plant, binds a collector of the fleet to it and sees its power curve fill', async ({
  page,
}) => {
  const mine = await plantsOf('demo-installer-1');
  const token = await fleet.login('demo-installer-1', PASSWORD);
  const devices = (await fleet.api<{ data: DeviceRow[] }>(`/plant/${mine[0]!.id}/devices`, { token })).data;
  const collector = devices.find((d) => d.collectorSerial)!.collectorSerial!;

  await signInAs(page, 'demo-installer-1');
  await page.goto('/station/list');
  await page.getByTestId('plant-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#plant_name').fill('E2E Hill');
  await dialog.locator('#plant_ownerUserCode').fill(mine[0]!.ownerUserCode);
  await dialog.locator('#plant_capacityKw').fill('12');
  await dialog.locator('#plant_price').fill('0.6');
  // Coordinates from a click on the map, once its land is drawn.
  await expect(dialog.getByTestId('map-land')).toBeVisible();
  await dialog.getByTestId('world-map').click({ position: { x: 250, y: 60 } });
  await expect(dialog.locator('#plant_latitude')).not.toHaveValue('');
  await expect(dialog.getByTestId('map-pin')).toBeVisible();
  // Saving without a picture is refused and creates nothing.
  await dialog.locator('.ant-btn-primary').last().click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(1);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'hill.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('.station-picture-preview')).toBeVisible();
  await dialog.locator('.ant-btn-primary').last().click();
  await expect(dialog).toBeHidden();
  await page.locator('#plantSearch_name').fill('E2E Hill');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('plant-link')).toHaveText(['E2E Hill']);

  await page.getByTestId('plant-link').click();
  await expect(page.getByTestId('plant-details')).toBeVisible();
  const powerCard = page.getByTestId('power-card');
  await expect(powerCard.getByTestId('state-empty')).toBeVisible();
  await page.getByTestId('bind-serial').fill(collector);
  await page.getByTestId('bind-button').click();
  await expect(page.getByTestId('plant-devices').locator('tbody tr.ant-table-row').first()).toBeVisible();
  // The new plant's curve holds the readings from the move on: the collector's next report fills it.
  const hill = (await plantsOf('demo-installer-1')).find((p) => p.name === 'E2E Hill')!.id;
  await expect
    .poll(
      async () =>
        (
          await fleet.api<{ data: { points: { powerW: number | null }[] } }>(`/plant/${hill}/power`, {
            token,
          })
        ).data.points.filter((p) => p.powerW !== null).length,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await page.reload();
  await expect(powerCard.getByTestId('power-chart')).toBeVisible();
});

test('card and list views switch; search and reset; export downloads the visible rows', async ({ page }) => {
  await signInAs(page, 'demo-installer-1');
  await page.goto('/station/list');
  await expect(page.getByTestId('plant-table')).toBeVisible();
  const all = await visibleNames(page);
  expect(all.length).toBeGreaterThan(1);

  await page.getByTestId('view-switch').getByText('卡片').click();
  await expect(page.getByTestId('plant-card')).toHaveCount(all.length);
  await page.getByTestId('view-switch').getByText('列表').click();
  await expect(page.getByTestId('plant-table')).toBeVisible();

  await page.locator('#plantSearch_name').fill('E2E');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('plant-link')).toHaveText(['E2E Hill']);
  const download = page.waitForEvent('download');
  await page.getByTestId('plant-export').click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBe('E2E Hill');

  await page.getByTestId('search-reset').click();
  await expect(page.locator('#plantSearch_name')).toHaveValue('');
  expect(await visibleNames(page)).toEqual(all);
});

test('an end user sees only their own plants; a distributor its installers’ plants and no others', async ({
  page,
}) => {
  const own = (await plantsOf('demo-user-1')).map((p) => p.name).sort();
  expect((await plantsOf('demo-user-1')).every((p) => p.ownerUserCode === 'demo-user-1')).toBe(true);
  await signInAs(page, 'demo-user-1');
  await page.goto('/station/list');
  await expect(page.getByTestId('plant-table')).toBeVisible();
  expect(await visibleNames(page)).toEqual(own);

  const team = await plantsOf('demo-distributor');
  expect(
    team.every(
      (p) => p.installerUserCode?.startsWith('demo-installer-') || p.ownerUserCode.startsWith('demo-'),
    ),
  ).toBe(true);
  expect(team.map((p) => p.name)).not.toContain(outsiderPlant);
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await signInAs(page, 'demo-distributor');
  await page.goto('/station/list');
  // The page, not the alarm dialog that opens over it for a distributor (it has a pagination of its own).
  const list = page.locator('#root');
  await expect(list.getByTestId('pagination-total')).toContainText(String(team.length));
  await pastAlarmDialog(page, async () => {
    await list.locator('#plantSearch_name').fill(outsiderPlant);
    await list.getByTestId('search-submit').click({ timeout: 2_000 });
  });
  await expect(list.getByTestId('state-empty')).toBeVisible();
});

test.describe('viewed from Shanghai', () => {
  // The dashboard's fleet curve is the viewer's day in the viewer's zone, which the browser sends.
  test.use({ timezoneId: 'Asia/Shanghai' });
  for (const lang of ['zh', 'en'] as const) {
    test(`station screenshots in ${lang}`, async ({ page, context }) => {
      await setLanguage(context, lang, fleet.baseUrl);
      await signInAs(page, 'demo-installer-1');
      await expect(page.getByTestId('fleet-power')).toBeVisible();
      await expect(page.getByText(/Asia\/Shanghai/)).toBeVisible();
      // The map as a user sees it once its outline has come (fetched by the map alone), not its placeholder.
      await expect(page.getByTestId('fleet-map').getByTestId('map-land')).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ animations: 'disabled', path: shot(`station-dashboard-${lang}`) });

      await page.goto('/station/list');
      await expect(page.getByTestId('plant-table')).toBeVisible();
      await page.screenshot({ animations: 'disabled', path: shot(`station-list-${lang}`) });
      // The edit dialog with the plant pinned on the world's land, loaded with the map.
      await page.getByTestId('plant-edit').first().click();
      const edit = page.getByRole('dialog');
      await expect(edit.getByTestId('map-land')).toBeVisible();
      await expect(edit.getByTestId('map-pin')).toBeVisible();
      await page.screenshot({ animations: 'disabled', path: shot(`station-plant-edit-${lang}`) });
      await page.keyboard.press('Escape');
      await expect(edit).toBeHidden();
      await page
        .getByTestId('view-switch')
        .getByText(lang === 'zh' ? '卡片' : 'Cards')
        .click();
      await expect(page.getByTestId('plant-card').first()).toBeVisible();
      await page.screenshot({ animations: 'disabled', path: shot(`station-cards-${lang}`) });

      const plant = (await plantsOf('demo-installer-1')).find((p) => p.name !== 'E2E Hill')!;
      await page.goto(`/details?id=${plant.id}`);
      await expect(page.getByTestId('power-chart')).toBeVisible();
      await expect(page.getByTestId('energy-chart')).toBeVisible();
      await page.screenshot({
        animations: 'disabled',
        path: shot(`station-details-${lang}`),
        fullPage: true,
      });
      // The performance card (PR, expected yield and the day each figure counts from) sits below the fold.
      const performance = page.getByTestId('plant-performance');
      await performance.scrollIntoViewIfNeeded();
      await performance.screenshot({ animations: 'disabled', path: shot(`station-performance-${lang}`) });

      await page.goto('/station/devicelist');
      await page.getByTestId('device-link').first().click();
      const detail = page.getByTestId('device-detail');
      await expect(detail.getByTestId('chart-pvVoltage')).toBeVisible();
      await detail.getByTestId('chart-pvVoltage').scrollIntoViewIfNeeded();
      await page.screenshot({ animations: 'disabled', path: shot(`station-device-${lang}`) });
    });
  }
});
