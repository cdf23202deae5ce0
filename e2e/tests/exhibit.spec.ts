import type { Page } from '@playwright/test';
import { dismiss2gNotice, expect, sel, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

const SCREENS = ['overview', 'station', 'equipment', 'operation'] as const;
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;

interface DeviceRow {
  serial: string;
  kind: string;
  collectorSerial: string | null;
  ratedPowerW: number;
  latest: { acPowerW: number | null } | null;
}

const DISTRIBUTOR = 'demo-distributor';
const DISTRIBUTOR_PASSWORD = 'Wall#Dealer2026';

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let inverter: DeviceRow;
/** The administrator's console page, signed in once for the whole file. */
let admin: Page;
/** The work order opened from a fault of the inverter: the operation wall lists it. */
let order: { id: number; plantName: string };

/** A reading of the inverter now, sent by its collector over HTTP as a device would (docs/device-protocol.md). */
async function sendReading(acPowerW: number): Promise<void> {
  const status = await fleet.sendAsCollector(inverter.collectorSerial ?? '', 'telemetry', {
    readings: [{ sn: inverter.serial, ts: Date.now(), acPowerW }],
  });
  expect(status).toBe(200);
}

/** A fault event of the inverter sent by its collector, as a device would: it raises a level-3 alarm. */
async function raiseFault(): Promise<void> {
  const status = await fleet.sendAsCollector(inverter.collectorSerial ?? '', 'event', {
    events: [{ sn: inverter.serial, ts: Date.now(), code: 501, level: 3, state: 'raised', stringIndex: 0 }],
  });
  expect(status).toBe(200);
}

/** The wall fits the window: nothing scrolls either way. */
async function expectNoScrollbars(page: Page): Promise<void> {
  const box = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
  }));
  expect(box.scrollHeight).toBeLessThanOrEqual(box.innerHeight);
  expect(box.scrollWidth).toBeLessThanOrEqual(box.innerWidth);
}

/** Power the inverter last reported: each reading the tests send swings it between 10 % and 90 % of rating. */
let lastPowerW: number | undefined;

/**
 * The overview's live power changes within 5 s of a new reading. The wall's fallback refetch comes every 60 s, so
 * only the push can explain a change this fast; the stream must be open before the reading is sent.
 */
async function expectPowerFollowsReading(page: Page): Promise<void> {
  const power = page.getByTestId('wall-power');
  const before = Number(await power.getAttribute('data-value'));
  const now = lastPowerW ?? inverter.latest?.acPowerW ?? 0;
  lastPowerW = Math.round(inverter.ratedPowerW * (now > inverter.ratedPowerW / 2 ? 0.1 : 0.9));
  await sendReading(lastPowerW);
  await expect
    .poll(async () => Number(await power.getAttribute('data-value')), { timeout: 5_000 })
    .not.toBe(before);
}

/**
 * Waits until a wall screen shows its data (its "data as of" stamp and no loading state); the station wall, until
 * its plant's power today is drawn (or said to be empty).
 */
