import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { alarmDialog, closeAlarmDialogIfOpen, expect, signIn, test } from '../support/fixtures.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

const PASSWORD = 'Alarms#Pass2026';
const DISTRIBUTOR = 'demo-distributor';

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let distributor: string;
let target: { serial: string; collectorSerial: string };
const recordIds: { waveform?: number; arc?: number } = {};

/** The top bar fetches its alarm figures again every 30 s besides the push (ALARM_REFRESH_MS in the console). */
const TOP_BAR_POLL_MS = 30_000;
/**
 * How long a new alarm may take to open the dialog: the server's alarm engine raises it (behind what the fleet
 * reported just before), pushes it, and the dialog fetches its page again and renders. About 1 s just after the
 * fleet server started (its collectors going online keep the embedded database busy), 0.1 s once settled; this
 * covers a machine three times slower that stalls as a busy CI runner does, and is shorter than the poll.
 */
const PUSHED_WITHIN_MS = 15_000;

const api = <T>(path: string, init?: RequestInit & { token?: string }) => fleet.api<T>(path, init);

/** Confirms every alarm the distributor sees, so that its dialog starts closed. */
async function confirmAll(): Promise<void> {
  for (;;) {
    const page = await api<{ rows: { alarmId: number }[] }>('/alarm/manager/verify?pageSize=200', {
      token: distributor,
    });
    if (page.rows.length === 0) return;
    for (const r of page.rows)
      await api(`/alarm/manager/update/verify?alarmId=${r.alarmId}`, { token: distributor });
  }
}

/** A device event sent by the collector over HTTP, as a device would (docs/device-protocol.md). */
async function sendEvent(event: Record<string, unknown>): Promise<void> {
  const status = await fleet.sendAsCollector(target.collectorSerial, 'event', {
    events: [{ sn: target.serial, ts: Date.now(), ...event }],
  });
  expect(status).toBe(200);
}

/** A healthy string's spectrum with an arc's 1/f floor over it (the shape UL 1699B detectors look for). */
const arcSpectrum = () =>
  Array.from({ length: 200 }, (_, k) => {
    const f = (k + 1) * 625;
    const line = 0.05 * Math.exp(-0.5 * ((f - 16_000) / 600) ** 2);
    return { frequencyHz: f, amplitude: Math.round((0.002 + line + 0.4 / (1 + f / 4000)) * 1e5) / 1e5 };
  });

/** Eight 50 Hz cycles: a voltage swell after the second, the current falling to zero when the inverter trips. */
const swellWaveform = () =>
  Array.from({ length: 1024 }, (_, i) => {
    const tMs = i * (20 / 128);
    const swell = tMs > 40 ? 1.15 : 1;
    const current = tMs > 80 ? 0 : 13 * Math.SQRT2 * Math.sin(2 * Math.PI * 50 * (tMs / 1000) - 0.1);
    return {
      timeMs: Math.round(tMs * 1000) / 1000,
      voltage: Math.round(230 * Math.SQRT2 * swell * Math.sin(2 * Math.PI * 50 * (tMs / 1000)) * 10) / 10,
      current: Math.round(current * 100) / 100,
    };
  });

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The fleet reports at its real pace here: faults come at their usual rates, not sixty times as often.
  fleet = await startFleetServer({ plants: 3, speedup: 1 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  await fleet.setPassword(DISTRIBUTOR, PASSWORD);
  distributor = await fleet.login(DISTRIBUTOR, PASSWORD);
  const devices = await api<{ rows: { serial: string; collectorSerial: string | null; kind: string }[] }>(
    '/device/list?pageSize=200',
    { token: distributor },
  );
  const inverter = devices.rows.find((d) => d.kind.endsWith('Inverter') && d.collectorSerial);
  if (!inverter?.collectorSerial) throw new Error('no inverter in the distributor’s plants');
  target = { serial: inverter.serial, collectorSerial: inverter.collectorSerial };
  await confirmAll();
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet.close();
});

