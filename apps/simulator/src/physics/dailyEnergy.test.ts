import { describe, expect, it } from 'vitest';
import { backfillPlants } from './backfill.ts';
import { dailyEnergy } from './dailyEnergy.ts';
import type { InverterReading } from './plantModel.ts';
import type { PlantDescription } from './plantDescription.ts';
import { SHANGHAI_PLANT, SYDNEY_PLANT } from './testPlants.ts';

const dcKwp = (plant: PlantDescription) => plant.capacityW / 1000;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** A plant's energy per day over its inverters [kWh]. */
const plantDays = (plant: PlantDescription, from: string, to: string) => {
  const h = dailyEnergy(plant, from, to);
  return h.days.map((day, i) => ({ day, kwh: sum([...h.kwhBySerial.values()].map((k) => k[i]!)) }));
};
const monthKwh = (days: { day: string; kwh: number }[], month: string) =>
  sum(days.filter((d) => d.day.slice(5, 7) === month).map((d) => d.kwh));

describe('daily energy from the build date', () => {
  it('gives a year a specific yield of 900–1 900 kWh/kWp (the demo’s climates are sunny), summer above winter on each side of the equator', () => {
    for (const plant of [SHANGHAI_PLANT, SYDNEY_PLANT]) {
      const days = plantDays(plant, '2023-01-01', '2024-01-01');
      expect(days).toHaveLength(365);
      const specific = sum(days.map((d) => d.kwh)) / dcKwp(plant);
      expect(specific).toBeGreaterThan(900);
      expect(specific).toBeLessThan(1900);
      const [june, december] = [monthKwh(days, '06'), monthKwh(days, '12')];
      if (plant.latitude > 0) expect(june).toBeGreaterThan(december);
      else expect(december).toBeGreaterThan(june);
      // Cloudy days and clear ones: the days differ.
      const kwh = days.map((d) => d.kwh);
      expect(Math.min(...kwh)).toBeLessThan(0.6 * Math.max(...kwh));
    }
  });

  it('gives a fortnight within a third of what the 5-minute model makes of it', () => {
    const plant = SHANGHAI_PLANT;
    const fromMs = Date.parse('2024-04-01T00:00:00+08:00');
    const toMs = Date.parse('2024-04-15T00:00:00+08:00');
    let stepped = 0;
    backfillPlants([plant], fromMs, toMs, 300_000, (_p, readings) => {
      for (const r of readings)
        if (r.kind === 'inverter') stepped += (r as InverterReading).acPowerW / 12_000;
    });
    const daily = sum(plantDays(plant, '2024-04-01', '2024-04-15').map((d) => d.kwh));
    expect(daily / stepped).toBeGreaterThan(0.67);
    expect(daily / stepped).toBeLessThan(1.5);
    // Four thousand steps of the physics: seconds here, more on a slower machine.
  }, 30_000);

  it('has no days before the build date or from the first day of the 5-minute history on', () => {
    const h = dailyEnergy(SHANGHAI_PLANT, '2024-02-27', '2024-03-02');
    expect(h.days).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(dailyEnergy(SHANGHAI_PLANT, '2024-03-02', '2024-03-02').days).toEqual([]);
  });
});
