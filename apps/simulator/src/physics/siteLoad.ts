/**
 * Site consumption profile: what the plant's own loads draw, for battery dispatch and the grid meter.
 *
 * Shapes are normalised to a mean of 1 over the day, so that the daily energy equals `dailyLoadKwh`.
 * Residential: a morning and a larger evening peak over a base load; commercial and the rest: business
 * hours. A ±10 % seeded variation per 15 minutes keeps it from looking synthetic.
 */
import type { PlantDescription } from './plantDescription.ts';
import { uniformAt } from './random.ts';

function bump(h: number, mu: number, s: number): number {
  return Math.exp(-0.5 * ((h - mu) / s) ** 2);
}

function residentialShape(h: number): number {
  return 0.5 + 0.9 * bump(h, 7.5, 1.2) + 1.7 * bump(h, 19.5, 2);
}

function businessShape(h: number): number {
  const open = 1 / (1 + Math.exp(-(h - 8) * 2)) - 1 / (1 + Math.exp(-(h - 18.5) * 2));
  return 0.35 + 1.4 * open;
}

function meanOf(shape: (h: number) => number): number {
  let s = 0;
  for (let i = 0; i < 288; i++) s += shape(i / 12);
  return s / 288;
}

const RESIDENTIAL_MEAN = meanOf(residentialShape);
const BUSINESS_MEAN = meanOf(businessShape);

/**
 * Site load at a local hour.
 *
 * @param plant - Plant (type, daily consumption, seed)
 * @param localHour - Hours since local midnight [h]
 * @param timeMs - Instant, for the seeded variation [ms]
 * @returns load power [W]
 */
export function siteLoadW(plant: PlantDescription, localHour: number, timeMs: number): number {
  const residential = plant.type === 'residential' || plant.type === 'energyStorage';
  const shape = residential
    ? residentialShape(localHour) / RESIDENTIAL_MEAN
    : businessShape(localHour) / BUSINESS_MEAN;
  const jitter = 1 + 0.2 * (uniformAt(plant.cloudSeed, 21, Math.floor(timeMs / 900_000)) - 0.5);
  return ((plant.dailyLoadKwh * 1000) / 24) * shape * jitter;
}
