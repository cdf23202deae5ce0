import type { Page } from '@playwright/test';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { expect, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

interface Inverter {
  serial: string;
  plantId: number;
  plantName: string;
  online: boolean;
}

let fleet: FleetServer;
let admin = '';
let sharedBaseUrl: string | undefined;
/** The administrator's page, signed in once for the file. */
let page: Page;

const api = <T>(path: string) => fleet.api<{ data: T }>(path, { token: admin });

/** Two plants of twelve devices, no history (the quickest start). */
const FLEET = { plants: 2, devices: 24 };

/** What the fleet's installers built: each inverter's module and modules per string, as on its nameplates. */
interface Built {
  module: {
    pmaxW: number;
    vmpV: number;
    impA: number;
    vocV: number;
    iscA: number;
    alphaIsc: number;
    betaVoc: number;
    gammaPmax: number;
    cellsInSeries: number;
  };
  modulesPerString: number;
}

/**
 * Five online inverters of one plant built alike (one module, one string length: one template fits them), waiting
 * as a user would until they are online, with what they were built of.
 */
async function fiveOnline(): Promise<{
  plantId: number;
  plantName: string;
  serials: string[];
  built: Built;
}> {
  const built = new Map<string, Built>();
  for (const d of generateDemoFleet({ seed: fleet.seed, ...FLEET }).devices)
    if ('modulesPerString' in d) built.set(d.serial, d);
  let best: Inverter[] = [];
  await expect
    .poll(
      async () => {
        const groups = new Map<string, Inverter[]>();
        for (const d of (await api<Inverter[]>('/iv/inverters')).data) {
          const b = built.get(d.serial);
          if (!d.online || !b) continue;
          const key = `${d.plantId}|${b.module.pmaxW}|${b.modulesPerString}`;
          groups.set(key, [...(groups.get(key) ?? []), d]);
        }
        best = [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
        return best.length;
      },
      { timeout: 60_000, message: 'a plant with five online inverters built alike' },
    )
    .toBeGreaterThanOrEqual(5);
  return {
    plantId: best[0]!.plantId,
    plantName: best[0]!.plantName,
    serials: best.slice(0, 5).map((d) => d.serial),
    built: built.get(best[0]!.serial)!,
  };
}

/** Chooses an option of the Ant Design select under `testId` by (typing) part of its text. */
async function choose(testId: string, text: string) {
  const select = page.getByTestId(testId);
  // A searchable select narrows its (virtual) list to the typed text, which opens it; the others open on a click.
  // A click on a multiple select's box would close its open list, or land on a chosen tag's remove button.
  const input = select.locator('input');
  if (await input.isEditable()) await input.fill(text);
  else await select.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  fleet = await startFleetServer({ ...FLEET, speedup: 30, backfillDays: 0 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  admin = await fleet.login('admin', fleet.adminPassword);
  page = await browser.newPage({ baseURL: fleet.baseUrl, viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => localStorage.setItem('notice2gDismissed', '1'));
  await setLanguage(page, 'en', fleet.baseUrl);
  await signIn(page, 'admin', fleet.adminPassword);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 60_000 });
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await page?.close();
  await fleet?.close();
});

test('a template, a scan of five inverters, its results and one string’s curves (en), then the same screens in zh', async () => {
  test.setTimeout(240_000);
  const { plantId, plantName, serials, built } = await fiveOnline();
  await page.goto('/operation/diagnosis');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByTestId('iv-new-template').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('iv-template-name').fill('Fleet modules');
  // The plant's modules, coefficients in %/K as the datasheet prints them.
  const m = built.module;
  const pct = (perK: number) => String(Math.round(perK * 1e6) / 1e4);
  const values: Record<string, string> = {
    pmaxW: String(m.pmaxW),
    vmpV: String(m.vmpV),
    impA: String(m.impA),
    vocV: String(m.vocV),
    iscA: String(m.iscA),
    alphaIscPctPerK: pct(m.alphaIsc),
    betaVocPctPerK: pct(m.betaVoc),
    gammaPmaxPctPerK: pct(m.gammaPmax),
    cellsPerModule: String(m.cellsInSeries),
  };
  for (const [k, v] of Object.entries(values)) await dialog.getByTestId(`iv-module-${k}`).fill(v);
  await dialog.getByTestId('iv-modules-per-string').fill(String(built.modulesPerString));
  await dialog.getByTestId('iv-connection-date').click();
  await page.locator('.ant-picker-dropdown .ant-picker-now-btn').click();
  await page.getByTestId('iv-template-save').click();
  await expect(page.getByTestId('iv-templates')).toContainText('Fleet modules');

  await page.getByRole('tab', { name: 'Scan tasks' }).click();
  await page.getByTestId('iv-new-scan').click();
  await page.getByTestId('iv-task-name').fill('Five inverters');
  await choose('iv-task-template', 'Fleet modules');
  await choose('iv-task-plant', plantName);
  for (const sn of serials) await choose('iv-task-inverters', sn);
  for (const sn of serials) await expect(page.getByTestId('iv-task-inverters')).toContainText(sn);
  // Closes the inverters' dropdown (Escape would close the dialog too).
  await page.getByRole('dialog').locator('.ant-modal-title').click();
  await page.getByTestId('iv-task-password').fill(fleet.adminPassword);
  await page.getByTestId('iv-scan-start').click();
  const row = page.getByTestId('iv-tasks').locator('tr', { hasText: 'Five inverters' });
  await expect(row).toContainText('Scan complete', { timeout: 60_000 });
  // Every chosen inverter was scanned (the inverters column).
  await expect(row.locator('td').nth(4)).toHaveText('5');
  await page.screenshot({ animations: 'disabled', path: shot('diagnosis-en'), fullPage: true });

  await row.getByRole('button', { name: 'Results' }).click();
  await expect(page.getByTestId('iv-class-summary')).toContainText(/: \d+/);
  const strings = page.getByTestId('iv-strings').locator('tbody tr.ant-table-row');
  await expect(strings.first()).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('diagnosisResults-en'), fullPage: true });

  await strings.first().getByRole('button', { name: 'Curves' }).click();
  await expect(page.getByTestId('diagnosis-string')).toBeVisible();
  await expect(page.getByTestId('iv-chart-iv')).toBeVisible();
  // Diagnosed, with advice; or at night (in the plant's zone) kept with the curves and the reason it is not.
  await expect(page.getByTestId('iv-advice').or(page.getByTestId('iv-not-diagnosed'))).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('diagnosisResults1-en'), fullPage: true });

  await setLanguage(page, 'zh', fleet.baseUrl);
  await page.reload();
  await expect(page.getByText('I-V 曲线')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('diagnosisResults1-zh'), fullPage: true });
  await page.goto('/operation/diagnosis');
  await expect(page.getByTestId('iv-tasks')).toContainText('扫描完成');
  await page.screenshot({ animations: 'disabled', path: shot('diagnosis-zh'), fullPage: true });

  // Expected yield and performance ratio beside the diagnosis: the plant's card and the dashboard's list.
  await page.goto(`/details?id=${plantId}`);
  const card = page.getByTestId('plant-performance');
  await expect(card.locator('tbody tr')).toHaveCount(3);
  await expect(card.getByTestId('performance-source')).toBeVisible();
  await card.screenshot({ animations: 'disabled', path: shot('plant-performance-zh') });
  await page.goto('/dashboard');
  const list = page.getByTestId('fleet-performance');
  await expect(list.locator('tbody tr').first()).toContainText('kWh', { timeout: 30_000 });
  await list.screenshot({ animations: 'disabled', path: shot('dashboard-performance-zh') });
});

