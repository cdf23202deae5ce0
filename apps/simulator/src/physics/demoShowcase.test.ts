import { describe, expect, it } from 'vitest';
import { generateDemoFleet } from './demoFleet.ts';
import { liveShowcase } from './demoShowcase.ts';
import { isInverter } from './plantDescription.ts';

const STEP = 300_000;
const START = Date.UTC(2026, 10, 24, 10);

describe('the live showcase of a demo start', () => {
  for (const plants of [3, 30]) {
    it(`gives a fleet of ${plants} plants every showcase fault and an outage within its first steps`, () => {
      const fleet = generateDemoFleet({ plants });
      const { faults, outage } = liveShowcase(fleet.plants, START, STEP);
      expect(faults.map((f) => f.kind).sort()).toEqual(
        ['arcFault', 'gridOverVoltage', 'lossOfCommunication', 'overTemperature', 'stringOpen'].sort(),
      );
      // Each on its own device, all within the first two steps.
      expect(new Set(faults.map((f) => f.serial)).size).toBe(faults.length);
      for (const f of faults) expect(f.atMs - START).toBeLessThanOrEqual(STEP);
      // The collector that goes offline carries no showcase fault, and comes back.
      const collectorOf = new Map(fleet.devices.map((d) => [d.serial, d.collectorSerial]));
      expect(outage).toBeDefined();
      expect(faults.map((f) => collectorOf.get(f.serial))).not.toContain(outage!.collectorSerial);
      expect(outage!.fromMs - START).toBeLessThanOrEqual(STEP);
      expect(outage!.toMs).toBeGreaterThan(outage!.fromMs);
    });
  }

  it('keeps the other showcase faults off the inverters of the grid event’s plant, which all see it', () => {
    for (const plants of [1, 3, 30]) {
      const fleet = generateDemoFleet({ plants });
      const { faults } = liveShowcase(fleet.plants, START, STEP);
      const grid = faults.find((f) => f.kind === 'gridOverVoltage')!;
      const plant = fleet.plants.find((p) => p.devices.some((d) => d.serial === grid.serial))!;
      const inverters = new Set(plant.devices.filter(isInverter).map((d) => d.serial));
      const others = faults.filter((f) => f !== grid && inverters.has(f.serial));
      expect(others, `${plants} plants`).toEqual([]);
    }
  });

  it('spreads the faults over different plants where the fleet has enough', () => {
    const fleet = generateDemoFleet({ plants: 30 });
    const plantOf = new Map(fleet.devices.map((d) => [d.serial, d.plantId]));
    const { faults } = liveShowcase(fleet.plants, START, STEP);
    expect(new Set(faults.map((f) => plantOf.get(f.serial))).size).toBe(faults.length);
  });
});
