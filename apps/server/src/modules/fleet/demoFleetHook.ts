import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  createPlantState,
  generateDemoFleet,
  liveShowcase,
  makerPublicKey,
  runFleet,
  type DeviceStateInit,
  type PlantState,
} from '@solarops/simulator/fleet';
import { rowsOf } from '../../db/rowsOf.ts';
import type { StartupHook } from '../../startupHook.ts';
import { backfillTelemetry } from './backfillTelemetry.ts';
import { demoFleetSeeded, seedDemoFleet } from './seedDemoFleet.ts';

/** What the simulator keeps in DATA_DIR: the fleet it runs and its collectors' secrets (its "flash memory"). */
interface FleetFile {
  seed: number;
  plants: number;
  /** Absent in files of earlier versions: 5 per plant. */
  devices?: number;
  secrets: Record<string, string>;
}

export const FLEET_FILE = 'demo-fleet.json';

/**
 * SIMULATOR=on (the default of `npm start`): on first start seeds the demo fleet and its accounts (passwords
 * printed once), backfills its history straight into the database, then runs the fleet live over MQTT against
 * the device link. Later starts continue the same fleet, its counters taken from the latest stored state.
 */
export const demoFleetHook: StartupHook = {
  name: 'demo fleet simulator',
  async start({ config, database, deps, logger }) {
    if (!config.simulator) return;
    const db = database.db;
    const { deviceLink, fleetChanges } = deps;
    const file = path.join(config.dataDir, FLEET_FILE);
    let saved: FleetFile;
    let states: Record<string, PlantState> = {};
    let fleet;
    if (!(await demoFleetSeeded(db))) {
      const t0 = Date.now();
      saved = {
        seed: config.simulatorSeed ?? 20240601,
        plants: config.simulatorPlants ?? 30,
        ...(config.simulatorDevices === undefined ? {} : { devices: config.simulatorDevices }),
        secrets: {},
      };
      fleet = generateDemoFleet(saved);
      const seeded = await seedDemoFleet(db, fleet, deps.brokerAccounts);
      saved.secrets = seeded.secrets;
      writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
      fleetChanges.emit('fleetAdded');
      // Printed once: the only copies of these passwords are these log lines (they are stored hashed).
      logger.warn(
        `First start: demo accounts (distributor, installers, end users owning the demo plants): ${seeded.accounts
          .map((a) => `${a.userCode} / ${a.password} (${a.role})`)
          .join('; ')}`,
      );
      const days = config.simulatorBackfillDays ?? 14;
      // No days: no history at all (a test fleet goes live at once, its counters from zero); else the daily
      // energy since each build date and the days of 5-minute readings.
      const result =
        days === 0
          ? { states: {}, readings: 0, alarms: 0 }
          : await backfillTelemetry(db, fleet.plants, seeded.deviceIds, {
              days,
              endMs: Date.now(),
              seed: saved.seed,
            });
      states = result.states;
      logger.info(
        {
          plants: fleet.plants.length,
          collectors: fleet.collectors.length,
          devices: fleet.devices.length,
          readings: result.readings,
          alarms: result.alarms,
          ms: Date.now() - t0,
        },
        `demo fleet seeded with ${days} days of history`,
      );
    } else {
      if (!existsSync(file)) {
        logger.warn(`demo fleet exists but ${file} is missing: the simulator cannot sign its collectors in`);
        return;
      }
      saved = JSON.parse(readFileSync(file, 'utf8')) as FleetFile;
      fleet = generateDemoFleet(saved);
      // Continue the counters where the stored history ends.
      const latest = await rowsOf<{
        serial: string;
        kind: string;
        energy_total_kwh: number | null;
        import_energy_kwh: number | null;
        battery_soc_percent: number | null;
      }>(
        db,
        sql`select d.serial, d.kind, l.energy_total_kwh, l.import_energy_kwh, l.battery_soc_percent
          from device_latest l join devices d on d.id = l.device_id`,
      );
      const init: Record<string, DeviceStateInit> = {};
      for (const r of latest) {
        init[r.serial] =
          r.kind === 'meter'
            ? {
                exportEnergyKwh: Number(r.energy_total_kwh ?? 0),
                importEnergyKwh: Number(r.import_energy_kwh ?? 0),
              }
            : {
                energyTotalKwh: Number(r.energy_total_kwh ?? 0),
                batterySoc: Number(r.battery_soc_percent ?? 50),
              };
      }
      for (const p of fleet.plants) states[p.id] = createPlantState(p, init);
    }
    const url = deviceLink.brokerUrl;
    if (!url) throw new Error('the device link must start before the simulator');
    // Within minutes of every start: a few faults of each level and a collector that drops off and comes back,
    // so that every alarm screen has something live to show.
    const showcase = liveShowcase(fleet.plants, Date.now(), 300_000);
    const running = await runFleet({
      url,
      plants: fleet.plants,
      collectors: fleet.collectors.map((c) => ({ ...c, secret: saved.secrets[c.serial] ?? '' })),
      speedup: config.simulatorSpeedup ?? 1,
      seed: saved.seed,
      states,
      scheduledFaults: showcase.faults,
      commands: { dropRate: config.simulatorDropRate ?? 0 },
      firmwareKeys: (config.simulatorFirmwareKeys ?? []).map(makerPublicKey),
      ...(showcase.outage ? { outage: showcase.outage } : {}),
    });
    running.tick();
    logger.info(
      { collectors: running.links.size, speedup: config.simulatorSpeedup ?? 1 },
      'demo fleet online',
    );
    return () => running.stop();
  },
};