test('an offline inverter is refused: “Device Offline Cannot Scan!” (zh)', async () => {
  test.setTimeout(120_000);
  // Re-keying a collector closes its connection and its old secret no longer signs in: its inverters go offline
  // and stay so (the simulator keeps the old secret).
  // A page of the device list: its rows beside the envelope's code, not under data.
  const { rows } = await fleet.api<{ rows: { serial: string; collectorSerial: string | null }[] }>(
    '/device/list?pageSize=200',
    { token: admin },
  );
  const collectorOf = new Map(rows.map((d) => [d.serial, d.collectorSerial]));
  const target = (await api<Inverter[]>('/iv/inverters')).data.find(
    (d) => d.online && collectorOf.get(d.serial),
  );
  if (!target) throw new Error('no online inverter with a collector');
  await fleet.api(`/collector/${collectorOf.get(target.serial)!}/secret`, { method: 'POST', token: admin });
  await expect
    .poll(
      async () =>
        (await api<Inverter[]>('/iv/inverters')).data.find((d) => d.serial === target.serial)?.online,
      {
        timeout: 60_000,
        message: 'the inverter shown offline',
      },
    )
    .toBe(false);

  await page.goto('/operation/diagnosis');
  await expect(page.getByTestId('iv-tasks')).toContainText('扫描完成');
  await page.getByTestId('iv-new-scan').click();
  await page.getByTestId('iv-task-name').fill('离线逆变器');
  await choose('iv-task-template', 'Fleet modules');
  await choose('iv-task-plant', target.plantName);
  await choose('iv-task-inverters', target.serial);
  // Closes the inverters' dropdown (Escape would close the dialog too).
  await page.getByRole('dialog').locator('.ant-modal-title').click();
  await expect(page.getByTestId('iv-task-inverters')).toContainText('离线');
  await page.getByTestId('iv-task-password').fill(fleet.adminPassword);
  await page.getByTestId('iv-scan-start').click();
  await expect(page.getByText('设备离线，无法扫描！')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('diagnosis-offline-zh') });
  // Nothing was started: no task of that name.
  await expect(page.getByTestId('iv-tasks')).not.toContainText('离线逆变器');
});
