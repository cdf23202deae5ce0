import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { RelationRow, RolloutDeviceRow, RolloutRow } from '@solarops/contracts';
import { dismiss2gNotice, expect, sel, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { shot } from '../support/screenshots.ts';
import { setLanguage, switchLanguage } from '../support/language.ts';

/** A maker's key: the fleet's collectors trust it from the start, the administrator adds it as trusted. */
const maker = generateKeyPairSync('ed25519');
const makerPublicKey = maker.publicKey
  .export({ format: 'der', type: 'spki' })
  .subarray(12)
  .toString('base64');
const image = randomBytes(48 * 1024);
const signature = sign(null, createHash('sha256').update(image).digest(), maker.privateKey).toString(
  'base64',
);
const version = '9.1.0';

let fleet: FleetServer;
let admin: string;
let page: Page;
/** The plant rolled out to, and its collectors of the package's model (the rollout's devices). */
let target: { plantName: string; model: string; serials: string[] };
let rolloutUrl = '';
const refusedByCsp: string[] = [];

const api = <T>(path: string, init: RequestInit = {}) =>
  fleet.api<{ data: T; rows?: T }>(path, { ...init, token: admin });

/** The plant with the most collectors of one model, read from the fleet: what a rollout to it reaches. */
async function targetPlant(): Promise<typeof target> {
  const relations = (await api<RelationRow[]>('/device/relation/list?pageSize=200')).rows ?? [];
  const collectors = new Map<string, string>();
  for (const r of relations) if (r.unboundAt === null) collectors.set(r.collectorSerial, r.plantName);
  const groups = new Map<string, typeof target>();
  for (const [serial, plantName] of collectors) {
    const { model } = (await api<{ model: string }>(`/collector/${serial}`)).data;
    const key = `${plantName}\n${model}`;
    const g = groups.get(key) ?? { plantName, model, serials: [] };
    g.serials.push(serial);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => b.serials.length - a.serials.length)[0]!;
}

async function signedInPage(browser: Browser, lang: 'zh' | 'en') {
  const p = await browser.newPage({ baseURL: fleet.baseUrl, viewport: { width: 1440, height: 900 } });
  await dismiss2gNotice(p);
  p.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByCsp.push(message.text());
  });
  await setLanguage(p, lang, fleet.baseUrl);
  await signIn(p, 'admin', fleet.adminPassword);
  await expect(p.locator(sel.sidebar)).toBeVisible({ timeout: 60_000 });
  return p;
}

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  // A small fleet's start (no history) and the first page of the console: well under a minute when quiet.
  test.setTimeout(300_000);
  fleet = await startFleetServer({ plants: 2, speedup: 30, backfillDays: 0, firmwareKeys: [makerPublicKey] });
  admin = await fleet.login('admin', fleet.adminPassword);
  await api('/firmware/key/add', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Maker', publicKey: makerPublicKey }),
  });
  target = await targetPlant();
  page = await signedInPage(browser, 'zh');
});
test.afterAll(async () => {
  await page?.close();
  await fleet?.close();
  expect(refusedByCsp, 'refused by the Content-Security-Policy').toEqual([]);
});

test('an administrator uploads a signed firmware package on the update screen (zh)', async () => {
  test.setTimeout(120_000);
  await page.goto('/operation/update');
  const packages = page.getByTestId('firmware-packages');
  await expect(packages).toBeVisible();
  await page.getByRole('button', { name: /上\s*传/ }).click();
  const dialog = page.getByRole('dialog');
  const name = `${target.model}-${version}.bin`;
  await dialog.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: image,
  });
  await dialog.getByLabel('采集器类型').fill(target.model);
  await dialog.getByLabel('版本').fill(version);
  await dialog.getByLabel('签名').fill(signature);
  await page.screenshot({ animations: 'disabled', path: shot('firmware-upload-zh') });
  await dialog.getByRole('button', { name: /上\s*传/ }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const row = packages.getByRole('row', { name: new RegExp(name) });
  // Signed by a key the administrator trusts.
  await expect(row).toContainText('有效', { timeout: 30_000 });
  await expect(row).toContainText(version);
  await page.screenshot({ animations: 'disabled', path: shot('firmware-packages-zh') });
});

