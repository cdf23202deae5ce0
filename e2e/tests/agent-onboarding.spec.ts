import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  generateDemoFleet,
  runFleet,
  withAgentPlant,
  type AgentPlant,
  type DemoPlant,
  type RunningFleet,
} from '@solarops/simulator';
import { dialogsSettled, dismiss2gNotice, expect, sel, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { setLanguage, switchLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

// An installer's first hour with a real plant: an edge agent added from the console, its downloaded agent.yaml
// run by a real agent process against a plant's inverters (the simulator's Modbus TCP face), the inverter it finds
// accepted into the plant without typing its serial, and a power limit set on it from the remote-settings screen
// that clips its output.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const AGENT_SERIAL = 'AGT-E2E-ROOF1';

interface DeviceRow {
  serial: string;
  kind: string;
  viaAgent: boolean;
  collectorSerial: string | null;
  latest: { ts: string; acPowerW: number | null } | null;
}

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let admin = '';
let page: Page;
let plantId = 0;
let plantName = '';
/** The inverters behind the gateway: the demo agent plant of another fleet, in daylight, with serials of its own. */
let site: RunningFleet;
let inverter: { sn: string; unitId: number; ratedPowerW: number };
let agentDir = '';
let agentProcess: ChildProcess | undefined;
const agentLog: string[] = [];

const api = <T>(path: string, init: RequestInit = {}) =>
  fleet.api<{ data: T; rows?: T }>(path, { ...init, token: admin });

/**
 * Inverters, a battery and a meter on a Modbus TCP port, as an installer meets them on a plant's network: the
 * simulator's agent plant of a fleet placed in daylight, renamed so that no device of the console's fleet has their
 * serials (their SunSpec maps say these).
 */
async function startSite(): Promise<void> {
  const generated = withAgentPlant(generateDemoFleet({ seed: 77_001, plants: 6, daylightAt: Date.now() }));
  const agent = generated.agent!;
  const rename = (sn: string) => `F${sn}`;
  const plant = generated.fleet.plants.find((p) => p.id === agent.plantId)!;
  const renamed: DemoPlant = {
    ...plant,
    devices: plant.devices.map((d) => ({ ...d, serial: rename(d.serial) })),
  };
  const agentPlant: AgentPlant = {
    ...agent,
    devices: agent.devices.map((d) => ({ ...d, sn: rename(d.sn) })),
  };
  const first = renamed.devices.find((d) => d.kind === 'hybridInverter' || d.kind === 'stringInverter')!;
  inverter = {
    sn: first.serial,
    unitId: agentPlant.devices.find((d) => d.sn === first.serial)!.unitId,
    ratedPowerW: (first as { ratedPowerW: number }).ratedPowerW,
  };
  site = await runFleet({
    // Only the agent plant: its collector is the agent, so the simulator makes no MQTT link.
    url: 'mqtt://127.0.0.1:1',
    plants: [renamed],
    collectors: generated.fleet.collectors
      .filter((c) => c.serial === agent.collectorSerial)
      .map((c) => ({ ...c, secret: 'unused' })),
    agentPlant,
    // A 5-minute step every 5 s, stamped with the real time.
    speedup: 60,
  });
}

/** Opens the plant's collector dialog of the agent, until it lists a found device (the agent reports after a round). */
async function openAgentCard(): Promise<void> {
  await expect(async () => {
    await page.goto(`/details?id=${plantId}`);
    await page.getByTestId('collector-button').filter({ hasText: AGENT_SERIAL }).click();
    await expect(page.getByTestId('agent-found')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 180_000, intervals: [3_000] });
}

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  // A second server and its fleet, and the plant's inverters beside it: a minute on a busy machine.
  test.setTimeout(360_000);
  fleet = await startFleetServer({ plants: 3, backfillDays: 0 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  admin = await fleet.login('admin', fleet.adminPassword);
  const plants = (await api<{ id: number; name: string }[]>('/plant/list?pageSize=10')).rows!;
  plantId = plants[0]!.id;
  plantName = plants[0]!.name;
  await startSite();
  agentDir = mkdtempSync(join(tmpdir(), 'solarops-e2e-agent-'));
  page = await browser.newPage({ baseURL: fleet.baseUrl, viewport: { width: 1440, height: 900 } });
  await dismiss2gNotice(page);
  await setLanguage(page, 'zh', fleet.baseUrl);
  await signIn(page, 'admin', fleet.adminPassword);
  await expect(page.locator(sel.sidebar)).toBeVisible({ timeout: 60_000 });
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  if (agentProcess && agentProcess.exitCode === null) {
    const ended = new Promise((resolve) => agentProcess!.once('exit', resolve));
    agentProcess.kill('SIGTERM');
    await ended;
  }
  await page?.close();
  await site?.stop();
  await fleet?.close();
  if (agentDir) rmSync(agentDir, { recursive: true, force: true });
});

test('an edge agent added to a plant, run with its downloaded file, and the inverter it finds accepted into the plant', async () => {
  test.setTimeout(420_000);
  await page.goto(`/details?id=${plantId}`);
  // The dialog in Chinese, then the agent added in English.
  await page.getByTestId('add-agent').click();
  const form = page.getByTestId('add-agent-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('add-agent-serial')).toHaveValue(/^AGT\d{6}[0-9A-F]{4}$/);
  await dialogsSettled(page);
  await page.screenshot({ animations: 'disabled', path: shot('agent-add-zh-1440') });
  await page
    .getByRole('button', { name: '取 消' })
    .or(page.getByRole('button', { name: '取消' }))
    .click();
  await switchLanguage(page, 'en');
  await page.getByTestId('add-agent').click();
  // A serial that is no serial is refused where it is typed, and nothing is added.
  await page.getByTestId('add-agent-serial').fill('roof agent');
  await page.getByRole('button', { name: 'Add and show its configuration' }).click();
  await expect(page.getByText('4 to 32 letters, digits, - or _')).toBeVisible();
  await page.getByTestId('add-agent-serial').fill(AGENT_SERIAL);
  await page.getByRole('button', { name: 'Add and show its configuration' }).click();

  // Its configuration right after, once: a file to download and the same text as a QR code.
  const qr = page.getByTestId('agent-config-qr');
  await expect(qr).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Configuration of edge agent ${AGENT_SERIAL}`)).toBeVisible();
  await dialogsSettled(page);
  await page.screenshot({ animations: 'disabled', path: shot('agent-added-config-en-1440') });
  const download = page.waitForEvent('download');
  await page.getByTestId('agent-config-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`agent-${AGENT_SERIAL}.yaml`);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text).toContain(`serial: "${AGENT_SERIAL}"`);
  // No device typed: one unit, which the agent names by what it finds there.
  expect(text).toContain('- { unitId: 1 }');
  await page.keyboard.press('Escape');

  // At the gateway: the installer puts in the inverters' address and unit, and runs the agent with the file.
  const config = text
    .replace('tcp: { host: 192.168.1.50, port: 502 }', `tcp: { host: 127.0.0.1, port: ${site.modbusPort!} }`)
    .replace('- { unitId: 1 }', `- { unitId: ${inverter.unitId} }`)
    .replace('intervalS: 300', 'intervalS: 5')
    .replace('dataDir: /var/lib/solarops-agent', `dataDir: ${JSON.stringify(join(agentDir, 'data'))}`);
  const configPath = join(agentDir, 'agent.yaml');
  writeFileSync(configPath, config, { mode: 0o600 });
  agentProcess = spawn(
    process.execPath,
    [join(ROOT, 'apps/agent/bin/solarops-agent.mjs'), 'run', '--config', configPath],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  agentProcess.stderr?.on('data', (chunk: Buffer) => agentLog.push(chunk.toString()));

  // Its card lists the inverter it found, in no plant yet, with what its SunSpec map says.
  await openAgentCard();
  const row = page.getByTestId('agent-devices').getByRole('row').filter({ hasText: inverter.sn });
  await expect(row).toContainText('Found, in no plant');
  await expect(row).toContainText('SunSpec 1');
  await expect(page.getByTestId('agent-found-note')).toContainText(plantName);
  await dialogsSettled(page);
  await page.screenshot({ animations: 'disabled', path: shot('agent-found-en-1440') });
  // The same card in Chinese (the language is switched from the top bar, with the dialog closed).
  const agentButton = page.getByTestId('collector-button').filter({ hasText: AGENT_SERIAL });
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'zh');
  await agentButton.click();
  await expect(row).toContainText('已发现，未加入电站');
  await dialogsSettled(page);
  await page.screenshot({ animations: 'disabled', path: shot('agent-found-zh-1440') });
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'en');
  await agentButton.click();
  await expect(row).toContainText('Found, in no plant');

  // Accepted without typing its serial: it becomes a device of the plant, whose readings land there.
  await row.getByTestId('agent-accept').click();
  // Its confirmation zooms in: a click while it moves can miss its button (the popover then stays open).
  await dialogsSettled(page);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByText(`${inverter.sn} is now a device of ${plantName}`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(async () => {
    const devices = (await api<DeviceRow[]>(`/plant/${plantId}/devices`)).data;
    const accepted = devices.find((d) => d.serial === inverter.sn);
    expect(accepted, `${inverter.sn} in the plant; agent log:\n${agentLog.join('')}`).toMatchObject({
      viaAgent: true,
      collectorSerial: AGENT_SERIAL,
    });
    expect(accepted!.latest?.acPowerW ?? null).not.toBeNull();
  }).toPass({ timeout: 120_000, intervals: [3_000] });
  await page.keyboard.press('Escape');
  await page.goto(`/details?id=${plantId}`);
  await expect(page.getByTestId('plant-devices').getByText(inverter.sn, { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ animations: 'disabled', path: shot('agent-accepted-en-1440'), fullPage: true });
});

test('a power limit set on the accepted inverter from the remote-settings screen clips its output', async () => {
  test.setTimeout(360_000);
  const sn = inverter.sn;
  const latest = async () => (await api<DeviceRow>(`/device/${sn}`)).data.latest;
  // Placed in daylight, the inverter gives well above the limit before it is set.
  let before = 0;
  await expect
    .poll(async () => (before = (await latest())?.acPowerW ?? 0), {
      timeout: 90_000,
      intervals: [2_000],
      message: 'the inverter above a quarter of its rating',
    })
    .toBeGreaterThan(inverter.ratedPowerW * 0.25);

  await page.goto('/operation/remoteSet');
  const picker = page.getByTestId('picker-devices');
  await picker.click();
  await picker.locator('input').fill(sn);
  await page.locator('.ant-select-item-option').filter({ hasText: sn }).first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('read-current').click();
  await expect(page.getByTestId('current-activePowerLimitPct')).toContainText('%', { timeout: 60_000 });
  const limit = page.getByRole('spinbutton', { name: 'Active power limit' });
  await limit.fill('20');
  await page.getByTestId('settings-submit').click();
  const dialog = page.getByRole('dialog');
  const input = dialog.getByTestId('confirm-write-input');
  await expect(input).toBeEditable();
  await dialogsSettled(page);
  await input.fill(sn);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/remoteSetSubmit\?ids=/, { timeout: 60_000 });
  const state = page.getByTestId('command-table').getByTestId('command-state').first();
  await expect(state).toHaveAttribute('data-state', 'applied', { timeout: 120_000 });
  const appliedAt = Date.now();
  await page.screenshot({ animations: 'disabled', path: shot('agent-limit-applied-en-1440') });

  // The next readings the agent sends are held to 20 % of the inverter's rating.
  const readings = new Map<string, number>();
  await expect
    .poll(
      async () => {
        const l = await latest();
        if (l && Date.parse(l.ts) > appliedAt) readings.set(l.ts, l.acPowerW ?? 0);
        return readings.size;
      },
      { timeout: 120_000, intervals: [2_000], message: 'two readings after the limit' },
    )
    .toBeGreaterThanOrEqual(2);
  expect(before).toBeGreaterThan(inverter.ratedPowerW * 0.2);
  for (const w of readings.values()) expect(w).toBeLessThanOrEqual(inverter.ratedPowerW * 0.2 * 1.01);

  // The device's curve shows the clip, in both languages.
  await page.goto(`/details?id=${plantId}`);
  const device = page.getByTestId('plant-devices').getByText(sn, { exact: true });
  await device.click();
  await expect(page.locator('.ant-drawer canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ animations: 'disabled', path: shot('agent-clipped-en-1440') });
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'zh');
  await device.click();
  await expect(page.locator('.ant-drawer canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ animations: 'disabled', path: shot('agent-clipped-zh-1440') });
});
