import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdfText.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import {
  closeAlarmDialogIfOpen,
  dialogsSettled,
  dismiss2gNotice,
  expect,
  pastAlarmDialog,
  signIn,
  test,
} from '../support/fixtures.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

const PASSWORD = 'Orders#Pass2026';
const DISTRIBUTOR = 'demo-distributor';
const INSTALLERS = ['demo-installer-1', 'demo-installer-2'];
const PHONE = { width: 375, height: 812 };

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let installer = '';
let alarmId = 0;
/** The plant of the faulty inverter: the service report names it. */
let plantName = '';

/** A device event sent by the collector over HTTP, as a device would (docs/device-protocol.md). */
async function raiseFault(serial: string, collectorSerial: string): Promise<void> {
  const status = await fleet.sendAsCollector(collectorSerial, 'event', {
    events: [{ sn: serial, ts: Date.now(), code: 501, level: 3, state: 'raised', stringIndex: 0 }],
  });
  expect(status).toBe(200);
}

/** A phone-sized page signed in as `user` in `language`. */
async function phonePage(browser: Browser, user: string, language: 'zh' | 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL: fleet.baseUrl });
  await setLanguage(context, language, fleet.baseUrl);
  const page = await context.newPage();
  // The 2G notice would cover the page (its own test sees it).
  await dismiss2gNotice(page);
  await signIn(page, user, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  // The console drawn, as a person sees it before typing an address: a page opened at once after the sign-in's
  // answer could start in a new renderer before the session's storage reached it, and land on the sign-in page.
  await expect(page.getByTestId('sidebar-toggle')).toBeVisible();
  return page;
}

