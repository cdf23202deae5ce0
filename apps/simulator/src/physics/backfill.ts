/**
 * Backfill: runs plants over a past period at a fixed step, so that charts have history on first start.
 * Readings are handed to a callback per step rather than collected, since 14 days × 5 min × 150 devices is
 * some 600 000 readings.
 */
import { createPlantState, stepPlant } from './plantModel.ts';
import type { DeviceReading, PlantState, StepOptions } from './plantModel.ts';
import type { PlantDescription } from './plantDescription.ts';

/** Options of {@link backfillPlants}. */
export interface BackfillOptions extends StepOptions {
  /** Existing states by plant id (continued and mutated); missing ones start fresh. */
  states?: Record<string, PlantState>;
}

/**
 * Steps every plant from `fromMs` to `toMs` inclusive at `stepMs`.
 *
 * @param plants - Plants to run
 * @param fromMs - First instant [ms]
 * @param toMs - Last instant [ms]
 * @param stepMs - Step [ms], e.g. 300 000 for 5 minutes
 * @param onReadings - Called with each plant's readings at each step
 * @param options - Fault seed and rates, initial states
 * @returns the plant states after the last step, by plant id
 */
export function backfillPlants(
  plants: readonly PlantDescription[],
  fromMs: number,
  toMs: number,
  stepMs: number,
  onReadings: (plant: PlantDescription, readings: DeviceReading[], timeMs: number) => void,
  options: BackfillOptions = {},
): Record<string, PlantState> {
  const states: Record<string, PlantState> = options.states ?? {};
  const stepOptions: StepOptions = { ...options, stepMs };
  for (const plant of plants) {
    const state = states[plant.id] ?? createPlantState(plant);
    states[plant.id] = state;
    for (let t = fromMs; t <= toMs; t += stepMs) {
      onReadings(plant, stepPlant(plant, state, t, stepOptions).readings, t);
    }
  }
  return states;
}
