/**
 * The demo's showcase faults: at the fleet's default rates a new user would wait days for an arc fault, so the
 * demo schedules a few faults of every kind on top of the random ones, in the backfilled history and within
 * minutes of a live start, and takes one collector offline for a while (docs/device-protocol.md, issue 15).
 * Deterministic: the same fleet and instants give the same schedule.
 */
import { FAULT_CODES, type FaultKind } from '@solarops/contracts';
import type { ActiveFault } from './faultInjector.ts';
import { GRID_FAULT_KINDS, startFault } from './faultInjector.ts';
import { isInverter, type DeviceDescription, type PlantDescription } from './plantDescription.ts';
import type { PlantState } from './plantModel.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A fault to start at an instant on one device. */
export interface ScheduledFault {
  serial: string;
  kind: FaultKind;
  /** Start [ms]; it starts at the first step at or after it. */
  atMs: number;
  durationMs: number;
  /** Affected PV input (string faults), 0-based. */
  stringIndex?: number;
}

/** A collector that goes silent at `fromMs` and comes back at `toMs`. */
export interface ScheduledOutage {
  collectorSerial: string;
  fromMs: number;
  toMs: number;
}

/** How long each kind lasts in the showcase [ms]: grid trips are short, an arc waits for a manual restart. */
const SHOWCASE_DURATION_MS: Record<FaultKind, number> = {
  gridOverVoltage: 20 * 60_000,
  gridUnderVoltage: 15 * 60_000,
  gridOverFrequency: 10 * 60_000,
  gridUnderFrequency: 10 * 60_000,
  lowInsulation: 2 * HOUR_MS,
  overTemperature: HOUR_MS,
  stringOpen: 6 * HOUR_MS,
  stringShort: 4 * HOUR_MS,
  arcFault: 3 * HOUR_MS,
  lossOfCommunication: 40 * 60_000,
};

/** Which devices can have a kind: communication losses hit meters and stations too, the rest inverters. */
const canHave = (device: DeviceDescription, kind: FaultKind) =>
  kind === 'lossOfCommunication' || isInverter(device);

/** Local solar noon of a plant on the UTC day of `dayMs`, roughly (12:00 less the longitude's hours) [ms]. */
const solarNoon = (plant: PlantDescription, dayMs: number) =>
  Math.floor(dayMs / DAY_MS) * DAY_MS + (12 - plant.longitude / 15) * HOUR_MS;

function devicesFor(plants: readonly PlantDescription[], kind: FaultKind) {
  return plants.flatMap((p) =>
    p.devices.filter((d) => canHave(d, kind)).map((device) => ({ plant: p, device })),
  );
}

/**
 * Faults of every kind in a backfilled history [fromMs, toMs): each kind twice, on different devices and days,
 * near the plant's solar noon (a grid trip or an arc shows in the power then).
 */
export function historyShowcase(
  plants: readonly PlantDescription[],
  fromMs: number,
  toMs: number,
): ScheduledFault[] {
  // Whole days after the first (partial) one and before the last: each showcase fault fits in the history.
  const days = Math.floor((toMs - fromMs) / DAY_MS) - 1;
  if (days < 1) return [];
  const out: ScheduledFault[] = [];
  FAULT_CODES.forEach((entry, k) => {
    const candidates = devicesFor(plants, entry.kind);
    for (let j = 0; j < 2 && candidates.length > 0; j++) {
      const { plant, device } = candidates[(k * 7 + j * 13) % candidates.length]!;
      const day = (k * 3 + j * 5) % days;
      const atMs = solarNoon(plant, fromMs + day * DAY_MS + DAY_MS) - (k % 4) * HOUR_MS;
      if (atMs < fromMs || atMs + SHOWCASE_DURATION_MS[entry.kind] >= toMs) continue;
      out.push({
        serial: device.serial,
        kind: entry.kind,
        atMs,
        durationMs: SHOWCASE_DURATION_MS[entry.kind],
        ...('strings' in device && entry.kind.startsWith('string')
          ? { stringIndex: j % device.strings }
          : {}),
      });
    }
  });
  return out;
}

/**
 * What a live start shows within minutes: at the first steps a grid over-voltage (with its waveform) that every
 * inverter of its plant sees (plantModel.ts), an arc fault (with its spectrum), an over-temperature, an open string
 * and a lost device, spread over the plants (each on its own device, none on the grid event's inverters, which it
 * would keep from starting; a fleet of fewer plants than kinds takes several on one plant); and, from the second step for
 * four steps, one collector offline that carries none of them, on a plant without any where there is one. Some
 * recover within the hour, the arc waits longer.
 */
