import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';

const shot = (name: string) => fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url));

interface CommandDevice {
  serial: string;
  model: string;
  profileId: string | null;
  online: boolean;
}
interface DeviceRow {
  serial: string;
  ratedPowerW: number;
  latest: { ts: string; acPowerW: number | null } | null;
}

let fleet: FleetServer;
let admin = '';
let sharedBaseUrl: string | undefined;

const api = <T>(path: string, init: RequestInit = {}) =>
  fleet.api<{ data: T; rows?: T; total?: number }>(path, { ...init, token: admin });

/** The command devices of a profile, online first. */
async function devicesOf(profileId: string): Promise<CommandDevice[]> {
  const all = (await api<CommandDevice[]>(`/commands/devices?profileId=${profileId}`)).data;
  return all.filter((d) => d.online);
}

/** Chooses an option of the Ant Design select under `testId` by typing part of its text. */
async function choose(page: Page, testId: string, text: string) {
  const select = page.getByTestId(testId);
  await select.click();
  await select.locator('input').fill(text);
  await page.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
  await page.keyboard.press('Escape');
}

/** Signs in as the fleet's administrator and waits for the dashboard, so that the session is stored. */
async function signInAsAdmin(page: Page) {
  await signIn(page, 'admin', fleet.adminPassword);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
}

async function setLanguage(page: Page, lang: 'zh' | 'en') {
  await page.context().addCookies([{ name: 'language', value: lang, url: fleet.baseUrl }]);
}

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  fleet = await startFleetServer({ plants: 4, speedup: 60 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  admin = await fleet.login('admin', fleet.adminPassword);
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet.close();
});

test('remoteSet and debug in zh and en: the device is chosen and asked; its command is shown with its state', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const [inverter] = await devicesOf('sunspecInverter');
  expect(inverter, 'an online SunSpec-style inverter').toBeDefined();
  const sn = inverter!.serial;
  await signInAsAdmin(page);
  for (const lang of ['zh', 'en'] as const) {
    // The console reads the language cookie when a page loads.
    await setLanguage(page, lang);
    await page.goto('/operation/remoteSet');
    await choose(page, 'picker-devices', sn);
    await page.getByTestId('read-current').click();
    await expect(page.getByTestId('command-state')).toBeVisible();
    // Every point of the profile has its row, waiting for the values read.
    await expect(page.getByTestId('current-activePowerLimitPct')).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: shot(`remoteSet-${lang}`), fullPage: true });
    await page.goto(`/operation/debug?sn=${sn}`);
    await page.getByTestId('register-panel').getByRole('spinbutton').nth(0).fill('40188');
    await page.getByTestId('register-panel').getByRole('spinbutton').nth(1).fill('10');
    await page.getByTestId('debug-read').click();
    await expect(page.getByTestId('register-panel').getByTestId('command-state')).toBeVisible();
    await expect(page.getByTestId('device-command-log')).toContainText(
      lang === 'en' ? 'Register read' : '读寄存器',
    );
    await page.screenshot({ animations: 'disabled', path: shot(`debug-${lang}`), fullPage: true });
  }
});

