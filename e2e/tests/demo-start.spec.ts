import type { Page } from '@playwright/test';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { alarmDialog, dismiss2gNotice, expect, pastAlarmDialog, signIn, test } from '../support/fixtures.ts';

// A new user's first minutes: a fresh demo start alone, with nothing injected, fills every alarm screen (its
// showcase faults and offline collector come at its first steps), the distributor's 告警信息 dialog opens by
// itself and an alarm can be confirmed. alarms-topbar.spec.ts covers the push and the screens with injected
// faults; first-hour.spec.ts the dashboard and the plant page.
const PASSWORD = 'Demo#Start2026';
const DISTRIBUTOR = 'demo-distributor';

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let page: Page;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  // Starting and seeding a second server takes seconds alone, minutes on a busy machine.
  test.setTimeout(360_000);
  // A demo step every 25 s: the showcase's second step (the arc, the offline collector) comes within a minute,
  // and the collector stays offline for four steps, long enough to find it in the offline list.
  fleet = await startFleetServer({ plants: 3, speedup: 12 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  await fleet.setPassword(DISTRIBUTOR, PASSWORD);
  page = await browser.newPage({ baseURL: fleet.baseUrl });
  await dismiss2gNotice(page);
});
test.afterAll(async () => {
  await page?.close();
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet?.close();
});

test('the distributor’s 告警信息 dialog opens by itself, and confirming an alarm says 操作成功', async () => {
  test.setTimeout(120_000);
  await signIn(page, DISTRIBUTOR, PASSWORD);
  const dialog = alarmDialog(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog.locator('.ant-modal-title')).toHaveText('告警信息');
  const rows = dialog.getByTestId('alarm-dialog-table').locator('tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // New alarms may re-render the table under the click: click again until the confirmation is acknowledged.
  await expect(async () => {
    await expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0);
    await rows
      .first()
      .getByRole('button', { name: /确\s*认/ })
      .click({ timeout: 2_000 });
    await expect(page.locator('.ant-message')).toContainText('操作成功', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
});

/** Opens `path` until `shows` passes (the demo's data may come a step later), getting past the alarm dialog. */
async function visit(path: string, shows: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path);
    await pastAlarmDialog(page, shows);
  }).toPass({ timeout: 90_000 });
}

const rowsOf = (testId: string) => page.getByTestId(testId).locator('tr.ant-table-row').first();

test('every alarm screen has rows or drawn charts within minutes of the start', async () => {
  test.setTimeout(300_000);
  // The offline collector first: it comes back after four steps.
  await visit('/operation/offinelist', () => expect(rowsOf('offinelist')).toBeVisible({ timeout: 5_000 }));
  await visit('/operation/alarm', async () => {
    await expect(page.getByTestId('alarm-overview').locator('.app-chart canvas').first()).toBeVisible({
      timeout: 5_000,
    });
    await expect(rowsOf('alarm-overview')).toBeVisible({ timeout: 5_000 });
  });
  await visit('/operation/alarmstatistics', async () => {
    for (const id of ['chart-level', 'chart-day', 'chart-code', 'chart-plant']) {
      await expect(page.getByTestId(id).locator('canvas')).toBeVisible({ timeout: 5_000 });
      await expect(page.getByTestId(id)).toHaveAttribute('data-rendered', 'true');
    }
  });
  for (const [path, testId] of [
    ['/operation/alarmlist', 'alarmlist'],
    ['/operation/alarmlist1', 'alarmlist1'],
    ['/operation/BIAlarmList', 'BIAlarmList'],
    ['/operation/faultRecord', 'faultRecord'],
    ['/operation/machineFault', 'machineFault'],
    ['/operation/arcDetection', 'arcDetection'],
  ] as const) {
    await visit(path, () => expect(rowsOf(testId), path).toBeVisible({ timeout: 5_000 }));
  }
  // The grid trip's waveform and the arc's spectrum, drawn (the records of the demo's own faults).
  const token = await fleet.login(DISTRIBUTOR, PASSWORD);
  for (const [kind, plot] of [
    ['waveform', 'machineFaultRecord'],
    ['arcSpectrum', 'arcDetectionDetail'],
  ] as const) {
    const records = await fleet.api<{ rows: { recordId: number }[] }>(
      `/alarm/records?kind=${kind}&pageSize=1`,
      { token },
    );
    await visit(`/operation/${plot}?id=${records.rows[0]!.recordId}`, () =>
      expect(page.getByTestId('record-plot').locator('canvas')).toBeVisible({ timeout: 5_000 }),
    );
  }
});