test('a rollout to a plant’s collectors fills scheduleList live until every one is done (zh)', async () => {
  test.setTimeout(300_000);
  const row = page.getByTestId('firmware-packages').getByRole('row', { name: new RegExp(version) });
  await row.getByRole('button', { name: '批量升级' }).click();
  const dialog = page.getByRole('dialog');
  const form = dialog.getByTestId('rollout-form');
  await form.locator('.ant-select').first().click();
  await form.locator('.ant-select input').first().fill(target.plantName);
  await page.locator('.ant-select-item-option').filter({ hasText: target.plantName }).first().click();
  // Closes the plant list (Escape would close the dialog).
  await dialog.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await page.screenshot({ animations: 'disabled', path: shot('firmware-rollout-zh') });
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: '批量升级' }).click();

  await expect(page).toHaveURL(/\/operation\/scheduleList\?id=/, { timeout: 30_000 });
  rolloutUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  const id = new URL(page.url()).searchParams.get('id')!;
  const devices = page.getByTestId('rollout-devices');
  // The plant's collectors of the package's model, each listed from the start.
  for (const serial of target.serials) await expect(devices).toContainText(serial);
  // The server's push makes the screen read again: without any reload it reaches done for every device.
  await expect(page.getByTestId('count-done')).toHaveText(`升级完成: ${target.serials.length}`, {
    timeout: 240_000,
  });
  await expect(page.getByTestId('rollout-state')).toHaveText('已完成', { timeout: 60_000 });
  // What the screen counts is what the server holds.
  const detail = (await api<{ rollout: RolloutRow; devices: RolloutDeviceRow[] }>(`/firmware/rollout/${id}`))
    .data;
  expect(detail.rollout.counts.done).toBe(target.serials.length);
  expect(detail.devices.map((d) => d.progress)).toEqual(target.serials.map(() => 100));
  // Back from their reboot, the collectors say they run the new version, and the console shows what they say.
  await expect
    .poll(() =>
      Promise.all(
        target.serials.map(
          async (s) => (await api<{ firmwareVersion: string }>(`/collector/${s}`)).data.firmwareVersion,
        ),
      ),
    )
    .toEqual(target.serials.map(() => version));
  await expect(devices.locator('tbody tr.ant-table-row')).toHaveCount(target.serials.length);
  await page.screenshot({ animations: 'disabled', path: shot('firmware-scheduleList-zh') });

  await page.goto('/operation/update');
  await page.getByRole('tab', { name: '升级任务' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('已完成');
  await page.screenshot({ animations: 'disabled', path: shot('firmware-rollouts-zh') });
  await page.getByRole('tab', { name: '设备升级' }).click();
  await page.screenshot({ animations: 'disabled', path: shot('firmware-upgrades-zh') });
});

test('the same screens in English', async () => {
  test.setTimeout(120_000);
  await page.getByRole('tab', { name: '固件包' }).click();
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('firmware-packages')).toContainText('Valid');
  await page.screenshot({ animations: 'disabled', path: shot('firmware-packages-en') });
  await page.getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Upload firmware package');
  await page.screenshot({ animations: 'disabled', path: shot('firmware-upload-en') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'Rollouts' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Done');
  await page.screenshot({ animations: 'disabled', path: shot('firmware-rollouts-en') });
  await page.getByRole('tab', { name: 'Device upgrades' }).click();
  await page.screenshot({ animations: 'disabled', path: shot('firmware-upgrades-en') });

  await setLanguage(page, 'en', fleet.baseUrl);
  await page.goto(rolloutUrl);
  await expect(page.getByTestId('count-done')).toHaveText(`Done: ${target.serials.length}`);
  await page.screenshot({ animations: 'disabled', path: shot('firmware-scheduleList-en') });
});
