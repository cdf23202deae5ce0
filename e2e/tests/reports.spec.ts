import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { localDay, localDayStartMs, nextDay } from '../../apps/server/src/time/localDay.ts';
import { formatEnergy } from '../../apps/web/src/components/format/units.ts';
import { unique } from '../support/api.ts';
import { setLanguage } from '../support/language.ts';
import { mailsTo } from '../support/mailbox.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { shot } from '../support/screenshots.ts';

// The four report screens in both languages on one signed-in page, on two plants whose day of readings the test
// sends itself through their collectors (HTTP telemetry, as a collector would): the periodic report of a plant and
// of the fleet with the energy and readings that were sent, a custom template built, previewed, exported both ways,
// scheduled as PDF and mailed as a test report, and the abnormal report listing the inverter silenced for 3 hours.

const SLOT_MS = 300_000;
/** The demo fleet's first two plants (Hangzhou, Jinan) are in this zone; the browser lives there too. */
const ZONE = 'Asia/Shanghai';

interface PlantRow {
  id: number;
  name: string;
  timeZone: string;
}
interface DeviceRow {
  serial: string;
  kind: string;
  ratedPowerW: number;
  collectorSerial: string | null;
}
/** What the test sent for one plant's local day. */
interface SentPlant {
  name: string;
  energyKwh: number;
  received: number;
  expected: number;
}

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
/** The judged local day: yesterday in the plants' zone (whole, in the past, within the 7 days a collector may send). */
let day = '';
let plantA: SentPlant;
let plantB: SentPlant;
/** The inverter of plant B that sent nothing from 10:00 to 13:00. */
let silenced = '';

/** Sends readings as the collector does: HTTP telemetry in batches of at most 1 000. */
async function sendReadings(collector: string, secret: string, readings: object[]) {
  for (let i = 0; i < readings.length; i += 500) {
    const res = await fetch(`${fleet.baseUrl}/prod-api/device/v1/telemetry`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${collector}:${secret}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ seq: i + 1, readings: readings.slice(i, i + 500) }),
    });
    const body = (await res.json()) as { data: { accepted: number } };
    expect(res.status).toBe(200);
    expect(body.data.accepted).toBe(Math.min(500, readings.length - i));
  }
}

/**
 * One local day of 5-minute readings of each inverter of a plant: power on a half sine from 04:00 to 20:00 at 60 %
 * of the rating, the lifetime counter growing with it (in 0.01 kWh steps), except the readings `skip` leaves out.
 * Answers the day's energy (last counter − first of each inverter) and the readings sent and expected.
 */
async function sendDay(
  plant: PlantRow,
  inverters: DeviceRow[],
  secrets: Record<string, string>,
  skip: (inverter: number, localMinute: number) => boolean,
): Promise<SentPlant> {
  const start = localDayStartMs(plant.timeZone, day);
  const end = localDayStartMs(plant.timeZone, nextDay(day));
  let energyKwh = 0;
  let received = 0;
  const byCollector = new Map<string, object[]>();
  inverters.forEach((inv, k) => {
    let counter = 1000 + 100 * k;
    const first = counter;
    for (let ts = start; ts < end; ts += SLOT_MS) {
      const minute = (ts - start) / 60_000;
      const h = minute / 60;
      const powerW =
        h > 4 && h < 20 ? Math.round(0.6 * inv.ratedPowerW * Math.sin((Math.PI * (h - 4)) / 16)) : 0;
      counter = Math.round((counter + (powerW / 1000) * (SLOT_MS / 3_600_000)) * 100) / 100;
      if (skip(k, minute)) continue;
      received++;
      const list = byCollector.get(inv.collectorSerial!) ?? [];
      list.push({ sn: inv.serial, ts, acPowerW: powerW, energyTotalKwh: counter, status: 1 });
      byCollector.set(inv.collectorSerial!, list);
    }
    energyKwh += counter - first;
  });
  for (const [collector, readings] of byCollector)
    await sendReadings(collector, secrets[collector]!, readings);
  const expected = inverters.length * ((end - start) / SLOT_MS);
  return { name: plant.name, energyKwh: Math.round(energyKwh * 100) / 100, received, expected };
}

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: ZONE });

