import type { IvScanResult } from '@solarops/contracts';
import type { IvFaultClass } from '@solarops/pv';
import { scanString, type IvFaultRates } from '../physics/ivCurve.ts';
import type { InverterDescription, PlantDescription } from '../physics/plantDescription.ts';
import { plantWeather } from '../physics/plantWeather.ts';
import { hashString, mulberry32, type Rng } from '../physics/random.ts';

/** What an inverter answers to an IV scan: the curves, or undefined when it has no PV inputs. */
export type IvScanner = (target: string, points: number) => IvScanResult | undefined;

/** Share of strings showing each fault in the simulated scans, unless a run sets its own [unitless]. */
export const DEFAULT_IV_FAULT_RATES: IvFaultRates = {
  soiling: 0.04,
  partial_shading: 0.04,
  bypass_diode_short: 0.02,
  open_circuit: 0.01,
  series_resistance: 0.02,
  shunt_resistance: 0.02,
  pid: 0.01,
  degradation: 0.03,
  mismatch: 0.02,
};

/** How long a sweep of all strings takes [ms]: the irradiance is reported at its start and end. */
const SWEEP_MS = 3000;

const isInverter = (d: PlantDescription['devices'][number]): d is InverterDescription =>
  d.kind === 'stringInverter' || d.kind === 'microInverter' || d.kind === 'hybridInverter';

/**
 * The scanner of a simulated fleet: each string of the inverter swept at the plant's irradiance and cell
 * temperature of the moment (single diode per substring with its bypass diode, tracer noise), with faults drawn
 * per string at `rates`. The draws come from the fleet's seed, the serial and the number of scans so far, so a
 * run repeats itself.
 */
export function fleetIvScanner(
  plants: readonly PlantDescription[],
  options: { seed?: number; rates?: IvFaultRates; now?: () => number } = {},
): IvScanner & { faults: Map<string, IvFaultClass[]> } {
  const inverters = new Map<string, { plant: PlantDescription; device: InverterDescription }>();
  for (const plant of plants)
    for (const device of plant.devices)
      if (isInverter(device)) inverters.set(device.serial, { plant, device });
  const rngs = new Map<string, Rng>();
  /** The faults drawn at each inverter's last scan, by string (tests compare the diagnosis with them). */
  const faults = new Map<string, IvFaultClass[]>();
  const scan = (target: string, points: number): IvScanResult | undefined => {
    const found = inverters.get(target);
    if (!found) return undefined;
    const { plant, device } = found;
    const t = (options.now ?? Date.now)();
    const start = plantWeather(plant, t);
    const end = plantWeather(plant, t + SWEEP_MS);
    let rng = rngs.get(target);
    if (!rng) rngs.set(target, (rng = mulberry32(hashString(`${options.seed ?? 1}:iv:${target}`))));
    const n = Math.min(Math.max(Math.round(points), 100), 400);
    const strings = Array.from({ length: device.strings }, (_, i) => {
      const s = scanString(
        device.module,
        device.modulesPerString,
        Math.max(start.poaGlobal, 1),
        start.tempCell,
        n,
        options.rates ?? DEFAULT_IV_FAULT_RATES,
        rng,
      );
      return {
        string: i + 1,
        fault: s.fault,
        points: s.points.map(([v, a]): [number, number] => [round(v, 2), round(a, 3)]),
      };
    });
    faults.set(
      target,
      strings.map((s) => s.fault),
    );
    return {
      poaStartWm2: round(start.poaGlobal, 1),
      poaEndWm2: round(end.poaGlobal, 1),
      moduleTempC: round(start.tempCell, 1),
      strings: strings.map(({ string, points: p }) => ({ string, points: p })),
    };
  };
  return Object.assign(scan, { faults });
}

const round = (x: number, digits: number): number => {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
};
