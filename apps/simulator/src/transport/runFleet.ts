import type { KeyObject } from 'node:crypto';
import type { DeviceEvent, TelemetryReading } from '@solarops/contracts';
import {
  DEFAULT_FAULT_RATES,
  createPlantState,
  faultSnapshot,
  faultTransitions,
  startScheduledFaults,
  stepPlant,
  type DemoCollector,
  type DemoPlant,
  type FaultRates,
  type PlantState,
  type ScheduledFault,
  type ScheduledOutage,
} from '../physics/index.ts';
import { CommandResponder, writeDropDraws, type ResponderOptions } from '../commands/CommandResponder.ts';
import { DeviceSettings } from '../commands/DeviceSettings.ts';
import { FirmwareUpdater } from '../commands/FirmwareUpdater.ts';
import { fleetIvScanner } from '../commands/ivScanner.ts';
import type { IvFaultRates } from '../physics/ivCurve.ts';
import { ModbusFace } from '../modbus/ModbusFace.ts';
import { ImmediateControls } from '../modbus/ImmediateControls.ts';
import { StorageControls } from '../modbus/StorageControls.ts';
import { modelAddress, sunspecImage } from '../modbus/sunspecImage.ts';
import type { AgentPlant } from '../agentPlant/agentPlant.ts';
import { CollectorLink } from './CollectorLink.ts';
import { toDeviceEvents } from './toDeviceEvents.ts';
import { toProtocolReading } from './toProtocolReading.ts';

/** Options of {@link runFleet}. */
export interface FleetRunOptions {
  /** Broker URL. */
  url: string;
  plants: readonly DemoPlant[];
  collectors: readonly (DemoCollector & { secret: string })[];
  /** Reports come this many times as often as the 5-minute step (demos fill charts faster) [unitless]. */
  speedup?: number;
  /** Reporting step of the devices [ms]. Default 5 minutes. */
  stepMs?: number;
  /** Fault seed [unitless] and rates [1/day]. */
  seed?: number;
  faultRates?: FaultRates;
  /** Plant states to continue (counters after a backfill or a restart), by plant id. */
  states?: Record<string, PlantState>;
  /** The clock [ms]. */
  now?: () => number;
  /** How the devices answer commands (share of writes acknowledged and dropped). */
  commands?: ResponderOptions;
  /** Share of strings showing each fault in IV scans; DEFAULT_IV_FAULT_RATES when absent. */
  ivFaultRates?: IvFaultRates;
  /** Faults to start at given instants on top of the random ones (the demo's showcase). */
  scheduledFaults?: readonly ScheduledFault[];
  /** A collector to take offline for a while (it buffers its batches and sends them when back). */
  outage?: ScheduledOutage;
  /**
   * Collectors without power, by serial (their logger unplugged on site): they never sign in and their devices'
   * readings are not kept, so the console shows them and their devices offline for as long as the fleet runs.
   */
  unplugged?: readonly string[];
  /**
   * The makers' keys the collectors' boot loaders trust: with any, each collector takes upgrades of its own
   * firmware (`FirmwareUpdater`, signature checked); without, it has no upgrade side.
   */
  firmwareKeys?: readonly KeyObject[];
  /**
   * A plant read by an edge agent: its collector gets no simulated link; its devices serve their readings as
   * SunSpec registers on a Modbus TCP port instead (`ModbusFace`), at their unit ids, for the agent to poll.
   */
  agentPlant?: AgentPlant & { modbusPort?: number; modbusHost?: string };
}

/** A running fleet. */
export interface RunningFleet {
  links: Map<string, CollectorLink>;
  /** Each device's settings registers, by device serial (devices whose model has a settings profile). */
  settings: Map<string, DeviceSettings>;
  /** Each collector's command responder, by collector serial. */
  responders: Map<string, CommandResponder>;
  /** Each collector's firmware side, by collector serial (when the fleet trusts a maker's key). */
  firmware: Map<string, FirmwareUpdater>;
  /**
   * Collectors whose secret the server refused at the start (re-keyed in the console since it was saved): they
   * keep their batches and stay offline until `rekey` gives them the new secret. The rest of the fleet runs.
   */
  refused: string[];
  /** Gives a collector its new secret (as its installer would): it signs in again with it and sends its buffer. */
  rekey(serial: string, secret: string): Promise<void>;
  /** The Modbus TCP port the agent plant's devices answer on (with `agentPlant`). */
  modbusPort: number | undefined;
  /** Runs one step now (the timer calls this; tests call it directly). */
  tick(): void;
  stop(): Promise<void>;
}

/** A stable, plausible ICCID per collector serial (19 digits, 8986 = China Mobile style prefix). */
function iccidOf(serial: string): string {
  let h = 0;
  for (const ch of serial) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `8986${String(h).padStart(10, '0')}${serial.replace(/\D/g, '').slice(-5).padStart(5, '0')}`.slice(
    0,
    19,
  );
}

