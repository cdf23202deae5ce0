/**
 * Backfill: runs plants over a past period at a fixed step, so that charts have history on first start.
 * Readings are handed to a callback per step rather than collected, since 14 days × 5 min × 150 devices is
 * some 600 000 readings.
 */
import { faultSnapshot, faultTransitions, startScheduledFaults } from './demoShowcase.ts';
import type { FaultTransition, ScheduledFault } from './demoShowcase.ts';
import { createPlantState, stepPlant } from './plantModel.ts';
import type { DeviceReading, PlantState, StepOptions } from './plantModel.ts';
import type { PlantDescription } from './plantDescription.ts';

/** Options of {@link backfillPlants}. */
export interface BackfillOptions extends StepOptions {
  /** Existing states by plant id (continued and mutated); missing ones start fresh. */
  states?: Record<string, PlantState>;
  /** Faults to start at given instants on top of the random ones (the demo's showcase). */
  scheduledFaults?: readonly ScheduledFault[];
}

/**
 * Steps every plant from `fromMs` to `toMs` inclusive at `stepMs`.
 *
 * @param plants - Plants to run
 * @param fromMs - First instant [ms]
 * @param toMs - Last instant [ms]
 * @param stepMs - Step [ms], e.g. 300 000 for 5 minutes
 * @param onReadings - Called with each plant's readings at each step, and the faults that started or ended
 * @param options - Fault seed and rates, initial states
 * @returns the plant states after the last step, by plant id
 */
export function backfillPlants(
  plants: readonly PlantDescription[],
  fromMs: number,
  toMs: number,
  stepMs: number,
  onReadings: (
    plant: PlantDescription,
    readings: DeviceReading[],
    timeMs: number,
    faults: FaultTransition[],
  ) => void,
  options: BackfillOptions = {},
): Record<string, PlantState> {
  const states: Record<string, PlantState> = options.states ?? {};
  const stepOptions: StepOptions = { ...options, stepMs };
  for (const plant of plants) {
    const state = states[plant.id] ?? createPlantState(plant);
    states[plant.id] = state;
    const scheduled = (options.scheduledFaults ?? []).filter((f) => f.serial in state.devices);
    for (let t = fromMs; t <= toMs; t += stepMs) {
      const before = faultSnapshot(state);
      startScheduledFaults(state, scheduled, t, stepMs);
      const readings = stepPlant(plant, state, t, stepOptions).readings;
      onReadings(plant, readings, t, faultTransitions(plant, before, state, t));
    }
  }
  return states;
}
