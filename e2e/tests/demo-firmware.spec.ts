import type { Page } from '@playwright/test';
import type { RelationRow, RolloutRow } from '@solarops/contracts';
import { DEMO_FIRMWARE_VERSION } from '../../apps/simulator/src/commands/demoMaker.ts';
import { dismiss2gNotice, expect, sel, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { shot } from '../support/screenshots.ts';
import { setLanguage, switchLanguage } from '../support/language.ts';

// The default demo, as `npm start` makes it, without any key or package of the user's: the sample package of the
// demo maker is there, its signature valid; rolled out to a plant's collectors, they download and install it and
// report the new version, in zh; the same screens in en.

let fleet: FleetServer;
let admin: string;
let page: Page;
/** The plant rolled out to, and its collectors of one model (the rollout's devices). */
let target: { plantName: string; model: string; serials: string[] };
let rolloutUrl = '';

const api = <T>(path: string) => fleet.api<{ data: T; rows?: T }>(path, { token: admin });

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

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  // The demo's own settings: no maker key given (SIMULATOR_FIRMWARE_KEYS empty), no history for a quick start.
  fleet = await startFleetServer({ plants: 2, speedup: 30, backfillDays: 0 });
  admin = await fleet.login('admin', fleet.adminPassword);
  target = await targetPlant();
  page = await browser.newPage({ baseURL: fleet.baseUrl, viewport: { width: 1440, height: 900 } });
  await dismiss2gNotice(page);
  await setLanguage(page, 'zh', fleet.baseUrl);
  await signIn(page, 'admin', fleet.adminPassword);
  await expect(page.locator(sel.sidebar)).toBeVisible({ timeout: 60_000 });
});
test.afterAll(async () => {
  await page?.close();
  await fleet?.close();
});

test('the demo’s signed sample package rolls out to a plant and its collectors report the new version (zh)', async () => {
  test.setTimeout(300_000);
  await page.goto('/operation/update');
  const packages = page.getByTestId('firmware-packages');
  const row = packages.getByRole('row', { name: new RegExp(`${target.model}-${DEMO_FIRMWARE_VERSION}`) });
  // Ready from the first start: signed by the demo maker, whose key the console trusts.
  await expect(row).toContainText('有效', { timeout: 30_000 });
  await expect(row).toContainText(DEMO_FIRMWARE_VERSION);
  await page.screenshot({ animations: 'disabled', path: shot('demo-firmware-packages-zh') });

  await row.getByRole('button', { name: '批量升级' }).click();
  const dialog = page.getByRole('dialog');
  const form = dialog.getByTestId('rollout-form');
  await form.locator('.ant-select').first().click();
  await form.locator('.ant-select input').first().fill(target.plantName);
  await page.locator('.ant-select-item-option').filter({ hasText: target.plantName }).first().click();
  // Closes the plant list (Escape would close the dialog).
  await dialog.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: '批量升级' }).click();

  await expect(page).toHaveURL(/\/operation\/scheduleList\?id=/, { timeout: 30_000 });
  rolloutUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  const id = new URL(page.url()).searchParams.get('id')!;
  const devices = page.getByTestId('rollout-devices');
  for (const serial of target.serials) await expect(devices).toContainText(serial);
  await expect(page.getByTestId('count-done')).toHaveText(`升级完成: ${target.serials.length}`, {
    timeout: 240_000,
  });
  await expect(page.getByTestId('rollout-state')).toHaveText('已完成', { timeout: 60_000 });
  const detail = (await api<{ rollout: RolloutRow }>(`/firmware/rollout/${id}`)).data;
  expect(detail.rollout.counts.done).toBe(target.serials.length);
  expect(detail.rollout.counts.failed ?? 0).toBe(0);
  // Back from their reboot, the collectors say they run the sample's version.
  await expect
    .poll(
      () =>
        Promise.all(
          target.serials.map(
            async (s) => (await api<{ firmwareVersion: string }>(`/collector/${s}`)).data.firmwareVersion,
          ),
        ),
      { timeout: 60_000 },
    )
    .toEqual(target.serials.map(() => DEMO_FIRMWARE_VERSION));
  await page.screenshot({ animations: 'disabled', path: shot('demo-firmware-scheduleList-zh') });
});

test('the same screens in English', async () => {
  test.setTimeout(120_000);
  await page.goto('/operation/update');
  await switchLanguage(page, 'en');
  const row = page
    .getByTestId('firmware-packages')
    .getByRole('row', { name: new RegExp(`${target.model}-${DEMO_FIRMWARE_VERSION}`) });
  await expect(row).toContainText('Valid');
  await page.screenshot({ animations: 'disabled', path: shot('demo-firmware-packages-en') });
  await page.goto(rolloutUrl);
  await expect(page.getByTestId('count-done')).toHaveText(`Done: ${target.serials.length}`);
  await expect(page.getByTestId('rollout-state')).toHaveText('Done');
  await page.screenshot({ animations: 'disabled', path: shot('demo-firmware-scheduleList-en') });
});