test('remoteSet: a 50 % power limit read, edited, confirmed by serial, applied, and the power curve clips', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const [inverter] = await devicesOf('sunspecInverter');
  expect(inverter, 'an online SunSpec-style inverter').toBeDefined();
  const sn = inverter!.serial;
  const rated = (await api<DeviceRow>(`/device/${sn}`)).data.ratedPowerW;

  await setLanguage(page, 'en');
  await signInAsAdmin(page);
  await page.goto('/operation/remoteSet');
  await choose(page, 'picker-devices', sn);
  await page.getByTestId('read-current').click();
  // The current values come from the device: the limit shows once the read is applied.
  await expect(page.getByTestId('current-activePowerLimitPct')).toContainText('%', { timeout: 60_000 });

  // Out of range is refused before anything is sent.
  const limit = page.getByRole('spinbutton', { name: 'Active power limit' });
  await limit.fill('120');
  await page.getByTestId('settings-submit').click();
  await expect(page.getByText('Must be from 0 to 100 %')).toBeVisible();

  await limit.fill('50');
  await page.getByTestId('settings-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Active power limit');
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await page.getByTestId('confirm-write-input').fill(sn);
  await send.click();

  await expect(page).toHaveURL(/remoteSetSubmit\?ids=/);
  const state = page.getByTestId('command-table').getByTestId('command-state').first();
  await expect(state).toHaveAttribute('data-state', 'applied', { timeout: 90_000 });
  await page.screenshot({ animations: 'disabled', path: shot('remoteSetSubmit-en') });

  // Within one reporting interval the inverter's AC power is held to 50 % of its rating: two readings after the
  // one current when the limit was applied are both under it.
  const latest = async () => (await api<DeviceRow>(`/device/${sn}`)).data.latest;
  const seen = new Set([(await latest())?.ts]);
  const readings: number[] = [];
  await expect
    .poll(
      async () => {
        const l = await latest();
        if (l && !seen.has(l.ts)) {
          seen.add(l.ts);
          readings.push(l.acPowerW ?? 0);
        }
        return readings.length;
      },
      { timeout: 90_000, intervals: [2_000], message: 'two readings after the limit' },
    )
    .toBeGreaterThanOrEqual(3);
  // The first new reading may have been taken before the write; the later ones may not exceed the limit.
  for (const w of readings.slice(1)) expect(w).toBeLessThanOrEqual(rated * 0.5 * 1.01);

  // The same screen in Chinese, with the values read.
  await setLanguage(page, 'zh');
  await page.goto('/operation/remoteSet');
  await choose(page, 'picker-devices', sn);
  await page.getByTestId('read-current').click();
  await expect(page.getByTestId('current-activePowerLimitPct')).toContainText('50.0 %', { timeout: 60_000 });
  await page.screenshot({ animations: 'disabled', path: shot('remoteSet-zh'), fullPage: true });
  await setLanguage(page, 'en');
  await page.reload();
  await choose(page, 'picker-devices', sn);
  await page.getByTestId('read-current').click();
  await expect(page.getByTestId('current-activePowerLimitPct')).toContainText('50.0 %', { timeout: 60_000 });
  await page.screenshot({ animations: 'disabled', path: shot('remoteSet-en'), fullPage: true });
});

test('debug: a register read by address, count and type shows the device’s values', async ({ page }) => {
  test.setTimeout(120_000);
  const [inverter] = await devicesOf('sunspecInverter');
  const sn = inverter!.serial;
  await signInAsAdmin(page);
  for (const lang of ['en', 'zh'] as const) {
    await setLanguage(page, lang);
    await page.goto(`/operation/debug?sn=${sn}`);
    // The SunSpec limit register and the nine after it.
    await page.getByTestId('register-panel').getByRole('spinbutton').nth(0).fill('40188');
    await page.getByTestId('register-panel').getByRole('spinbutton').nth(1).fill('10');
    await page.getByTestId('debug-read').click();
    const registers = page.getByTestId('debug-registers');
    await expect(registers.locator('tbody tr.ant-table-row')).toHaveCount(10, { timeout: 60_000 });
    await expect(registers.locator('tbody tr.ant-table-row').first()).toContainText('40188');
    await expect(page.getByTestId('device-command-log')).toContainText(
      lang === 'en' ? 'Register read' : '读寄存器',
    );
    await page.screenshot({ animations: 'disabled', path: shot(`debug-${lang}`), fullPage: true });
  }
});

