import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { dismiss2gNotice, expect, signIn, test } from '../support/fixtures.ts';
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
/** What the fleet is built of: the demo fleet's of its seed and sizes, wherever its plants are placed. */
const demoFleet = () => generateDemoFleet({ seed: fleet.seed, ...FLEET });
/**
 * A collector of the second plant left without power: its inverters stay offline. The walks scan the first plant
 * (its five inverters built alike, its strings short enough for the 330 W module), so they never meet it.
 */
const UNPLUGGED = generateDemoFleet(FLEET).collectors.find((c) => c.plantId === 'plant-002')!.serial;

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
    model: string;
  };
  modulesPerString: number;
  strings: number;
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
  for (const d of demoFleet().devices) if ('modulesPerString' in d) built.set(d.serial, d);
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
  // Its plants placed where the sun is up now, whatever the hour: scanned strings are diagnosed, not "conditions
  // insufficient" as at night.
  fleet = await startFleetServer({
    ...FLEET,
    speedup: 30,
    backfillDays: 0,
    inDaylight: true,
    unplugged: [UNPLUGGED],
  });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  admin = await fleet.login('admin', fleet.adminPassword);
  page = await browser.newPage({ baseURL: fleet.baseUrl, viewport: { width: 1440, height: 900 } });
  await dismiss2gNotice(page);
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
  // Every string diagnosed in the plant's daylight: a class with its count, none "not diagnosed".
  const summary = page.getByTestId('iv-class-summary');
  await expect(summary).toContainText(/Normal: \d+/);
  await expect(summary).not.toContainText('Not diagnosed');
  await expect(page.getByTestId('iv-not-diagnosed')).toHaveCount(0);
  const strings = page.getByTestId('iv-strings').locator('tbody tr.ant-table-row');
  await expect(strings.first()).toBeVisible();
  // Each row's light in the array plane, enough for a diagnosis.
  for (const r of await strings.all())
    expect(Number(await r.locator('td').nth(9).textContent())).toBeGreaterThanOrEqual(400);
  await page.screenshot({ animations: 'disabled', path: shot('diagnosisResults-en'), fullPage: true });

  await strings.first().getByRole('button', { name: 'Curves' }).click();
  await expect(page.getByTestId('diagnosis-string')).toBeVisible();
  await expect(page.getByTestId('iv-chart-iv')).toBeVisible();
  await expect(page.getByTestId('iv-advice')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('diagnosisResults1-en'), fullPage: true });

  await setLanguage(page, 'zh', fleet.baseUrl);
  await page.reload();
  await expect(page.getByText('I-V 曲线')).toBeVisible();
  await expect(page.getByTestId('iv-advice')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('diagnosisResults1-zh'), fullPage: true });
  await page.goto('/operation/diagnosis');
  await expect(page.getByTestId('iv-tasks')).toContainText('扫描完成');
  await page.screenshot({ animations: 'disabled', path: shot('diagnosis-zh'), fullPage: true });
  await page
    .getByTestId('iv-tasks')
    .locator('tr', { hasText: 'Five inverters' })
    .getByRole('button', { name: /结\s*果/ })
    .click();
  await expect(page.getByTestId('iv-class-summary')).toContainText(/正常: \d+/);
  await expect(page.getByTestId('iv-class-summary')).not.toContainText('未诊断');
  await page.screenshot({ animations: 'disabled', path: shot('diagnosisResults-zh'), fullPage: true });

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