/** Nothing on the page is wider than the phone: no sideways scrolling. */
const noHorizontalScroll = async (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  fleet = await startFleetServer({ plants: 2, speedup: 1 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  for (const user of [DISTRIBUTOR, ...INSTALLERS]) await fleet.setPassword(user, PASSWORD);
  // The installer who built a plant of the distributor works on its alarms.
  for (const user of INSTALLERS) {
    const token = await fleet.login(user, PASSWORD);
    const devices = await fleet.api<{
      rows: { serial: string; collectorSerial: string | null; kind: string }[];
    }>('/device/list?pageSize=200', { token });
    const inverter = devices.rows.find((d) => d.kind.endsWith('Inverter') && d.collectorSerial);
    if (!inverter?.collectorSerial) continue;
    installer = user;
    await raiseFault(inverter.serial, inverter.collectorSerial);
    const alarms = await fleet.api<{
      rows: { alarmId: number; code: number; deviceSn: string; plantName: string }[];
    }>('/alarm/list?pageSize=50&status=0', { token });
    const alarm = alarms.rows.find((a) => a.code === 501 && a.deviceSn === inverter.serial);
    alarmId = alarm?.alarmId ?? 0;
    plantName = alarm?.plantName ?? '';
    break;
  }
  expect(alarmId).toBeGreaterThan(0);
  expect(plantName).not.toBe('');
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet.close();
});

test('an alarm becomes a work order, worked by the installer and approved by the distributor at 375 px', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const boss = await phonePage(browser, DISTRIBUTOR, 'zh');
  await closeAlarmDialogIfOpen(boss);
  await boss.goto(`/operation/alarmdetails?id=${alarmId}`);
  await pastAlarmDialog(boss, () =>
    boss.getByTestId(`create-workorder-${alarmId}`).click({ timeout: 2_000 }),
  );
  await expect(boss).toHaveURL(/\/operation\/question\?id=\d+/);
  const orderUrl = new URL(boss.url()).pathname + new URL(boss.url()).search;
  const detail = boss.getByTestId('workorder-detail');
  await expect(detail.getByTestId('workorder-state').first()).toHaveText('新建');
  await expect(detail.getByTestId('alarm-state')).toHaveText('告警未恢复');
  await pastAlarmDialog(boss, () => boss.getByTestId('move-assign').click({ timeout: 2_000 }));
  await pastAlarmDialog(boss, async () => {
    await boss.getByTestId('assignee-select').click({ timeout: 2_000 });
    await boss.locator('.ant-select-item-option', { hasText: installer }).click({ timeout: 2_000 });
    await boss.getByTestId('move-ok').click({ timeout: 2_000 });
  });
  await expect(detail.getByTestId('workorder-state').first()).toHaveText('已指派');
  await noHorizontalScroll(boss);
  await boss.screenshot({ path: shot('question-assigned-zh-375'), fullPage: true });

  const tech = await phonePage(browser, installer, 'en');
  await tech.goto(orderUrl);
  const techDetail = tech.getByTestId('workorder-detail');
  await expect(techDetail.getByTestId('workorder-state').first()).toHaveText('Assigned');
  await tech.getByTestId('move-start').click();
  await expect(techDetail.getByTestId('workorder-state').first()).toHaveText('In progress');
  await tech.getByTestId('note-input').fill('Arc on string 1: connector replaced, string re-torqued.');
  await tech.getByTestId('note-add').click();
  await expect(tech.getByTestId('workorder-evidence')).toContainText('connector replaced');
  // The alarm has not recovered: resolving asks first, with a warning.
  await tech.getByTestId('move-resolve').click();
  await expect(tech.getByTestId('alarm-unrecovered-warning')).toContainText('has not recovered');
  await dialogsSettled(tech);
  await tech.screenshot({ path: shot('question-unrecovered-en-375') });
  await tech.getByTestId('move-ok').click();
  await expect(techDetail.getByTestId('workorder-state').first()).toHaveText('Resolved');
  await tech.getByTestId('signature-open').click();
  const pad = tech.getByTestId('signature-canvas');
  await expect(pad).toBeVisible();
  // The stroke is drawn from the pad's box, which moves while the dialog zooms in.
  await dialogsSettled(tech);
  const box = (await pad.boundingBox())!;
  await tech.mouse.move(box.x + 20, box.y + 40);
  await tech.mouse.down();
  for (let i = 1; i <= 10; i++) await tech.mouse.move(box.x + 20 + i * 25, box.y + 40 + (i % 2) * 50);
  await tech.mouse.up();
  // The strokes stay even when drawn while the dialog is still opening.
  await expect(tech.getByTestId('signature-save')).toBeEnabled();
  await tech.getByTestId('signature-save').click();
  await expect(tech.getByTestId('workorder-evidence').locator('img')).toBeVisible();
  await tech.getByTestId('move-submit').click();
  await expect(techDetail.getByTestId('workorder-state').first()).toHaveText('Pending approval');
  await expect(tech.getByTestId('workorder-moves')).toHaveCount(0);
  await noHorizontalScroll(tech);
  await tech.screenshot({ path: shot('question-pending-en-375'), fullPage: true });

  await boss.reload();
  await expect(detail.getByTestId('workorder-state').first()).toHaveText('待审批');
  await pastAlarmDialog(boss, async () => {
    // A retry after the alarm dialog came between finds the warning already open.
    if (!(await boss.getByTestId('alarm-unrecovered-warning').isVisible()))
      await boss.getByTestId('move-approve').click({ timeout: 2_000 });
    await expect(boss.getByTestId('alarm-unrecovered-warning')).toContainText('告警尚未恢复', {
      timeout: 2_000,
    });
    await boss.getByTestId('move-ok').click({ timeout: 2_000 });
  });
  await expect(detail.getByTestId('workorder-state').first()).toHaveText('已关闭');
  await expect(boss.getByTestId('workorder-timeline')).toContainText('审批关闭');
  await noHorizontalScroll(boss);
  await boss.screenshot({ path: shot('question-closed-zh-375'), fullPage: true });

  // The service report, in the distributor's language: the plant, the closed order with each state it went
  // through, the installer's note and signature.
  const download = boss.waitForEvent('download');
  await pastAlarmDialog(boss, () => boss.getByTestId('workorder-report').click({ timeout: 2_000 }));
  const report = await download;
  expect(report.suggestedFilename()).toMatch(/^工单-\d+-服务报告\.pdf$/);
  const text = (await pdfText(readFileSync(await report.path()))).join('\n');
  for (const words of [
    '工单服务报告',
    plantName,
    '已指派',
    '处理中',
    '已解决',
    '待审批',
    '已关闭',
    '审批关闭',
    'connector replaced',
    '签名由',
  ]) {
    expect(text).toContain(words);
  }
});