test('an injected level-3 fault reaches the top bar by push, before its poll could; the dialog opens; confirm says 操作成功', async ({
  page,
}) => {
  // The push stream is open once its answer's headers arrive; from then on a new alarm is pushed.
  const streamOpen = page.waitForResponse((r) => r.url().includes('/alarm/manager/stream'));
  // The top bar's polls start when its page loads, after this.
  const firstPoll = Date.now() + TOP_BAR_POLL_MS;
  await signIn(page, DISTRIBUTOR, PASSWORD);
  const counter = page.getByTestId('alarm-counter');
  await expect(counter).toBeVisible();
  const dialog = alarmDialog(page);
  await closeAlarmDialogIfOpen(page);
  await streamOpen;
  // The wait below ends before the top bar's first poll: only the push can bring the alarm within it.
  expect(Date.now() + PUSHED_WITHIN_MS, 'signed in too slowly to tell the push from the poll').toBeLessThan(
    firstPoll,
  );

  await sendEvent({
    code: 501,
    level: 3,
    state: 'raised',
    stringIndex: 0,
    record: { kind: 'arcSpectrum', points: arcSpectrum() },
  });
  await expect(dialog).toBeVisible({ timeout: PUSHED_WITHIN_MS });
  await expect(dialog.locator('.ant-modal-title')).toHaveText('告警信息');
  await expect(counter.locator('.ant-badge-count')).toBeVisible({ timeout: PUSHED_WITHIN_MS });
  // The injected arc fault's row (any other unconfirmed alarm of the fleet may be listed too, and one pushed just
  // before may have opened the dialog: the page fetched for ours follows).
  const row = dialog.locator('tr', { hasText: '检测到直流串联电弧' }).first();
  await expect(row).toContainText(target.collectorSerial, { timeout: PUSHED_WITHIN_MS });
  await expect(row.locator('.ant-tag-error')).toBeVisible();
  await row.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.locator('.ant-message')).toContainText('操作成功');

  await closeAlarmDialogIfOpen(page);
  await counter.click();
  await expect(page).toHaveURL(/\/operation\/alarmlist$/);
});

test('an alarm raised while the push stream is cut shows as soon as the stream is back, before the poll could', async ({
  page,
}) => {
  // The dialog starts closed and not dismissed: what the console fetches on reconnecting opens it.
  await confirmAll();
  // The stream's path to the server: its first stream ends at once (a proxy's timeout, a server going down), the
  // next ones are refused until `up`; then they reach the server again.
  let up = false;
  let refused = 0;
  let cut = false;
  await page.route('**/alarm/manager/stream', async (route) => {
    if (up) return route.continue();
    if (!cut) {
      cut = true;
      return route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 5000\n\n' });
    }
    refused += 1;
    return route.abort('connectionrefused');
  });
  const firstPoll = Date.now() + TOP_BAR_POLL_MS;
  await signIn(page, DISTRIBUTOR, PASSWORD);
  await expect(page.getByTestId('alarm-counter')).toBeVisible();
  // Cut, and tried again in vain: the console is disconnected.
  await expect.poll(() => refused, { timeout: PUSHED_WITHIN_MS }).toBeGreaterThan(0);

  // Raised while nothing can be pushed (cleared first, in case the fleet had it open already).
  await sendEvent({ code: 201, level: 3, state: 'cleared' });
  await sendEvent({ code: 201, level: 3, state: 'raised' });
  await expect
    .poll(
      async () => {
        const open = await api<{ rows: { code: number; deviceSn: string }[] }>(
          '/alarm/manager/verify?pageSize=200',
          { token: distributor },
        );
        return open.rows.some((r) => r.code === 201 && r.deviceSn === target.serial);
      },
      { timeout: PUSHED_WITHIN_MS },
    )
    .toBe(true);

  // The stream comes back within its 5 s reconnection delay; the wait ends before the top bar's first poll.
  up = true;
  const beforePoll = firstPoll - Date.now();
  expect(beforePoll, 'signed in too slowly to tell the catch-up from the poll').toBeGreaterThan(10_000);
  const row = alarmDialog(page).locator('tr', { hasText: '光伏对地绝缘阻抗过低' }).first();
  await expect(row).toContainText(target.collectorSerial, { timeout: beforePoll });
  await expect(row.locator('.ant-tag-error')).toBeVisible();
  await expect(page.getByTestId('alarm-counter').locator('.ant-badge-count')).toBeVisible();
});

