import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_COLLECTOR_MODEL,
  ROLE,
  type CollectorRow,
  type CommandRow,
  type DeviceRow,
} from '@solarops/contracts';
import { demoMaker, generateDemoFleet, withAgentPlant } from '@solarops/simulator/fleet';
import { AGENT_DIR, sourceAgentPackage } from '../../../test/agentPackage.ts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { uploadSignedPackage } from '../../../test/firmwareFleet.ts';
import { readableLog } from '../../../test/readableLog.ts';
import { commands } from '../commands/tables.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
import { demoFleetHook, FLEET_FILE } from './demoFleetHook.ts';
// The agent's own scan reads what the simulated devices serve, independently of the agent process under test.
import { scan } from '../../../../agent/src/scan.ts';
import { AGENT_VERSION } from '../../../../agent/src/version.ts';

interface LogLine {
  msg: string;
  plant?: string;
  collector?: string;
  modbusPort?: number;
}

/**
 * The demo takes the path a real plant takes: a first start puts one plant behind a real edge agent process,
 * which reads the simulated devices over Modbus TCP and publishes with the plant's collector serial and secret.
 */
describe('the demo fleet’s agent plant', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let admin: Record<string, string>;
  let stop: (() => Promise<void>) | undefined;
  const { logger, lines } = readableLog<LogLine>();
  // The fleet the hook makes from the same settings (seed 20240601, 3 plants): its storage plant is the agent's.
  const { fleet, agent } = withAgentPlant(generateDemoFleet({ seed: 20240601, plants: 3 }));
  const plant = fleet.plants.find((p) => p.id === agent?.plantId)!;

  beforeAll(async () => {
    t = await createTestApp({
      // Inside the repository: a version the agent installs from a package of its sources finds the repository's
      // node_modules from there (test/agentPackage.ts).
      dataDir: mkdtempSync(path.join(AGENT_DIR, '.update-test-')),
      simulator: true,
      simulatorPlants: 3,
      simulatorBackfillDays: 0,
      simulatorAgent: { modbusPort: 0 },
    });
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    stop = (await demoFleetHook.start({
      config: t.config,
      database: t.database,
      deps: t.app.deps,
      logger,
    })) as (() => Promise<void>) | undefined;
  }, 180_000);
  afterAll(async () => {
    await stop?.();
    await broker?.close();
    await t?.close();
  });

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it(
    "stores the agent plant's readings with the values its simulated devices serve over Modbus TCP",
    { timeout: 240_000 },
    async () => {
      expect(agent).toBeDefined();
      const saved = JSON.parse(readFileSync(path.join(t.config.dataDir, FLEET_FILE), 'utf8')) as {
        agent?: boolean;
      };
      expect(saved.agent).toBe(true);
      const started = lines.find((l) => l.msg === 'demo plant reporting through an edge agent');
      expect(started).toMatchObject({ plant: plant.id, collector: agent!.collectorSerial });

      // Every device of the plant shows a reading, sent by the agent process (no simulated link has its serial).
      const serials = plant.devices.map((d) => d.serial);
      let rows: DeviceRow[] = [];
      await expect
        .poll(
          async () => {
            const list = await get<{ rows: DeviceRow[] }>('/device/list?pageSize=100');
            rows = list.rows.filter((r) => serials.includes(r.serial));
            return rows.filter((r) => r.latest !== null && r.latest !== undefined).length;
          },
          { timeout: 180_000, interval: 500 },
        )
        .toBe(serials.length);

      // The console knows these devices report through an edge agent (the plant page says so), and no others.
      expect(rows.map((r) => r.viaAgent)).toEqual(serials.map(() => true));
      const others = await get<{ rows: DeviceRow[] }>('/device/list?pageSize=100');
      expect(others.rows.filter((r) => !serials.includes(r.serial) && r.viaAgent)).toEqual([]);
      // A storage plant: its hybrid inverters' batteries come through too.
      expect(rows.some((r) => (r.latest?.batterySocPercent ?? 0) > 0)).toBe(true);
      for (const d of agent!.devices) {
        const [served] = await scan({
          endpoint: { kind: 'tcp', host: '127.0.0.1', port: started!.modbusPort! },
          unitId: d.unitId,
          timeoutMs: 10_000,
        });
        const row = rows.find((r) => r.serial === d.sn)!;
        // What the device serves and the agent sent; a value it does not serve (a new counter at 0 is "not
        // implemented" in SunSpec) is stored as absent, never as 0.
        const r = served!.reading;
        expect(row.latest, d.sn).toMatchObject({
          acPowerW: r.acPowerW ?? null,
          energyTotalKwh: r.energyTotalKwh ?? null,
          tempC: r.tempC ?? null,
          batterySocPercent: r.batterySocPercent ?? null,
        });
      }

      // The collector online is the agent: it said its version and its clock on connect.
      const info = await get<{ data: CollectorRow }>(`/collector/${agent!.collectorSerial}`);
      expect(info.data.online).toBe(true);
      expect(info.data.firmwareVersion).toBe(AGENT_VERSION);
      expect(info.data.clockOffsetMs).not.toBeNull();
      // Its own log, through the server's: one link, every device of the plant.
      expect(lines.map((l) => l.msg)).toContainEqual(
        expect.stringMatching(
          new RegExp(`^edge agent: \\S+ running: 1 link\\(s\\), ${serials.length} device\\(s\\)`),
        ),
      );
    },
  );

  it(
    'updates its agent through the console as on a gateway: its supervisor starts the new version, which reports itself',
    { timeout: 300_000 },
    async () => {
      const serial = agent!.collectorSerial;
      await expect
        .poll(async () => (await get<{ data: CollectorRow }>(`/collector/${serial}`)).data.online, {
          timeout: 180_000,
          interval: 500,
        })
        .toBe(true);
      // A package signed by the demo's maker, whose key the console and the demo's agent trust from the first start.
      const saved = JSON.parse(readFileSync(path.join(t.config.dataDir, FLEET_FILE), 'utf8')) as {
        makerSeed: string;
      };
      const packageId = await uploadSignedPackage(
        t.app,
        admin,
        demoMaker(Buffer.from(saved.makerSeed, 'base64')),
        {
          collectType: AGENT_COLLECTOR_MODEL,
          version: '0.9.0',
          image: sourceAgentPackage('0.9.0'),
          trust: false,
        },
      );
      const upgrade = await t.app.inject({
        method: 'POST',
        url: '/prod-api/firmware/upgrade?langType=en',
        headers: admin,
        payload: { packageId, serial },
      });
      expect(upgrade.statusCode, upgrade.body).toBe(200);
      const id = (upgrade.json().data as CommandRow).id;
      let row: typeof commands.$inferSelect | undefined;
      await expect
        .poll(
          async () => {
            [row] = await t.db.select().from(commands).where(eq(commands.id, id));
            return row?.finishedAt !== null;
          },
          { timeout: 240_000, interval: 250 },
        )
        .toBe(true);
      expect(row!.state, row!.reasonDetail ?? '').toBe('applied');
      expect(row!.result).toMatchObject({ stage: 'done', running: '0.9.0' });
      const info = await get<{ data: CollectorRow }>(`/collector/${serial}`);
      expect(info.data.firmwareVersion).toBe('0.9.0');
    },
  );
});
