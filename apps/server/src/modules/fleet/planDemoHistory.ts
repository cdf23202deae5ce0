import {
  backfillPlants,
  createPlantState,
  DEFAULT_FAULT_RATES,
  historyShowcase,
  toDeviceEvents,
  type DemoPlant,
  type PlantState,
} from '@solarops/simulator/fleet';
import { localDay, localDayStartMs, nextDay } from '../../time/localDay.ts';
import type { DeviceEvent } from '@solarops/contracts';
import { lifetimeBefore } from './backfillDailyEnergy.ts';

/** Database ids of the demo fleet's devices by serial. */
export type DemoDeviceIds = ReadonlyMap<string, { id: number; plantId: number; collectorId: number | null }>;

/** One plant's local day of 5-minute history (cut to the span), the unit the history is written in. */
export interface HistoryChunk {
  plant: DemoPlant;
  /** The plant's local day. */
  day: string;
  /** First and last step [ms]. */
  fromMs: number;
  toMs: number;
  /** The plant's state before the first step, from which the chunk is generated again when it is written. */
  before: PlantState;
}

/** What the demo fleet's history is, before any of it is written. */
export interface DemoHistoryPlan {
  fromMs: number;
  toMs: number;
  stepMs: number;
  /** The generator's options: fault seed and rates, the showcase's faults of every kind. */
  options: Parameters<typeof backfillPlants>[5];
  /** Per plant id, its chunks oldest first. */
  chunks: Map<string, HistoryChunk[]>;
  /** The plant states after the last step: where the live fleet continues. */
  states: Record<string, PlantState>;
  /** Every fault raised and cleared in the history, for the alarm screens (`sn`: the device's serial). */
  events: DeviceEvent[];
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the demo fleet's generator over `[fromMs, toMs]` in memory, writing nothing: each plant from its local
 * midnight of `fromMs`'s day, its counters from its daily energy since the build date to that day
 * (`lifetimeBefore`), so that the daily and the 5-minute history meet at midnight. Keeps the plant's state at the start of each of
 * its local days, so that each day can be generated again, alone and in any order, exactly as in this run (the
 * generator is a pure function of state and time), and the states after the last step, where the live fleet goes
 * on. Needs nothing of the database, so that it runs while the fleet is seeded; yields to the event loop between
 * plants: run beside a live server, it never holds it long.
 */
export async function planDemoHistory(
  plants: readonly DemoPlant[],
  span: { fromMs: number; toMs: number; seed: number; stepMs?: number },
  /**
   * Plans only the plants `[from, to)` of `plants` (a part of the plan, made in a thread of its own beside the
   * others: `planDemoHistoryInThread`); the history's showcase faults are still those of the whole fleet.
   */
  part: { from: number; to: number } = { from: 0, to: plants.length },
): Promise<DemoHistoryPlan> {
  const stepMs = span.stepMs ?? 300_000;
  const { fromMs, toMs } = span;
  const planned = plants.slice(part.from, part.to);
  const lifetime = lifetimeBefore(planned, fromMs);
  const options = {
    seed: span.seed,
    faultRates: DEFAULT_FAULT_RATES,
    // Faults of every kind in the history, beside the random ones (the demo shows the alarm screens at once).
    scheduledFaults: historyShowcase(plants, fromMs, toMs),
  };
  const chunks = new Map<string, HistoryChunk[]>();
  const states: Record<string, PlantState> = {};
  const events: DeviceEvent[] = [];
  for (const plant of planned) {
    await yieldToLoop();
    const state = createPlantState(plant, lifetime);
    states[plant.id] = state;
    const list: HistoryChunk[] = [];
    // From the plant's local midnight of the span's first day: the day is whole, right after its daily energy.
    for (let start = localDayStartMs(plant.timeZone, localDay(plant.timeZone, fromMs)); start <= toMs;) {
      const day = localDay(plant.timeZone, start);
      // At least one step: a zone whose midnight is off the 5-minute grid never stalls the loop.
      const end = Math.max(start, Math.min(toMs, localDayStartMs(plant.timeZone, nextDay(day)) - stepMs));
      list.push({ plant, day, fromMs: start, toMs: end, before: structuredClone(state) });
      backfillPlants(
        [plant],
        start,
        end,
        stepMs,
        (_p, _readings, _t, faults) => events.push(...toDeviceEvents(faults)),
        { ...options, states },
      );
      start = end + stepMs;
    }
    chunks.set(plant.id, list);
  }
  return { fromMs, toMs, stepMs, options, chunks, states, events };
}