/**
 * Runs a fleet live over MQTT: every step each plant is stepped at the real instant, its readings go out per
 * collector as one telemetry batch, and fault starts and recoveries go out on the event topic. Each collector keeps
 * its unacknowledged batches and re-sends them after a disconnect (CollectorLink).
 *
 * With a speed-up factor the step runs `speedup` times as often, still stamped with the real time (the server
 * refuses readings from the future), so a demo's charts fill faster while energy stays physical.
 */
export async function runFleet(options: FleetRunOptions): Promise<RunningFleet> {
  const speedup = options.speedup ?? 1;
  const stepMs = options.stepMs ?? 300_000;
  const now = options.now ?? Date.now;
  const states = options.states ?? {};
  const rates = options.faultRates ?? DEFAULT_FAULT_RATES;
  const links = new Map<string, CollectorLink>();
  const settings = new Map<string, DeviceSettings>();
  for (const plant of options.plants)
    for (const d of plant.devices) {
      if (!('ratedPowerW' in d)) continue;
      const s = DeviceSettings.of(
        {
          model: d.model,
          ratedPowerW: d.ratedPowerW,
          timeZone: plant.timeZone,
          ...('battery' in d ? { battery: d.battery } : {}),
        },
        now,
      );
      if (s) settings.set(d.serial, s);
    }
  const responders = new Map<string, CommandResponder>();
  const ivScan = fleetIvScanner(options.plants, {
    seed: options.seed ?? 1,
    now,
    ...(options.ivFaultRates ? { rates: options.ivFaultRates } : {}),
  });
  const firmware = new Map<string, FirmwareUpdater>();
  const agentPlant = options.agentPlant;
  const face = agentPlant ? new ModbusFace() : undefined;
  const modbusPort = await face?.start(agentPlant?.modbusPort ?? 0, agentPlant?.modbusHost);
  const unitOf = new Map(agentPlant?.devices.map((d) => [d.sn, d.unitId]));
  const descriptionOf = new Map(
    options.plants
      .flatMap((p) => p.devices)
      .filter((d) => unitOf.has(d.serial))
      .map((d) => [d.serial, d]),
  );
  /**
   * The agent plant's inverters' SunSpec immediate controls (model 123), which the agent writes through the face:
   * a limit there caps the inverter as its settings do. Each unit's last reading, to serve a write's result at once.
   */
  const immediate = new Map<string, ImmediateControls>();
  /** The agent plant's hybrids' storage controls (124, and 802's settings), which drive their batteries. */
  const storage = new Map<string, StorageControls>();
  const lastReading = new Map<string, TelemetryReading>();
  const serveUnit = (serial: string): Map<number, number> | undefined => {
    const reading = lastReading.get(serial);
    const image =
      reading &&
      sunspecImage(descriptionOf.get(serial)!, reading, immediate.get(serial), storage.get(serial));
    if (image) face!.serve(unitOf.get(serial)!, image);
    return image;
  };
  for (const [serial, d] of descriptionOf) {
    if (!('ratedPowerW' in d)) continue;
    const controls = new ImmediateControls(now);
    immediate.set(serial, controls);
    const battery = 'battery' in d ? new StorageControls(d.battery, now) : undefined;
    if (battery) storage.set(serial, battery);
    face!.takeWrites(unitOf.get(serial)!, (address, values) => {
      const image = serveUnit(serial);
      if (!image) return 2;
      // Models 123, 124 and 802 take writes, each within itself; any other register refuses them.
      for (const id of [123, 124, 802] as const) {
        const at = modelAddress(image, id);
        if (at === undefined || address < at || address + values.length > at + image.get(at + 1)! + 2)
          continue;
        const offset = address - at;
        const held = Array.from({ length: image.get(at + 1)! + 2 }, (_, i) => image.get(at + i)!);
        const refusal =
          id === 123 ? controls.write(offset, values) : battery?.write(id, held, offset, values);
        if (refusal === undefined) serveUnit(serial);
        return refusal;
      }
      return 2;
    });
  }
  const unplugged = new Set(options.unplugged);
  for (const c of options.collectors) {
    // The agent plant's collector is the agent itself, a process of its own: it polls the devices' registers.
    if (c.serial === agentPlant?.collectorSerial) continue;
    if (unplugged.has(c.serial)) continue;
    const reply = (r: Parameters<CollectorLink['sendReply']>[0]) => links.get(c.serial)?.sendReply(r);
    if (options.firmwareKeys?.length)
      firmware.set(
        c.serial,
        new FirmwareUpdater(reply, {
          version: c.firmwareVersion,
          trustedKeys: options.firmwareKeys,
          // Back from the reboot, the collector tells its new version (a real one reconnects and says it).
          onBooted: () => void links.get(c.serial)?.announce(),
        }),
      );
    const responder = new CommandResponder(settings, reply, {
      now,
      random: writeDropDraws(options.seed ?? 1, c.serial),
      ivScan,
      ...options.commands,
      ...(firmware.has(c.serial) ? { firmware: new Map([[c.serial, firmware.get(c.serial)!]]) } : {}),
    });
    responders.set(c.serial, responder);
    links.set(
      c.serial,
      new CollectorLink({
        url: options.url,
        serial: c.serial,
        secret: c.secret,
        onCommand: (m) => responder.handle(m),
        // Read at every connect: the version it runs now, an upgrade's once installed.
        status: () => ({
          firmware: firmware.get(c.serial)?.version ?? c.firmwareVersion,
          iccid: c.network === 'WiFi' ? undefined : iccidOf(c.serial),
          signal: -60 - (c.serial.charCodeAt(c.serial.length - 1) % 40),
          intervalS: Math.max(5, Math.round(stepMs / speedup / 1000)),
        }),
      }),
    );
  }
  // One collector refused (its secret changed) must not stop the others: each start settles on its own.
  const started = await Promise.allSettled([...links.values()].map((l) => l.start()));
  const refused = [...links.keys()].filter((_, i) => started[i]!.status === 'rejected');

  // The ticks run every stepMs / speedup while their readings are stamped with the real time: the showcase's
  // instants are counted in ticks from the start, so that a sped-up demo shows them as soon.
  const startMs = now();
  const tickMs = Math.max(1000, stepMs / speedup);
  const inTicks = (ms: number) => startMs + ((ms - startMs) / stepMs) * tickMs;
  const scheduled = (options.scheduledFaults ?? []).map((f) => ({ ...f, atMs: inTicks(f.atMs) }));
  const outage = options.outage && {
    link: links.get(options.outage.collectorSerial),
    fromMs: inTicks(options.outage.fromMs),
    toMs: inTicks(options.outage.toMs),
    state: 'before' as 'before' | 'offline' | 'back',
  };
  const followOutage = (t: number) => {
    if (!outage?.link) return;
    if (outage.state === 'before' && t >= outage.fromMs) {
      outage.state = 'offline';
      // Dropped without a goodbye, like a collector losing its power: the broker publishes its last will.
      void outage.link.stop();
    } else if (outage.state === 'offline' && t >= outage.toMs) {
      outage.state = 'back';
      void outage.link.start().catch(() => undefined);
    }
  };

  const tick = () => {
    const t = now();
    followOutage(t);
    for (const plant of options.plants) {
      const state = (states[plant.id] ??= createPlantState(plant));
      for (const device of plant.devices) {
        const s = settings.get(device.serial);
        const ds = state.devices[device.serial];
        // A limit written to its SunSpec controls (the agent plant) caps it too: the lower of the two is in force;
        // its storage controls, where they say what the battery does, drive the battery.
        const sunspec = immediate.get(device.serial);
        if (ds && (s || sunspec)) {
          const controls = s?.controls() ?? {};
          const limitW = 'ratedPowerW' in device ? sunspec?.acLimitW(device.ratedPowerW) : undefined;
          const battery = storage.get(device.serial)?.command();
          ds.controls = {
            ...controls,
            ...(limitW === undefined ? {} : { acLimitW: Math.min(controls.acLimitW ?? Infinity, limitW) }),
            ...(battery ? { batteryAt: () => battery } : {}),
          };
        }
      }
      const before = faultSnapshot(state);
      startScheduledFaults(state, scheduled, t, tickMs);
      const step = stepPlant(plant, state, t, { seed: options.seed ?? 1, faultRates: rates, stepMs });
      const byCollector = new Map<string, { readings: TelemetryReading[]; events: DeviceEvent[] }>();
      const bucket = (serial: string) => {
        let b = byCollector.get(serial);
        if (!b) byCollector.set(serial, (b = { readings: [], events: [] }));
        return b;
      };
      for (const r of step.readings) {
        const reading = toProtocolReading(r);
        const unitId = unitOf.get(r.serial);
        if (face && unitId !== undefined) {
          lastReading.set(r.serial, reading);
          serveUnit(r.serial);
          continue;
        }
        bucket(r.collectorSerial).readings.push(reading);
        if (r.kind === 'inverter') settings.get(r.serial)?.observe(r);
      }
      for (const e of toDeviceEvents(faultTransitions(plant, before, state, t))) {
        const device = plant.devices.find((d) => d.serial === e.sn);
        if (device) bucket(device.collectorSerial).events.push(e);
      }
      for (const [serial, b] of byCollector) {
        const link = links.get(serial);
        if (!link) continue;
        if (b.readings.length > 0) link.sendTelemetry(b.readings, t);
        if (b.events.length > 0) link.sendEvents(b.events);
      }
    }
  };
  const timer = setInterval(tick, tickMs);
  return {
    links,
    settings,
    responders,
    firmware,
    refused,
    modbusPort,
    async rekey(serial, secret) {
      const link = links.get(serial);
      if (!link) throw new Error(`no collector ${serial} in this fleet`);
      await link.rekey(secret);
      const at = refused.indexOf(serial);
      if (at >= 0) refused.splice(at, 1);
    },
    tick,
    async stop() {
      clearInterval(timer);
      await Promise.all([...links.values()].map((l) => l.stop()));
      await face?.stop();
    },
  };
}