/** Each page's text of a PDF and how many straight segments it draws (a drawn curve is one per point). */
async function readPdf(file: string): Promise<{ text: string; segments: number }[]> {
  const pdf = await getDocument({
    data: new Uint8Array(await readFile(file)),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: { text: string; segments: number }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const p = await pdf.getPage(n);
    const text = (await p.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
    const ops = await p.getOperatorList();
    let segments = 0;
    ops.fnArray.forEach((fn, k) => {
      if (fn === OPS.constructPath)
        segments += (ops.argsArray[k] as [number[]])[0].filter((op) => op === OPS.lineTo).length;
    });
    pages.push({ text, segments });
  }
  await pdf.destroy();
  return pages;
}

test('a template from the module list, a scan of two inverters of different layouts, its results and its PDF (en, zh)', async () => {
  test.setTimeout(600_000);
  // The test before leaves the console in zh.
  await setLanguage(page, 'en', fleet.baseUrl);
  // Two online inverters of one plant whose strings differ in length, as built: the one of the longest strings
  // and one of shorter. The fleet's seed gives two of the longest inverter's strings a fault at its first scan
  // (soiling, partial shading), so the PDF has abnormal strings to draw.
  const built = new Map<string, Built>();
  for (const d of demoFleet().devices) if ('modulesPerString' in d) built.set(d.serial, d);
  let pair: Inverter[] = [];
  await expect
    .poll(
      async () => {
        const online = (await api<Inverter[]>('/iv/inverters')).data
          .filter(
            // Strings of at most 14: the list's 330 W module judges a string of the fleet's 340 W ones by its
            // length without doubt (its V_oc per module is 2 % lower).
            (d) =>
              d.online &&
              built.get(d.serial)?.module.model === 'SO-P340-72' &&
              built.get(d.serial)!.modulesPerString <= 14,
          )
          .sort((a, b) => built.get(b.serial)!.modulesPerString - built.get(a.serial)!.modulesPerString);
        const long = online[0];
        const short = online.find(
          (d) =>
            d.plantId === long?.plantId &&
            built.get(d.serial)!.modulesPerString < built.get(long.serial)!.modulesPerString,
        );
        pair = long && short ? [long, short] : [];
        return pair.length;
      },
      { timeout: 60_000, message: 'two online inverters of one plant with strings of different lengths' },
    )
    .toBe(2);
  const [long, short] = pair as [Inverter, Inverter];
  const lengthOf = (d: Inverter) => built.get(d.serial)!.modulesPerString;

  // A template from the module list: the fleet's 72-cell poly modules are closest to Canadian Solar's CS6U-330P.
  await page.goto('/operation/diagnosis');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByTestId('iv-new-template').click();
  const dialog = page.getByRole('dialog');
  await choose('iv-template-module', 'CS6U-330P');
  await expect(dialog.getByTestId('iv-module-pmaxW')).toHaveValue('330');
  await expect(dialog.getByTestId('iv-module-vocV')).toHaveValue('45.6');
  await expect(dialog.getByTestId('iv-template-maker')).toHaveValue('Canadian Solar');
  await dialog.getByTestId('iv-template-name').fill('Poly 330 W');
  await dialog.getByTestId('iv-modules-per-string').fill(String(lengthOf(long)));
  await dialog.getByTestId('iv-connection-date').click();
  await page.locator('.ant-picker-dropdown .ant-picker-now-btn').click();
  await page.screenshot({ animations: 'disabled', path: shot('diagnosis-template-en') });
  await page.getByTestId('iv-template-save').click();
  const templateRow = page.getByTestId('iv-templates').locator('tr', { hasText: 'Poly 330 W' });
  await expect(templateRow).toContainText('CS6U-330P');
  // A saved template is edited: its description.
  await templateRow.getByTestId('iv-template-edit').click();
  await expect(dialog.getByTestId('iv-module-pmaxW')).toHaveValue('330');
  await dialog.locator('textarea').fill('Roof of the plant, two string lengths');
  await page.getByTestId('iv-template-save').click();
  await expect(templateRow).toContainText('Roof of the plant, two string lengths');

  // The short inverter's layout, set on its device detail: its strings are shorter than the template's.
  await page.goto('/station/devicelist');
  await page.getByTestId('device-search-sn').fill(short.serial);
  await page.getByTestId('search-submit').click();
  await page.getByTestId('device-link').filter({ hasText: short.serial }).click();
  const card = page.getByTestId('pv-layout');
  await expect(card).toContainText('No layout set');
  await card.getByTestId('pv-layout-edit').click();
  const layoutDialog = page.getByRole('dialog', { name: 'Edit layout' });
  await layoutDialog.getByTestId('pv-layout-strings').fill(String(built.get(short.serial)!.strings));
  await layoutDialog.getByTestId('pv-layout-modules').fill(String(lengthOf(short)));
  await page.screenshot({ animations: 'disabled', path: shot('device-layout-dialog-en') });
  await layoutDialog.getByTestId('pv-layout-save').click();
  await expect(card).toContainText(
    `${built.get(short.serial)!.strings} strings × ${lengthOf(short)} modules`,
  );
  await expect(card).toContainText('As the scan');
  await card.screenshot({ animations: 'disabled', path: shot('device-layout-en') });

  await page.goto('/operation/diagnosis');
  await page.getByTestId('iv-new-scan').click();
  await page.getByTestId('iv-task-name').fill('Two layouts');
  await choose('iv-task-template', 'Poly 330 W');
  await choose('iv-task-plant', long.plantName);
  for (const d of pair) await choose('iv-task-inverters', d.serial);
  await page.getByRole('dialog').locator('.ant-modal-title').click();
  await page.getByTestId('iv-task-password').fill(fleet.adminPassword);
  await page.getByTestId('iv-scan-start').click();
  const row = page.getByTestId('iv-tasks').locator('tr', { hasText: 'Two layouts' });
  await expect(row).toContainText('Scan complete', { timeout: 60_000 });
  await row.getByRole('button', { name: 'Results' }).click();
  const strings = page.getByTestId('iv-strings').locator('tbody tr.ant-table-row');
  await expect(strings.first()).toBeVisible();
  // Each inverter's strings judged against its own length: the template's, and the one set on the device.
  for (const d of pair) {
    const rows = strings.filter({ hasText: d.serial });
    await expect(rows).toHaveCount(built.get(d.serial)!.strings);
    for (const r of await rows.all()) await expect(r.locator('td').nth(8)).toHaveText(String(lengthOf(d)));
  }
  await page.screenshot({
    animations: 'disabled',
    path: shot('diagnosisResults-layouts-en'),
    fullPage: true,
  });

  // The PDF: every string, and each abnormal one's curve drawn against its expected one with its evidence.
  const download = page.waitForEvent('download');
  await page.getByTestId('iv-export-pdf').click();
  const pdf = await readPdf(await (await download).path());
  const all = pdf.map((p) => p.text).join(' ');
  expect(all).toContain('IV diagnosis report: Two layouts');
  expect(all).toMatch(/Times are the plant’s local time: [A-Za-z_/]+, UTC[+−]\d\d:\d\d/);
  expect(all).toContain('Abnormal strings: curves and evidence');
  expect(all).not.toContain('Not diagnosed');
  const abnormal = pdf.filter((p) => p.text.includes('Evidence: '));
  expect(abnormal.length).toBeGreaterThan(0);
  for (const p of abnormal) {
    expect(p.text).toContain('Measured Expected (same conditions)');
    expect(p.text).toContain('What to do: ');
    expect(p.segments).toBeGreaterThan(100);
  }

  await setLanguage(page, 'zh', fleet.baseUrl);
  await page.reload();
  await expect(page.getByTestId('iv-strings')).toContainText('串联组件数');
  await page.screenshot({
    animations: 'disabled',
    path: shot('diagnosisResults-layouts-zh'),
    fullPage: true,
  });
  const zhDownload = page.waitForEvent('download');
  await page.getByTestId('iv-export-pdf').click();
  const zhPdf = await readPdf(await (await zhDownload).path());
  const zh = zhPdf.map((p) => p.text).join(' ');
  expect(zh).toContain('异常组串的曲线与依据');
  expect(zh).toContain('时间均为电站当地时间');
  // Each abnormal string's curve drawn beside its legend; its evidence and advice may run on to the next page.
  expect(zhPdf.filter((p) => p.text.includes('实测曲线') && p.segments > 100).length).toBeGreaterThan(0);
  expect(zh).toContain('依据：');
  expect(zh).toContain('处理建议：');
  await page.goto('/station/devicelist');
  await page.getByTestId('device-search-sn').fill(short.serial);
  await page.getByTestId('search-submit').click();
  await page.getByTestId('device-link').filter({ hasText: short.serial }).click();
  await expect(page.getByTestId('pv-layout')).toContainText(
    `${built.get(short.serial)!.strings} 串 × ${lengthOf(short)} 块`,
  );
  await page.getByTestId('pv-layout').screenshot({ animations: 'disabled', path: shot('device-layout-zh') });
  await page.goto('/operation/diagnosis');
  await page.getByRole('tab', { name: '模板' }).click();
  await page.getByTestId('iv-new-template').click();
  await choose('iv-template-module', 'JKM420N-54HL4-V');
  await expect(page.getByRole('dialog').getByTestId('iv-template-maker')).toHaveValue('JinkoSolar');
  await page.screenshot({ animations: 'disabled', path: shot('diagnosis-template-zh') });
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /取\s*消/ })
    .click();
});

test('an offline inverter is refused: “Device Offline Cannot Scan!” (zh)', async () => {
  test.setTimeout(120_000);
  await setLanguage(page, 'zh', fleet.baseUrl);
  // An inverter behind the collector left without power: it never came online.
  const behind = new Set(
    demoFleet()
      .devices.filter((d) => d.collectorSerial === UNPLUGGED && 'strings' in d)
      .map((d) => d.serial),
  );
  const inverters = (await api<Inverter[]>('/iv/inverters')).data;
  const target = inverters.find((d) => behind.has(d.serial));
  if (!target) throw new Error(`no inverter behind ${UNPLUGGED}`);
  expect(target.online).toBe(false);
  // The rest of its plant is online: it is this collector that is silent, not the plant's site.
  expect(inverters.some((d) => d.plantId === target.plantId && d.online)).toBe(true);

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