test.beforeAll(async () => {
  // Starting and seeding a second server takes seconds alone, minutes on a busy machine.
  test.setTimeout(300_000);
  // Two plants, no history: the judged day holds only what the test sends. Mail goes to the suite's SMTP server.
  fleet = await startFleetServer({ plants: 2, speedup: 1, backfillDays: 0, mail: true });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  const token = await fleet.login('admin', fleet.adminPassword);
  const plants = (await fleet.api<{ rows: PlantRow[] }>('/plant/list?pageSize=50', { token })).rows.sort(
    (a, b) => a.id - b.id,
  );
  expect(plants.map((p) => p.timeZone)).toEqual([ZONE, ZONE]);
  const { secrets } = JSON.parse(readFileSync(join(fleet.dataDir, 'demo-fleet.json'), 'utf8')) as {
    secrets: Record<string, string>;
  };
  const invertersOf = async (p: PlantRow) =>
    (await fleet.api<{ data: DeviceRow[] }>(`/plant/${p.id}/devices`, { token })).data.filter(
      (d) => d.kind.endsWith('Inverter') && d.collectorSerial,
    );
  day = localDay(ZONE, Date.now() - 86_400_000);
  // Plant A: every reading but six of its first inverter at night (00:30–00:55), so that the day has a gap.
  plantA = await sendDay(
    plants[0]!,
    await invertersOf(plants[0]!),
    secrets,
    (k, m) => k === 0 && m >= 30 && m < 60,
  );
  // Plant B: its first inverter silent from 10:00 to 13:00, in daylight.
  const invertersB = await invertersOf(plants[1]!);
  silenced = invertersB[0]!.serial;
  plantB = await sendDay(plants[1]!, invertersB, secrets, (k, m) => k === 0 && m >= 600 && m < 780);
  // The energy rollups run every 15 s: wait until the report holds the day's energy of both plants.
  await expect
    .poll(
      async () =>
        (
          await fleet.api<{ data: { totals: { energyKwh: number } } }>(
            `/report/periodic?period=day&date=${day}`,
            {
              token,
            },
          )
        ).data.totals.energyKwh,
      { timeout: 90_000, message: 'the day’s energy rolled up' },
    )
    .toBeCloseTo(plantA.energyKwh + plantB.energyKwh, 2);
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet?.close();
});

/** Waits until a page's data has come (no loading state left), so that nothing moves under the next click. */
async function settled(page: Page, testId: string) {
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('state-loading')).toHaveCount(0, { timeout: 30_000 });
}

/** Clicks an export button and answers the file the browser saved: its name and its first bytes. */
async function download(page: Page, testId: string): Promise<{ name: string; head: string }> {
  const [file]: [Download, void] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId(testId).click(),
  ]);
  expect(await file.failure()).toBeNull();
  const head = readFileSync((await file.path())!)
    .subarray(0, 4)
    .toString('latin1');
  return { name: file.suggestedFilename(), head };
}