async function wallShown(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  await expect(page.getByTestId(`wall-tab-${screen}`)).toHaveClass(/is-active/);
  await expect(page.getByTestId('wall-as-of')).toBeVisible({ timeout: 30_000 });
  // The screen itself, not its loading state (the frame and its stamp show before the data comes).
  await expect(page.locator(`.wall-${screen}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('wall').locator('.ant-spin, .ant-skeleton')).toHaveCount(0, {
    timeout: 30_000,
  });
  if (screen === 'station') {
    await expect(page.getByTestId('wall-station-chart')).toHaveAttribute('data-rendered', 'true', {
      timeout: 30_000,
    });
  }
}

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  // The fleet reports at its real pace (every 5 minutes): the one reading that moves the wall below is the test's.
  fleet = await startFleetServer({ plants: 3, speedup: 1 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  // An inverter of the distributor's plants: the display link below shows that account's plants.
  await fleet.setPassword(DISTRIBUTOR, DISTRIBUTOR_PASSWORD);
  const distributor = await fleet.login(DISTRIBUTOR, DISTRIBUTOR_PASSWORD);
  const devices = await fleet.api<{ rows: DeviceRow[] }>('/device/list?pageSize=200', { token: distributor });
  const found = devices.rows.find((d) => d.kind.endsWith('Inverter') && d.collectorSerial);
  if (!found) throw new Error('no inverter among the demo distributor’s plants');
  inverter = found;
  // A work order of the distributor's, opened from the inverter's open fault as the console's button does.
  await raiseFault();
  const alarms = await fleet.api<{
    rows: { alarmId: number; code: number; deviceSn: string; plantName: string }[];
  }>('/alarm/list?pageSize=50&status=0', { token: distributor });
  const fault = alarms.rows.find((a) => a.code === 501 && a.deviceSn === inverter.serial);
  if (!fault) throw new Error('the inverter’s fault raised no open alarm');
  const created = await fleet.api<{ data: { id: number } }>('/workorder', {
    method: 'POST',
    token: distributor,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ alarmId: fault.alarmId }),
  });
  order = { id: created.data.id, plantName: fault.plantName };
  admin = await browser.newPage({ baseURL: fleet.baseUrl, viewport: SIZES[0], locale: 'zh-CN' });
  await dismiss2gNotice(admin);
  await signIn(admin, 'admin', fleet.adminPassword);
  await expect(admin.locator(sel.sidebar)).toBeVisible({ timeout: 60_000 });
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await admin?.close();
  await fleet?.close();
});

test('the four walls fit 1920×1080 and 3840×2160 without scrollbars; a new reading shows within 5 s by push', async () => {
  // Eight full-window screenshots, four of them at 3840×2160, on a machine that may be slow.
  test.setTimeout(300_000);
  const page = admin;
  // The top bar's exhibit icon opens the overview wall, outside the console's frame.
  await page.getByTestId('exhibit-button').click();
  await expect(page).toHaveURL(/\/exhibit\/overview$/);
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const screen of SCREENS) {
      await page.getByTestId(`wall-tab-${screen}`).click();
      await expect(page).toHaveURL(new RegExp(`/exhibit/${screen}$`));
      await wallShown(page, screen);
      await expectNoScrollbars(page);
      await page.screenshot({ path: shot(`exhibit-${screen}-${size.width}`) });
    }
  }

  // The overview's live power, with the push stream open: the wall's 60 s fallback refetch cannot explain a change
  // within 5 s, only the push can.
  await page.setViewportSize(SIZES[0]);
  const streamOpen = page.waitForResponse((r) => r.url().includes('/exhibit/stream'));
  await page.getByTestId('wall-tab-overview').click();
  await wallShown(page, 'overview');
  await streamOpen;
  await expectPowerFollowsReading(page);
});

test('an administrator’s display link opens the wall without signing in, live, keeping its station choice; once revoked it is refused', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = admin;
  await page.setViewportSize(SIZES[0]);
  await page.goto('/exhibit/overview');
  await wallShown(page, 'overview');
  await page.getByTestId('wall-links').click();
  const drawer = page.getByTestId('links-drawer');
  await drawer.getByTestId('link-name').fill('Lobby wall');
  await drawer.getByTestId('link-account').fill(DISTRIBUTOR);
  await drawer.getByTestId('link-create').click();
  const url = (await drawer.getByTestId('link-url').innerText()).trim();
  expect(url).toMatch(/\/display\/[\w-]{40,}$/);
  const row = drawer.locator('.ant-table-row').filter({ hasText: 'Lobby wall' });
  await expect(row).toBeVisible();
  // The link lasts the 30 days the form offers first: the list says when it expires.
  const expires = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('sv-SE');
  await expect(row.getByTestId('link-expires')).toContainText(expires);
  await drawer.screenshot({ path: shot('exhibit-display-links-drawer') });

  // A fresh browser in English, nobody signed in: the wall shows the distributor's plants, live.
  const wallContext = await browser.newContext({ viewport: SIZES[0], locale: 'en-GB' });
  await setLanguage(wallContext, 'en', fleet.baseUrl);
  try {
    const wall = await wallContext.newPage();
    const streamOpen = wall.waitForResponse((r) => r.url().includes('/exhibit/stream'));
    await wall.goto(url);
    await wallShown(wall, 'overview');
    await streamOpen;
    await expectPowerFollowsReading(wall);
    await expectNoScrollbars(wall);
    await wall.screenshot({ path: shot('exhibit-display-link-en-1920') });

    // The four walls in English at 1920×1080, none scrolling; the operation wall lists the distributor's order.
    for (const screen of SCREENS) {
      await wall.getByTestId(`wall-tab-${screen}`).click();
      await wallShown(wall, screen);
      await expectNoScrollbars(wall);
      if (screen === 'operation') {
        const row = wall
          .getByTestId('wall-orders')
          .locator('tr')
          .filter({ hasText: `#${order.id}` });
        await expect(row).toContainText(order.plantName);
        await expect(row).toContainText('New');
        await expect(row.getByTestId('wall-order-left')).toContainText(/left|overdue/);
        await expect(wall.getByTestId('wall-orders-new')).not.toHaveText('0');
      }
      await wall.screenshot({ path: shot(`exhibit-${screen}-en-1920`) });
    }

    // The station wall's choice of plant and pace stays in the address while the wall moves between screens.
    await wall.getByTestId('wall-tab-station').click();
    await wallShown(wall, 'station');
    const interval = wall.getByTestId('wall-station-interval');
    await interval.selectOption('60');
    await expect(wall).toHaveURL(/interval=60/);
    const choice = wall.getByTestId('wall-station-choice');
    const plants = await choice.locator('option').allTextContents();
    // The last plant of the list (option 0 is "all in turn"), so that pinning it visibly changes the wall.
    const pinned = plants[plants.length - 1]!;
    await choice.selectOption({ label: pinned });
    await expect(wall).toHaveURL(/plant=\d+/);
    const address = new URL(wall.url()).searchParams;
    await wall.getByTestId('wall-tab-overview').click();
    await wallShown(wall, 'overview');
    await wall.getByTestId('wall-tab-station').click();
    await wallShown(wall, 'station');
    const back = new URL(wall.url()).searchParams;
    expect([back.get('plant'), back.get('interval')]).toEqual([address.get('plant'), '60']);
    await expect(wall.getByTestId('wall-station-plant').locator('h2')).toHaveText(pinned);
    await expect(choice.locator('option:checked')).toHaveText(pinned);
    await expect(interval).toHaveValue('60');
    await expectNoScrollbars(wall);
    await wall.screenshot({ path: shot('exhibit-station-pinned-en-1920') });

    // Revoked from the console: the wall is refused on its next load, and says so.
    await row.getByRole('button').click();
    await page.getByRole('tooltip').getByRole('button').last().click();
    await expect(row.locator('.ant-tag')).toBeVisible();
    await wall.reload();
    await expect(wall.getByTestId('wall-refused')).toBeVisible({ timeout: 30_000 });
    await wall.screenshot({ path: shot('exhibit-display-link-revoked') });
  } finally {
    await wallContext.close();
  }
});