export function liveShowcase(
  plants: readonly PlantDescription[],
  startMs: number,
  stepMs: number,
): { faults: ScheduledFault[]; outage: ScheduledOutage | undefined } {
  const kinds: FaultKind[] = [
    'gridOverVoltage',
    'arcFault',
    'overTemperature',
    'stringOpen',
    'lossOfCommunication',
  ];
  const faults: ScheduledFault[] = [];
  const usedDevices = new Set<string>();
  const usedPlants = new Set<string>();
  kinds.forEach((kind, k) => {
    const free = devicesFor(plants, kind).filter(({ device }) => !usedDevices.has(device.serial));
    // The k-th plant first (round the fleet), else the next plant with a free device of the kind.
    const n = Math.max(1, plants.length);
    const order = (plant: PlantDescription) => (plants.indexOf(plant) - (k % n) + n) % n;
    const pick = free.sort((a, b) => order(a.plant) - order(b.plant))[0];
    if (!pick) return;
    usedDevices.add(pick.device.serial);
    usedPlants.add(pick.plant.id);
    if (GRID_FAULT_KINDS.includes(kind))
      for (const d of pick.plant.devices) if (canHave(d, kind)) usedDevices.add(d.serial);
    faults.push({
      serial: pick.device.serial,
      kind,
      atMs: startMs + (k % 2) * stepMs,
      durationMs: kind === 'arcFault' ? 6 * HOUR_MS : Math.max(3 * stepMs, SHOWCASE_DURATION_MS[kind] / 2),
      ...(kind === 'stringOpen' ? { stringIndex: 0 } : {}),
    });
  });
  // A collector none of whose devices has a showcase fault, so that its offline alarm stands on its own.
  const faulted = new Set(
    plants.flatMap((p) => p.devices.filter((d) => usedDevices.has(d.serial)).map((d) => d.collectorSerial)),
  );
  const quiet = plants
    .flatMap((p) => p.devices.map((d) => ({ plant: p, collectorSerial: d.collectorSerial })))
    .filter((c) => !faulted.has(c.collectorSerial))
    .sort((a, b) => Number(usedPlants.has(a.plant.id)) - Number(usedPlants.has(b.plant.id)))[0];
  const outage = quiet
    ? { collectorSerial: quiet.collectorSerial, fromMs: startMs + stepMs, toMs: startMs + 5 * stepMs }
    : undefined;
  return { faults, outage };
}

/**
 * Starts the scheduled faults due in the step ending at `timeMs` on the plant's devices that are not in a fault
 * already. Call before `stepPlant`: the step then reports the fault.
 */
export function startScheduledFaults(
  state: PlantState,
  faults: readonly ScheduledFault[],
  timeMs: number,
  stepMs: number,
): void {
  for (const f of faults) {
    if (f.atMs > timeMs || f.atMs <= timeMs - stepMs) continue;
    const s = state.devices[f.serial];
    if (!s || s.fault) continue;
    s.fault = startFault(f.kind, timeMs, f.durationMs, f.stringIndex);
  }
}

/** A fault that started or ended in a step. */
export interface FaultTransition {
  device: DeviceDescription;
  timeMs: number;
  /** The fault before the step (ended when `is` differs), or null. */
  was: ActiveFault | null;
  /** The fault after the step (started when it differs from `was`), or null. */
  is: ActiveFault | null;
}

/** The devices' faults before a step, to compare with after it. */
export function faultSnapshot(state: PlantState): Map<string, ActiveFault | null> {
  return new Map(Object.values(state.devices).map((d) => [d.serial, d.fault]));
}

/** The fault starts and ends of a step: what changed since `before`. */
export function faultTransitions(
  plant: PlantDescription,
  before: ReadonlyMap<string, ActiveFault | null>,
  state: PlantState,
  timeMs: number,
): FaultTransition[] {
  const out: FaultTransition[] = [];
  for (const device of plant.devices) {
    const was = before.get(device.serial) ?? null;
    const is = state.devices[device.serial]?.fault ?? null;
    if (was !== is) out.push({ device, timeMs, was, is });
  }
  return out;
}