// Not yet passing: the starter day ends at 24:00, so "add a slot" starts the new one at 00:00 and the overlap with
// slot 1 is reported before the six-slot limit; the seven slots must be built without overlap first.
test.fixme('dispatch: overlapping slots and a schedule too long for a six-slot device are refused; a fitting one is sent', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const [hybrid] = await devicesOf('hybridRegister');
  expect(hybrid, 'an online register-style hybrid').toBeDefined();
  const sn = hybrid!.serial;
  await signInAsAdmin(page);
  for (const lang of ['zh', 'en'] as const) {
    // The console reads the language cookie when a page loads.
    await setLanguage(page, lang);
    await page.goto('/operation/dispatch');
    await choose(page, 'picker-devices', sn);
    await page.getByTestId('dispatch-id').fill(`E2E-${lang}`);
    const weekday = page.getByTestId('dispatch-slots-weekday');
    // Two more slots make seven: more than the hybrid's six.
    const add = page.getByRole('button', { name: lang === 'en' ? /Add a slot/ : /添加时段/ });
    await add.click();
    await add.click();
    await expect(page.getByTestId('dispatch-problem')).toContainText(
      lang === 'en' ? 'holds 6 a day' : '每天 6 个',
    );
    await expect(page.getByTestId('dispatch-send')).toBeDisabled();
    await expect(weekday.locator('tbody tr.ant-table-row')).toHaveCount(7);
    await page.screenshot({
      animations: 'disabled',
      path: shot(`dispatch-too-long-${lang}`),
      fullPage: true,
    });
    // Remove the two; then make slot 2 start an hour early, inside slot 1.
    const remove = weekday.getByRole('button', { name: lang === 'en' ? 'Remove the slot' : '删除时段' });
    await remove.last().click();
    await remove.last().click();
    await expect(page.getByTestId('dispatch-problem')).toHaveCount(0);
    const start2 = weekday.getByRole('combobox', { name: lang === 'en' ? 'Start' : '开始' }).nth(1);
    await start2.click();
    await start2.fill('09:00');
    await page.locator('.ant-select-item-option').filter({ hasText: '09:00' }).first().click();
    await expect(page.getByTestId('dispatch-problem')).toContainText(
      lang === 'en'
        ? 'slots 1 (00:00–10:00) and 2 (09:00–15:00) overlap'
        : '时段 1 (00:00–10:00) 与 2 (09:00–15:00) 重叠',
    );
    await page.screenshot({ animations: 'disabled', path: shot(`dispatch-overlap-${lang}`), fullPage: true });
    await start2.click();
    await start2.fill('10:00');
    await page.locator('.ant-select-item-option').filter({ hasText: '10:00' }).first().click();
    await expect(page.getByTestId('dispatch-problem')).toHaveCount(0);
  }
  // The fitting schedule goes to the hybrid: its command is listed with its state.
  await page.getByTestId('dispatch-send').click();
  await page.getByTestId('confirm-write-input').fill(sn);
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  const row = page.getByTestId('command-table').locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(sn);
  await expect(row.getByTestId('command-state')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('dispatch-en'), fullPage: true });
});

// Not yet run through: written with the screens, to be finished with the rest of the command e2e.
test.fixme('setUpList: one change to devices of two models, the ones lacking the point refused before sending, per-device results', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const all = (await api<CommandDevice[]>('/commands/devices')).data.filter((d) => d.profileId !== null);
  const inverters = all.filter((d) => d.profileId === 'sunspecInverter');
  const hybrids = all.filter((d) => d.profileId === 'hybridRegister');
  expect(inverters.length).toBeGreaterThan(0);
  expect(hybrids.length).toBeGreaterThan(0);
  await setLanguage(page, 'en');
  await signInAsAdmin(page);
  await page.goto('/operation/setUpList');
  await page.getByTestId('picker-devices').click();
  await page.getByRole('button', { name: /^All \d+/ }).click();
  await choose(page, 'batch-point', 'Active power limit');
  await page.getByRole('spinbutton', { name: 'Active power limit' }).fill('80');
  // The hybrids have no power-limit point: named before anything is sent.
  await expect(page.getByTestId('batch-lacking')).toContainText(hybrids[0]!.serial);
  const chosen =
    inverters.length + hybrids.length + all.filter((d) => d.profileId === 'yongfuStorage').length;
  await page.getByTestId('batch-send').click();
  await page.getByTestId('confirm-write-input').fill(String(chosen));
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('refused-devices')).toContainText(hybrids[0]!.serial);
  const results = page.getByTestId('command-table');
  await expect(results.locator('tbody tr.ant-table-row')).toHaveCount(Math.min(inverters.length, 50));
  await expect(page.getByTestId('batch-counts')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('setUpList-en'), fullPage: true });
});
