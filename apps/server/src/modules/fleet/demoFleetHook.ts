import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  createPlantState,
  demoMaker,
  generateDemoFleet,
  liveShowcase,
  makerPublicKey,
  runFleet,
  startAgentProcess,
  withAgentPlant,
  type AgentPlant,
  type AgentProcess,
  type DemoFleet,
  type DeviceStateInit,
  type PlantState,
} from '@solarops/simulator/fleet';
import { rowsOf } from '../../db/rowsOf.ts';
import type { StartupHook } from '../../startupHook.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/openDatabase.ts';
import { historySpan, prepareDemoHistory } from './backfillTelemetry.ts';
import { planDemoHistoryInThread } from './planDemoHistoryInThread.ts';
import { fillDemoHistory } from './fillDemoHistory.ts';
import { issueDemoPasswords } from './issueDemoPasswords.ts';
import { resumeDemoHistory, type PendingHistory } from './resumeDemoHistory.ts';
import { demoFleetSeeded, seedDemoFleet } from './seedDemoFleet.ts';
import { seedDemoFirmware } from './seedDemoFirmware.ts';

/** What the simulator keeps in DATA_DIR: the fleet it runs and its collectors' secrets (its "flash memory"). */
interface FleetFile {
  seed: number;
  plants: number;
  /** Absent in files of earlier versions: 5 per plant. */
  devices?: number;
  secrets: Record<string, string>;
  /** The demo maker's 32-byte seed, base64 (seedDemoFirmware.ts); absent in files of earlier versions. */
  makerSeed?: string;
  /** One plant reports through a real edge agent (`withAgentPlant`); absent in files of earlier versions. */
  agent?: boolean;
  /** With SIMULATOR_SITES=daylight: the first start's instant, where the plants were placed in daylight [ms]. */
  daylightAt?: number;
}

/** The fleet the file describes: generated from its seed, with its agent plant if it has one. */
function fleetOf(saved: FleetFile): { fleet: DemoFleet; agent: AgentPlant | undefined } {
  const fleet = generateDemoFleet(saved);
  return saved.agent ? withAgentPlant(fleet) : { fleet, agent: undefined };
}

export const FLEET_FILE = 'demo-fleet.json';

/**
 * SIMULATOR=on (the default of `npm start`): on first start seeds the demo fleet and its accounts (their passwords
 * issued and printed once the fleet is live), plans its history in memory, then runs the fleet live over MQTT against the device link and writes
 * the history straight into the database behind it, newest first (fillDemoHistory.ts). Later starts continue the
 * same fleet, its counters taken from the latest stored state, and the history where it stopped. Every start, the
 * simulator on or off, issues the demo accounts' passwords a stopped start left without (issueDemoPasswords.ts).
 */
