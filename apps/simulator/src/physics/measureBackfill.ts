/**
 * Measures how long a 14-day, 5-minute backfill of the default demo fleet takes.
 * Run: npx tsx apps/simulator/src/physics/measureBackfill.ts (prints readings and milliseconds).
 */
import { backfillPlants } from './backfill.ts';
import { generateDemoFleet } from './demoFleet.ts';
import { DEFAULT_FAULT_RATES } from './faultInjector.ts';

/**
 * Runs the backfill and times it.
 *
 * @param days - Days of history, default 14 [day]
 * @param stepMs - Step, default 5 minutes [ms]
 * @returns number of readings and elapsed time [ms]
 */
export function measureBackfill(
  days = 14,
  stepMs = 300_000,
): { readings: number; devices: number; elapsedMs: number } {
  const fleet = generateDemoFleet();
  const end = Math.floor(Date.now() / stepMs) * stepMs;
  let readings = 0;
  const t0 = performance.now();
  backfillPlants(fleet.plants, end - days * 86_400_000, end, stepMs, (_plant, r) => (readings += r.length), {
    faultRates: DEFAULT_FAULT_RATES,
  });
  return { readings, devices: fleet.devices.length, elapsedMs: Math.round(performance.now() - t0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(measureBackfill()));
}
