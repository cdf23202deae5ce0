import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, signIn, test } from '../support/fixtures.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

// The demo takes the path a real plant takes: on a fresh start one plant reports through a real edge agent process
// that reads the simulated devices over Modbus TCP and SunSpec, and the plant's page says so, with the readings the
// agent sent.
const LANGS = ['zh', 'en'] as const;
const SAYS = { zh: '边缘代理', en: 'edge agent' } as const;
/** What the collector card says the agent found of a simulated device (its model chain starts with 1). */
const CARD = {
  zh: { found: 'SunSpec 1', issue: '签发密钥', once: '仅显示一次' },
  en: { found: 'SunSpec 1', issue: 'Issue', once: 'Shown once' },
} as const;

interface PlantRow {
  id: number;
}
interface DeviceRow {
  serial: string;
  model: string;
  collectorSerial: string | null;
  viaAgent: boolean;
  latest: { acPowerW: number | null } | null;
}

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let plantId = 0;
let agentSerial = '';
let devices: DeviceRow[] = [];

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  // Starting and seeding a second server, and the agent beside it: seconds alone, minutes on a busy machine.
  test.setTimeout(360_000);
  fleet = await startFleetServer({ plants: 3, backfillDays: 0, agent: true });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  const token = await fleet.login('admin', fleet.adminPassword);
  const plants = (await fleet.api<{ rows: PlantRow[] }>('/plant/list?pageSize=50', { token })).rows;
  for (const p of plants) {
    const rows = (await fleet.api<{ data: DeviceRow[] }>(`/plant/${p.id}/devices`, { token })).data;
    if (rows.some((d) => d.viaAgent)) plantId = p.id;
  }
  expect(plantId, 'a plant reporting through an edge agent').toBeGreaterThan(0);
  // Every device of it has a reading, which only the agent can have sent: no simulated collector reports them.
  await expect(async () => {
    devices = (await fleet.api<{ data: DeviceRow[] }>(`/plant/${plantId}/devices`, { token })).data;
    expect(devices.filter((d) => d.latest === null)).toEqual([]);
  }).toPass({ timeout: 180_000 });
  agentSerial = devices[0]!.collectorSerial!;
  expect(devices.every((d) => d.viaAgent && d.collectorSerial === agentSerial)).toBe(true);
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await fleet?.close();
});

for (const lang of LANGS) {
  test(`${lang}: the agent plant's page says it reports through an edge agent, with its devices' readings`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLanguage(page, lang, fleet.baseUrl);
    await signIn(page, 'admin', fleet.adminPassword);
    // Signed in once the dashboard shows: only then does the plant's address open the plant, not the sign-in.
    await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
    await page.goto(`/details?id=${plantId}`);
    const note = page.getByTestId('plant-via-agent');
    await expect(note).toBeVisible({ timeout: 30_000 });
    await expect(note).toContainText(SAYS[lang]);
    await expect(note).toContainText(agentSerial);
    const table = page.getByTestId('plant-devices');
    for (const d of devices) await expect(table.getByText(d.serial, { exact: true })).toBeVisible();
    await expect(page.getByTestId('collector-button')).toHaveCount(1);
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`agent-plant-${lang}-1440`), fullPage: true });

    // The agent's collector card: what discovery found of every device behind it, and how its polls went.
    await page.getByTestId('collector-button').click();
    const report = page.getByTestId('agent-report');
    await expect(report).toBeVisible({ timeout: 30_000 });
    const found = page.getByTestId('agent-devices');
    for (const d of devices) {
      const row = found.getByRole('row').filter({ hasText: d.serial });
      await expect(row).toContainText(CARD[lang].found);
      await expect(row).toContainText(d.model);
    }
    await expect(page.getByTestId('agent-latency')).toContainText(/\d+ /);
    await report.scrollIntoViewIfNeeded();
    await page.screenshot({ animations: 'disabled', path: shot(`agent-collector-${lang}-1440`) });

    // Its configuration, once: a new secret in a file to download and in a QR code holding the same text.
    await page.getByTestId('agent-config').click();
    await page.getByRole('button', { name: CARD[lang].issue }).click();
    const qr = page.getByTestId('agent-config-qr');
    await expect(qr).toBeVisible({ timeout: 30_000 });
    // The config dialog's own note begins with it (the add-agent note mentions it too).
    await expect(page.getByText(new RegExp(`^${CARD[lang].once}`))).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: shot(`agent-config-${lang}-1440`) });
    const download = page.waitForEvent('download');
    await page.getByTestId('agent-config-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`agent-${agentSerial}.yaml`);
    const text = await readFile(await file.path(), 'utf8');
    expect(text).toContain(`serial: "${agentSerial}"`);
    expect(text).toMatch(/secret: "[^"]{16,}"/);
    for (const d of devices) expect(text).toContain(`sn: "${d.serial}"`);
    const png = PNG.sync.read(await qr.screenshot());
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(text);
  });
}