/** Picks an option of an Ant Design select by its text. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Types a day into an Ant Design date picker, as a user does. */
async function pickDay(page: Page, testId: string, value: string) {
  const input = page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

const readingsText = (lang: 'zh' | 'en', received: number, expected: number) =>
  lang === 'zh' ? `已收 ${received} / 应收 ${expected} 条读数` : `${received} of ${expected} readings`;

test('reports in zh and en: periodic, custom template built and scheduled, abnormal', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin', fleet.adminPassword);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 });
  for (const lang of ['zh', 'en'] as const) {
    await setLanguage(context, lang, fleet.baseUrl);

    // form: plant A's day, then the fleet's, with the energy and readings the collectors sent.
    await page.goto('/operation/form');
    await settled(page, 'report-totals');
    await choose(page, 'report-plant', plantA.name);
    await page
      .getByTestId('report-period')
      .getByText(lang === 'zh' ? '日' : 'Day', { exact: true })
      .click();
    await pickDay(page, 'report-date', day);
    await expect(page.getByTestId('report-totals')).toContainText(plantA.name, { timeout: 30_000 });
    await expect(page.getByTestId('report-energy')).toHaveText(formatEnergy(plantA.energyKwh));
    await expect(page.getByTestId('report-completeness')).toHaveText(
      readingsText(lang, plantA.received, plantA.expected),
    );
    await expect(page.getByTestId('report-gap-days')).toContainText(day);
    // Plant A has no irradiance sensor: its PR rests on modelled irradiance and says so.
    await expect(page.getByTestId('report-totals').getByTestId('report-pr-estimated')).toHaveText(
      lang === 'zh' ? '估算（模型辐照度）' : 'Estimated (model irradiance)',
    );
    await expect(page.getByTestId('report-co2-source').first()).not.toBeEmpty();
    await page.screenshot({
      animations: 'disabled',
      path: shot(`reports-form-plant-${lang}`),
      fullPage: true,
    });

    await choose(page, 'report-plant', lang === 'zh' ? '全部电站' : 'All plants');
    await expect(page.getByTestId('report-energy')).toHaveText(
      formatEnergy(plantA.energyKwh + plantB.energyKwh),
      {
        timeout: 30_000,
      },
    );
    await expect(page.getByTestId('report-completeness')).toHaveText(
      readingsText(lang, plantA.received + plantB.received, plantA.expected + plantB.expected),
    );
    await expect(
      page.getByTestId('report-plants').locator('tbody tr', { hasText: plantB.name }),
    ).toBeVisible();
    // Plant A's PR in the fleet table is estimated: the percentage and its tag stand on one line, within their
    // column.
    const estimated = page
      .getByTestId('report-plants')
      .locator('tbody tr', { hasText: plantA.name })
      .getByTestId('report-pr-estimated');
    const tagBox = (await estimated.boundingBox())!;
    const prBox = (await estimated.locator('..').boundingBox())!;
    const columnBox = (await estimated.locator('xpath=ancestor::td[1]').boundingBox())!;
    expect(prBox.height).toBeLessThan(tagBox.height * 1.5);
    expect(tagBox.x + tagBox.width).toBeLessThanOrEqual(columnBox.x + columnBox.width);
    await page.screenshot({ animations: 'disabled', path: shot(`reports-form-${lang}`), fullPage: true });
    const pdf = await download(page, 'report-export-pdf');
    expect(pdf.name).toBe(`report-day-${day}.pdf`);
    expect(pdf.head).toBe('%PDF');

    // addCustomReport: a day's report per installer (each demo plant has its own), previewed and exported.
    await page.goto('/operation/addCustomReport');
    await expect(page.getByTestId('custom-builder')).toBeVisible({ timeout: 30_000 });
    const name = unique(lang === 'zh' ? '日报电站' : 'Daily plants ');
    await page.getByTestId('custom-name').fill(name);
    await choose(page, 'custom-group', lang === 'zh' ? '安装商' : 'Installer');
    await choose(page, 'custom-period', lang === 'zh' ? /^日$/ : /^Day$/);
    await pickDay(page, 'custom-date', day);
    await page.getByTestId('custom-preview').click();
    const preview = page.getByTestId('custom-preview-table');
    const total = preview.locator('tbody tr').last();
    await expect(total).toContainText(lang === 'zh' ? '合计' : 'Total', { timeout: 60_000 });
    await expect(total).toContainText(String(Math.round((plantA.energyKwh + plantB.energyKwh) * 100) / 100));
    await expect(preview.locator('tbody tr.ant-table-row')).toHaveCount(3);
    const xlsx = await download(page, 'custom-export-xlsx');
    expect(xlsx.name).toBe(`${name}-${day}.xlsx`);
    expect(xlsx.head.slice(0, 2)).toBe('PK');
    const customPdf = await download(page, 'custom-export-pdf');
    expect(customPdf.name).toBe(`${name}-${day}.pdf`);
    expect(customPdf.head).toBe('%PDF');

    // Scheduled as a monthly PDF to one recipient, saved, opened again from the list and sent as a test.
    const recipient = `${unique('report')}@example.com`;
    await page.getByTestId('custom-scheduled').click();
    await page.getByTestId('custom-recipients').locator('input').fill(recipient);
    await page.keyboard.press('Enter');
    await choose(page, 'custom-format', 'PDF');
    await page.screenshot({ animations: 'disabled', path: shot(`reports-builder-${lang}`), fullPage: true });
    await page.getByTestId('custom-save').click();
    await expect(page).toHaveURL(/\/operation\/CustomReport/, { timeout: 30_000 });
    // A fresh load, so that the builder's tab is gone and one builder opens from the list.
    await page.goto('/operation/CustomReport');
    await settled(page, 'custom-templates');
    const row = page.getByTestId('custom-templates').locator('tr', { hasText: name });
    await expect(row).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: shot(`reports-custom-${lang}`), fullPage: true });
    await row.locator('a', { hasText: name }).click();
    await expect(page.getByTestId('custom-name')).toHaveValue(name, { timeout: 30_000 });
    await page.getByTestId('custom-send-test').click();
    // The test mail, once, saying so (the schedule's language, zh by default). The schedule itself may also have
    // mailed the month just ended by now: a new schedule does so at the job's first turn.
    await expect
      .poll(
        () =>
          mailsTo(recipient)
            .filter((m) => m.text.includes('这是一封测试报表。'))
            .map((m) => m.subject),
        { timeout: 60_000 },
      )
      .toEqual([expect.stringContaining(name)]);

    // abnormalReport of yesterday (its default): plant B's inverter silent for 3 hours of daylight, nothing of A.
    await page.goto('/operation/abnormalReport');
    await settled(page, 'abnormal-report');
    await expect(
      page.locator('[data-testid="abnormal-date"] input, input[data-testid="abnormal-date"]').first(),
    ).toHaveValue(day);
    const rows = page.getByTestId('abnormal-rows').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1, { timeout: 30_000 });
    await expect(rows.first()).toContainText(plantB.name);
    await expect(rows.first()).toContainText(lang === 'zh' ? '白天离线' : 'Offline in daylight');
    await expect(rows.first()).toContainText('10:00 – 13:00');
    await expect(rows.first()).toContainText(silenced);
    await expect(page.getByTestId('abnormal-counts')).toContainText(
      lang === 'zh' ? '白天离线 1' : '1 offline',
    );
    await page.screenshot({ animations: 'disabled', path: shot(`reports-abnormal-${lang}`), fullPage: true });
  }
});
