import { describe, expect, it } from 'vitest';
import { backfillPlants } from './backfill.ts';
import { dailyEnergy } from './dailyEnergy.ts';
import { generateDemoFleet } from './demoFleet.ts';
import type { DemoPlant } from './demoFleet.ts';
import { utcOffsetMs } from './localTime.ts';
import type { InverterReading } from './plantModel.ts';

/**
 * What a fixed PV system gives a year at each demo site [kWh/kWp], rounded to 10: the long-term yearly average
 * specific yield (PVOUT) of the Global Solar Atlas 2 (World Bank Group, ESMAP, Solargis; globalsolaratlas.info)
 * at the city, for modules at the site's optimum tilt; for Freiburg and Leipzig PVGIS 5.2 (European Commission
 * JRC, PVGIS-SARAH2, crystalline silicon at optimum slope, 14 % system losses) gives the same within 3 %. A demo
 * plant whose roof turns a little from the equator or lies flatter gives a few percent less; ±10 % holds them.
 */
const SITE_YIELD: Record<string, number> = {
  Hangzhou: 1100,
  Jinan: 1330,
  Linxia: 1550,
  Fuyang: 1200,
  Freiburg: 1130,
  Leipzig: 1030,
  Raleigh: 1420,
  Albany: 1270,
  Newcastle: 1500,
  'Wagga Wagga': 1620,
  Campinas: 1480,
  'Belo Horizonte': 1530,
  Pretoria: 1700,
  Jaipur: 1620,
  Pune: 1560,
};
const BAND = 0.1;

/** The plant's city, from its address 'street, city, region, country'. */
const cityOf = (plant: DemoPlant) => plant.address.split(', ')[1]!;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** The plant's energy over its inverters from `from` to the day before `to` [kWh]. */
const dailyKwh = (plant: DemoPlant, from: string, to: string) =>
  sum([...dailyEnergy(plant, from, to).kwhBySerial.values()].map(sum));

describe('the demo fleet’s yields', () => {
  const fleet = generateDemoFleet();

  it('places every plant at a site with a known yield', () => {
    for (const plant of fleet.plants) expect(SITE_YIELD).toHaveProperty([cityOf(plant)]);
    expect(new Set(fleet.plants.map(cityOf)).size).toBe(Object.keys(SITE_YIELD).length);
  });

  it('gives each plant, year after year, what real plants at its site give (±10 %): lifetime energy ÷ capacity ÷ years', () => {
    for (const plant of [...fleet.plants, ...generateDemoFleet({ seed: 7, plants: 45 }).plants]) {
      const years = 5;
      const specific = dailyKwh(plant, '2020-01-01', '2025-01-01') / (plant.capacityW / 1000) / years;
      const site = SITE_YIELD[cityOf(plant)]!;
      expect({ plant: plant.name, specific: Math.round(specific) }).toEqual({
        plant: plant.name,
        specific: expect.toSatisfy((y: number) => Math.abs(y / site - 1) <= BAND),
      });
    }
  });

  it('gives at each site, on days spread over a year, what the 5-minute model makes of the same days (±15 %)', () => {
    const onePerSite = [...new Map(fleet.plants.map((p) => [cityOf(p), p])).values()];
    for (const plant of onePerSite) {
      let stepped = 0;
      let daily = 0;
      for (let month = 1; month <= 12; month++) {
        const day = `2023-${String(month).padStart(2, '0')}-15`;
        const noonUtc = Date.parse(`${day}T12:00:00Z`);
        const midnight = Date.parse(`${day}T00:00:00Z`) - utcOffsetMs(plant.timeZone, noonUtc);
        backfillPlants([plant], midnight, midnight + 86_400_000 - 1, 900_000, (_p, readings) => {
          for (const r of readings)
            if (r.kind === 'inverter') stepped += (r as InverterReading).acPowerW / 4_000;
        });
        daily += dailyKwh(plant, day, `2023-${String(month).padStart(2, '0')}-16`);
      }
      expect({ city: cityOf(plant), ratio: stepped / daily }).toEqual({
        city: cityOf(plant),
        ratio: expect.toSatisfy((r: number) => r > 0.85 && r < 1.15),
      });
    }
    // Some 17 000 steps of the physics: seconds here, more on a slower machine.
  }, 60_000);
});