export const demoFleetHook: StartupHook = {
  name: 'demo fleet simulator',
  async start({ config, database, deps, logger }) {
    const db = database.db;
    // Without the simulator, the demo accounts of an earlier start that stopped before their passwords were issued
    // still get them.
    if (!config.simulator) return issuingAlone(db, logger);
    const { deviceLink, fleetChanges } = deps;
    const file = path.join(config.dataDir, FLEET_FILE);
    let saved: FleetFile;
    let states: Record<string, PlantState> = {};
    let fleet: DemoFleet;
    let agent: AgentPlant | undefined;
    /** History still to write after the fleet is live: planned at first start, or resumed after a restart. */
    let history: PendingHistory | undefined;
    if (!(await demoFleetSeeded(db))) {
      const t0 = Date.now();
      const makerSeed = randomBytes(32);
      saved = {
        seed: config.simulatorSeed ?? 20240601,
        plants: config.simulatorPlants ?? 30,
        ...(config.simulatorDevices === undefined ? {} : { devices: config.simulatorDevices }),
        secrets: {},
        makerSeed: makerSeed.toString('base64'),
        ...(config.simulatorAgent ? { agent: true } : {}),
        ...(config.simulatorSites === 'daylight' ? { daylightAt: Date.now() } : {}),
      };
      ({ fleet, agent } = fleetOf(saved));
      const days = config.simulatorBackfillDays ?? 14;
      // No days: no history at all (a test fleet goes live at once, its counters from zero). Else the history is
      // planned in memory first, in a thread of its own while the fleet is seeded, so that the live fleet continues
      // its counters; it is written after the fleet is live.
      const planning =
        days > 0
          ? planDemoHistoryInThread(fleet.plants, { ...historySpan(days, Date.now()), seed: saved.seed })
          : undefined;
      // Awaited once the fleet is seeded: a failed plan fails the start then, not as an unhandled rejection.
      planning?.catch(() => undefined);
      const seeded = await seedDemoFleet(db, fleet, deps.brokerAccounts);
      await seedDemoFirmware(db, config.filesDir, fleet, makerSeed);
      saved.secrets = seeded.secrets;
      writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
      fleetChanges.emit('fleetAdded');
      if (planning) {
        const plan = await planning;
        await prepareDemoHistory(db, plan, seeded.deviceIds);
        states = plan.states;
        history = { plan, deviceIds: seeded.deviceIds, filledFromMs: new Map(), complete: new Set() };
      }
      logger.info(
        {
          plants: fleet.plants.length,
          collectors: fleet.collectors.length,
          devices: fleet.devices.length,
          ms: Date.now() - t0,
        },
        `demo fleet seeded, ${days} days of history to write while it runs`,
      );
    } else {
      if (!existsSync(file)) {
        logger.warn(`demo fleet exists but ${file} is missing: the simulator cannot sign its collectors in`);
        return issuingAlone(db, logger);
      }
      saved = JSON.parse(readFileSync(file, 'utf8')) as FleetFile;
      ({ fleet, agent } = fleetOf(saved));
      // A first start stopped before its history was written: the rest is planned again (the same plan: the
      // generator is a pure function of the fleet, the span and the seed) and written while the fleet runs.
      history = await resumeDemoHistory(db, fleet.plants, saved.seed);
      // Continue the counters where the stored readings end; a device with nothing stored since the history's
      // end continues from the planned history instead.
      const latest = await rowsOf<{
        serial: string;
        kind: string;
        ts_ms: number;
        energy_total_kwh: number | null;
        import_energy_kwh: number | null;
        battery_soc_percent: number | null;
      }>(
        db,
        sql`select d.serial, d.kind, extract(epoch from l.ts) * 1000 as ts_ms, l.energy_total_kwh,
            l.import_energy_kwh, l.battery_soc_percent
          from device_latest l join devices d on d.id = l.device_id`,
      );
      const init: Record<string, DeviceStateInit> = {};
      for (const r of latest) {
        if (history && Number(r.ts_ms) < history.plan.toMs) continue;
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
      for (const p of fleet.plants) {
        const planned = history?.plan.states[p.id];
        states[p.id] = createPlantState(p, init);
        for (const d of p.devices)
          if (planned?.devices[d.serial] && !init[d.serial])
            states[p.id]!.devices[d.serial] = planned.devices[d.serial]!;
      }
    }
    const url = deviceLink.brokerUrl;
    if (!url) throw new Error('the device link must start before the simulator');
    // Within minutes of every start: a few faults of each level and a collector that drops off and comes back,
    // so that every alarm screen has something live to show.
    // Not on the agent plant: its collector is the agent, whose outage and events the simulator does not script.
    const showcase = liveShowcase(
      fleet.plants.filter((p) => p.id !== agent?.plantId),
      Date.now(),
      300_000,
    );
    const speedup = config.simulatorSpeedup ?? 1;
    // The demo maker's key (its sample packages) and any maker's key the settings name: what the simulated
    // collectors and the agent plant's agent install.
    const firmwareKeys = [
      ...(saved.makerSeed ? [demoMaker(Buffer.from(saved.makerSeed, 'base64')).publicKeyRaw] : []),
      ...(config.simulatorFirmwareKeys ?? []),
    ];
    const running = await runFleet({
      url,
      plants: fleet.plants,
      collectors: fleet.collectors.map((c) => ({ ...c, secret: saved.secrets[c.serial] ?? '' })),
      speedup,
      seed: saved.seed,
      states,
      scheduledFaults: showcase.faults,
      commands: { dropRate: config.simulatorDropRate ?? 0 },
      firmwareKeys: firmwareKeys.map(makerPublicKey),
      ...(showcase.outage ? { outage: showcase.outage } : {}),
      ...(agent ? { agentPlant: { ...agent, modbusPort: config.simulatorAgent?.modbusPort ?? 0 } } : {}),
      unplugged: config.simulatorUnplugged ?? [],
    });
    running.tick();
    // The agent plant's agent: a process of its own under its supervisor, polling the devices' registers as beside a
    // real plant, at the simulator's pace (every 5-minute step, sped up as the fleet is).
    let agentProcess: AgentProcess | undefined;
    const startAgent = (plant: AgentPlant) => {
      agentProcess = startAgentProcess({
        plant,
        secret: saved.secrets[plant.collectorSerial] ?? '',
        mqttUrl: url,
        modbusHost: '127.0.0.1',
        modbusPort: running.modbusPort!,
        timeZone: fleet.plants.find((p) => p.id === plant.plantId)!.timeZone,
        intervalS: Math.max(1, 300 / speedup),
        trustedKeys: firmwareKeys,
        dir: path.join(config.dataDir, 'agent'),
        log: (line) => logger.info({ collector: plant.collectorSerial }, `edge agent: ${line}`),
      });
      logger.info(
        { plant: plant.plantId, collector: plant.collectorSerial, modbusPort: running.modbusPort },
        'demo plant reporting through an edge agent',
      );
    };
    if (agent) startAgent(agent);
    logger.info(
      { collectors: running.links.size - running.refused.length, speedup: config.simulatorSpeedup ?? 1 },
      'demo fleet online',
    );
    if (running.refused.length > 0)
      logger.warn(
        { collectors: running.refused },
        'demo collectors refused at sign-in: they were re-keyed while the simulator was not running. Re-key them ' +
          'again in the console (collector, new secret): the simulator then signs them in with the new secret',
      );
    // A collector re-keyed in the console while the fleet runs: the simulator keeps its new secret in DATA_DIR,
    // as a device keeps it in flash, and signs it in with it.
    const rekeyed = (serial: string, secret: string) => {
      if (agent && serial === agent.collectorSerial) {
        // The agent is given its new secret as an installer would: in its configuration, then restarted.
        saved.secrets[serial] = secret;
        writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
        const plant = agent;
        void agentProcess?.stop().then(() => startAgent(plant));
        return;
      }
      if (!running.links.has(serial)) return;
      saved.secrets[serial] = secret;
      writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
      running.rekey(serial, secret).then(
        () => logger.info({ collector: serial }, 'demo collector signed in with its new secret'),
        (err: Error) => logger.warn({ collector: serial, err }, 'demo collector refused its new secret'),
      );
    };
    fleetChanges.on('collectorRekeyed', rekeyed);
    // A stop leaves what follows to the next start: the passwords not yet issued, the history not yet written.
    const stopping = new AbortController();
    // The demo accounts' passwords, once the fleet is live (their hashes are seconds of CPU the listing of the
    // plants need not wait for).
    const issuing = issueInBackground(db, logger, stopping.signal);
    // The history is written after the fleet is live, in small transactions.
    const filling = history
      ? fillInBackground(db, history, {
          pauseMs: config.simulatorBackfillPauseMs ?? 0,
          signal: stopping.signal,
          logger,
        })
      : Promise.resolve();
    return async () => {
      fleetChanges.off('collectorRekeyed', rekeyed);
      stopping.abort();
      await filling;
      await issuing;
      await agentProcess?.stop();
      await running.stop();
    };
  },
};

/**
 * Issues the demo accounts' passwords not issued yet (issueDemoPasswords.ts) and prints them once; at every start,
 * so that a start stopped before they were issued issues them at the next. `signal` stops it between the hashes.
 */
function issueInBackground(db: Database, logger: FastifyBaseLogger, signal: AbortSignal): Promise<void> {
  return issueDemoPasswords(db, { signal }).then(
    (issued) => {
      if (issued.length === 0) return;
      // Printed once: the only copies of these passwords are these log lines (they are stored hashed). Not
      // "First start": a start stopped before it got here leaves them to a later one.
      logger.warn(
        `Passwords of the demo accounts (distributor, installers, end users owning the demo plants), printed once: ${issued
          .map((a) => `${a.userCode} / ${a.password} (${a.role})`)
          .join('; ')}`,
      );
    },
    (err: unknown) =>
      logger.error({ err }, 'demo accounts not given their passwords, given at the next start'),
  );
}

/** The demo accounts' passwords issued on a start that does not run the fleet; the function stops it. */
function issuingAlone(db: Database, logger: FastifyBaseLogger): () => Promise<void> {
  const stopping = new AbortController();
  const issuing = issueInBackground(db, logger, stopping.signal);
  return async () => {
    stopping.abort();
    await issuing;
  };
}

/** Writes the pending history, logging its end (or its failure: the next start resumes it). */
async function fillInBackground(
  db: Database,
  history: PendingHistory,
  options: { pauseMs: number; signal: AbortSignal; logger: FastifyBaseLogger },
): Promise<void> {
  const t0 = Date.now();
  try {
    const readings = await fillDemoHistory(db, history.plan, history.deviceIds, {
      filledFromMs: history.filledFromMs,
      complete: history.complete,
      pauseMs: options.pauseMs,
      signal: options.signal,
    });
    if (options.signal.aborted)
      options.logger.info({ readings }, 'demo history stopped, resumed at the next start');
    else options.logger.info({ readings, ms: Date.now() - t0 }, 'demo history complete');
  } catch (err) {
    options.logger.error({ err }, 'demo history stopped by an error, resumed at the next start');
  }
}
