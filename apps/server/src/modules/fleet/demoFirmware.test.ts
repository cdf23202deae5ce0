import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type FirmwarePackageRow } from '@solarops/contracts';
import { DEMO_FIRMWARE_VERSION, demoMaker, generateDemoFleet, runFleet } from '@solarops/simulator/fleet';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { commands } from '../commands/tables.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
import { noBrokerAccounts } from '../devices/BrokerAccounts.ts';
import { DEMO_MAKER_NAME, seedDemoFirmware } from './seedDemoFirmware.ts';
import { seedDemoFleet } from './seedDemoFleet.ts';

type Headers = Record<string, string>;

/**
 * A new user's first upgrade on the demo: before, every device failed ("no device …"), since the simulated
 * collectors trusted no maker unless SIMULATOR_FIRMWARE_KEYS was set. Now the first start trusts a demo maker and
 * holds a sample package it signed; the simulated collectors trust the same key, install it and say their version.
 */
describe('the demo’s sample firmware', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let admin: Headers;
  let fleet: Awaited<ReturnType<typeof runFleet>>;
  const demo = generateDemoFleet({ seed: 7, plants: 2 });
  const makerSeed = randomBytes(32);

  beforeAll(async () => {
    t = await createTestApp({ firmwareChunkBytes: 8 * 1024 });
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    const seeded = await seedDemoFleet(t.db, demo, noBrokerAccounts);
    await seedDemoFirmware(t.db, t.config.filesDir, demo, makerSeed);
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    // The demo's wiring: the collectors trust the demo maker's key (demoFleetHook.ts).
    fleet = await runFleet({
      url: `mqtt://127.0.0.1:${broker.port}`,
      plants: demo.plants,
      collectors: demo.collectors.map((c) => ({ ...c, secret: seeded.secrets[c.serial] ?? '' })),
      seed: 7,
      firmwareKeys: [demoMaker(makerSeed).publicKey],
    });
    // Online once their status messages are stored.
    for (let i = 0; i < 1200; i++) {
      const online = await rowsOf(t.db, sql`select 1 from collectors where online`);
      if (online.length === demo.collectors.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 180_000);
  afterAll(async () => {
    await fleet?.stop();
    await broker?.close();
    await t?.close();
  });

  /** A list's rows (a page envelope: `rows` beside `total`). */
  const list = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: admin });
    expect(res.statusCode).toBe(200);
    return (res.json() as { rows: T[] }).rows;
  };

  it('trusts the demo maker and holds one signed package per collector model, newer than every collector', async () => {
    const keys = await list<{ name: string }>('/firmware/key/list');
    expect(keys.map((k) => k.name)).toContain(DEMO_MAKER_NAME);
    const packages = await list<FirmwarePackageRow>('/firmware/package/list?pageSize=50');
    const models = [...new Set(demo.collectors.map((c) => c.model))].sort();
    expect(packages.map((p) => p.collectType).sort()).toEqual(models);
    for (const p of packages) {
      expect(p).toMatchObject({
        signature: 'valid',
        signedBy: DEMO_MAKER_NAME,
        version: DEMO_FIRMWARE_VERSION,
      });
    }
    for (const c of demo.collectors) expect(c.firmwareVersion < DEMO_FIRMWARE_VERSION).toBe(true);
  });

  it('upgrades a demo collector end to end: it installs the package and reports its new version', async () => {
    const collector = demo.collectors[0]!;
    const packages = await list<FirmwarePackageRow>('/firmware/package/list?pageSize=50');
    const pkg = packages.find((p) => p.collectType === collector.model)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/firmware/upgrade?langType=en',
      headers: admin,
      payload: { packageId: pkg.id, serial: collector.serial },
    });
    expect(res.statusCode).toBe(200);
    const id = (res.json() as { data: { id: string } }).data.id;
    await expect
      .poll(
        async () => {
          await t.app.deps.commandCenter.dispatch();
          const [row] = await t.db.select().from(commands).where(eq(commands.id, id));
          return row?.state;
        },
        { timeout: 120_000, interval: 200 },
      )
      .toBe('applied');
    expect(fleet.firmware.get(collector.serial)!.version).toBe(DEMO_FIRMWARE_VERSION);
  }, 150_000);
});