test('the statistics charts render; screenshots of the alarm list, statistics, a waveform and an arc spectrum in zh and en', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await sendEvent({
    code: 101,
    level: 3,
    state: 'raised',
    record: { kind: 'waveform', samples: swellWaveform() },
  });
  // The device link answers once the event is stored; the alarm and its record follow from the alarm engine's
  // queue, behind whatever the live fleet reported just before.
  await expect
    .poll(
      async () => {
        const records = await api<{ rows: { recordId: number; kind: string }[] }>(
          '/alarm/records?pageSize=50',
          { token: distributor },
        );
        recordIds.waveform = records.rows.find((r) => r.kind === 'waveform')?.recordId;
        recordIds.arc = records.rows.find((r) => r.kind === 'arcSpectrum')?.recordId;
        return recordIds.waveform !== undefined && recordIds.arc !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);

  await signIn(page, DISTRIBUTOR, PASSWORD);
  await expect(page.getByTestId('alarm-counter')).toBeVisible();
  for (const lang of ['zh', 'en'] as const) {
    // The language cookie is read at each page load; the session stays signed in.
    await setLanguage(context, lang, fleet.baseUrl);

    await page.goto('/operation/alarmlist');
    await expect(page.getByTestId('alarmlist-table').locator('tr.ant-table-row').first()).toBeVisible();
    await closeAlarmDialogIfOpen(page);
    await page.screenshot({ animations: 'disabled', path: shot(`alarmlist-${lang}`) });

    await page.goto('/operation/alarmstatistics');
    for (const id of ['chart-level', 'chart-day', 'chart-code', 'chart-plant']) {
      await expect(page.getByTestId(id).locator('canvas')).toBeVisible();
      await expect(page.getByTestId(id)).toHaveAttribute('data-rendered', 'true');
    }
    await closeAlarmDialogIfOpen(page);
    // The four charts need a taller window than the others' screenshots.
    await page.setViewportSize({ width: 1440, height: 1240 });
    await page.screenshot({ animations: 'disabled', path: shot(`alarmstatistics-${lang}`) });
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(`/operation/machineFaultRecord?id=${recordIds.waveform}`);
    await expect(page.getByTestId('record-plot').locator('canvas')).toBeVisible();
    await closeAlarmDialogIfOpen(page);
    await page.screenshot({ animations: 'disabled', path: shot(`fault-waveform-${lang}`) });

    await page.goto(`/operation/arcDetectionDetail?id=${recordIds.arc}`);
    await expect(page.getByTestId('record-plot').locator('canvas')).toBeVisible();
    await closeAlarmDialogIfOpen(page);
    await page.screenshot({ animations: 'disabled', path: shot(`arc-detection-${lang}`) });
  }
});

test('every alarm screen opens with its data: overview, history, details, offline, analysis, records, device logs', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const list = await api<{ rows: { alarmId: number; plantId: number; code: number }[] }>(
    '/alarm/list?pageSize=5&status=0',
    { token: distributor },
  );
  const alarm = list.rows[0]!;
  // Confirmed alarms keep the dialog closed while the screens are visited.
  await confirmAll();
  await signIn(page, DISTRIBUTOR, PASSWORD);
  await expect(page.getByTestId('alarm-counter')).toBeVisible();
  const screens: [path: string, testId: string, shows: RegExp][] = [
    ['/operation/alarm', 'alarm-overview', /故障/],
    ['/operation/alarmlist1', 'alarmlist1', /SOC|SIN/],
    [`/operation/alarmdetails?id=${alarm.alarmId}`, 'alarmdetails', /处理建议/],
    ['/operation/offinelist', 'offinelist', /离线时间/],
    ['/operation/BIAlarmList', 'BIAlarmList', /Hangzhou|Shanghai|\w+/],
    [`/operation/BIDetails?plantId=${alarm.plantId}`, 'BIDetails', new RegExp(String(alarm.code))],
    [
      `/operation/BIFaultDetailList?plantId=${alarm.plantId}&code=${alarm.code}`,
      'BIFaultDetailList',
      /SOC|SIN/,
    ],
    ['/operation/faultRecord', 'faultRecord', /电弧频谱/],
    ['/operation/machineFault', 'machineFault', /故障录波/],
    ['/operation/arcDetection', 'arcDetection', /电弧频谱/],
    [`/operation/EventRecordPage?sn=${target.serial}`, 'EventRecordPage', /发生/],
    [`/operation/FaultRecordPage?sn=${target.serial}`, 'FaultRecordPage', new RegExp(String(alarm.code))],
    [`/operation/RunningRecordPage?sn=${target.serial}`, 'RunningRecordPage', /正常|待机|降额|故障/],
  ];
  for (const [path, testId, shows] of screens) {
    await page.goto(path);
    await closeAlarmDialogIfOpen(page);
    await expect(page.getByTestId(testId), path).toBeVisible();
    await expect(page.getByTestId(testId), path).toContainText(shows);
  }
});
