import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ROLE,
  type EnergySeries,
  type PeriodicReport,
  type PlantPerformance,
  type PlantSummary,
  type PowerCurve,
} from '@solarops/contracts';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { localDay } from '../../time/localDay.ts';
import { backfillTelemetry, historySpan } from '../fleet/backfillTelemetry.ts';
import { noBrokerAccounts } from '../devices/BrokerAccounts.ts';
import { seedDemoFleet } from '../fleet/seedDemoFleet.ts';

/** Days of 5-minute history before now: enough that the current month holds both kinds of day on most dates. */
const HISTORY_DAYS = 4;

/** Matches a number within `share` of `expected` (and at least `floor`), for `toEqual` with a label beside it. */
const near = (expected: number, share: number, floor = 0.01) =>
  expect.toSatisfy(
    (x: number) => Math.abs(x - expected) <= Math.max(floor, Math.abs(expected) * share),
    String(expected),
  );

/** The month before `day`'s, as its first day. */
function previousMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

/**
 * What a user compares: every figure of a plant's report (energy, peak power, PR, income) against the same figure
 * on the plant's own page (its month's energy chart, its summary, its performance card) and its day curves, for
 * every demo plant, over the current month and the one before, as an administrator.
 *
 * Tolerances: energy and income to rounding (0.1 % and 1 minor unit a day); the peak is the highest point of the
 * curves to 0.1 W; PR to 1 % (the report's PR of a plant with a weather station is set on its 5-minute slots, the
 * plant page's on its daily energy over the same days).
 */
describe('report figures against the plant page and its curve', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const endMs = Date.now();
  let plants: { id: number; time_zone: string; capacity_w: number; stations: number }[];

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: admin });
    expect(res.statusCode, url).toBe(200);
    return (res.json() as { data: T }).data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const fleet = generateDemoFleet({ seed: 11, plants: 8 });
    const seeded = await seedDemoFleet(t.db, fleet, noBrokerAccounts);
    await backfillTelemetry(t.db, fleet.plants, seeded.deviceIds, { days: HISTORY_DAYS, endMs, seed: 11 });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    plants = await rowsOf(
      t.db,
      sql`select pl.id, pl.time_zone, pl.capacity_w::float8 as capacity_w,
            (select count(*)::int from devices d where d.plant_id = pl.id and d.kind = 'weatherStation') as stations
          from plants pl order by pl.id`,
    );
  }, 300_000);
  afterAll(() => t.close());

  /** The local days of the plant's 5-minute history within the month starting `first`, up to today. */
  function historyDays(zone: string, first: string): string[] {
    const { fromMs } = historySpan(HISTORY_DAYS, endMs);
    const out: string[] = [];
    for (let ms = fromMs; ms <= endMs + 86_400_000; ms += 86_400_000) {
      const d = localDay(zone, Math.min(ms, endMs));
      if (d.slice(0, 7) === first.slice(0, 7) && !out.includes(d)) out.push(d);
    }
    return out;
  }

  it('gives each plant’s month the energy and income of its page, the peak of its curves and PR within physics', async () => {
    expect(plants.length).toBe(8);
    const fleetByMonth = new Map<string, PeriodicReport>();
    let judged = 0;
    for (const p of plants) {
      const today = localDay(p.time_zone, endMs);
      for (const first of [`${today.slice(0, 7)}-01`, previousMonth(today)]) {
        const label = { plant: p.id, month: first.slice(0, 7) };
        const report = await get<PeriodicReport>(
          `/report/periodic?period=month&date=${first}&plantId=${p.id}`,
        );
        const row = report.plants[0]!;
        const series = await get<EnergySeries>(`/plant/${p.id}/energy?period=month&date=${first}`);

        // Energy and income: the report's month is the sum of the plant page's days.
        expect({ ...label, kwh: row.energyKwh }).toEqual({ ...label, kwh: near(series.totalKwh, 0.001) });
        const seriesIncome = series.points.reduce((a, x) => a + x.incomeMinor, 0);
        expect(Math.abs(row.incomeMinor - seriesIncome), JSON.stringify(label)).toBeLessThanOrEqual(
          series.points.length,
        );
        expect(row.currency).toBe(series.currency);

        // Peak power: the highest point of the month's day curves, never above the plant's capacity.
        const days = historyDays(p.time_zone, first);
        let curveMax = 0;
        for (const day of days) {
          const curve = await get<PowerCurve>(`/plant/${p.id}/power?date=${day}`);
          for (const x of curve.points) curveMax = Math.max(curveMax, x.powerW ?? 0);
        }
        expect({ ...label, peakW: row.peakPowerW }).toEqual({ ...label, peakW: near(curveMax, 0, 0.1) });
        expect(row.peakPowerW).toBeLessThanOrEqual(p.capacity_w);

        // PR bounded by physics, and for this month the plant page's own.
        if (row.performanceRatio !== null) {
          expect(row.performanceRatio, JSON.stringify(label)).toBeGreaterThan(0.3);
          expect(row.performanceRatio, JSON.stringify(label)).toBeLessThanOrEqual(1);
          expect(row.irradianceSource).toBe(p.stations > 0 ? 'sensor' : 'model');
        }
        if (first.slice(0, 7) === today.slice(0, 7)) {
          const summary = await get<PlantSummary>(`/plant/${p.id}/summary`);
          expect({ ...label, kwh: row.energyKwh }).toEqual({
            ...label,
            kwh: near(summary.energyMonthKwh, 0.001),
          });
          const perf = await get<PlantPerformance>(`/plant/${p.id}/performance`);
          const month = perf.periods.find((x) => x.period === 'month')!;
          expect(row.performanceRatio === null, JSON.stringify(label)).toBe(month.performanceRatio === null);
          if (row.performanceRatio !== null) {
            expect({ ...label, pr: row.performanceRatio }).toEqual({
              ...label,
              pr: near(month.performanceRatio!, 0.01),
            });
          }
        }

        // The fleet report's row of the plant is the plant's own report.
        let fleet = fleetByMonth.get(first);
        if (!fleet) {
          fleet = await get<PeriodicReport>(`/report/periodic?period=month&date=${first}`);
          fleetByMonth.set(first, fleet);
        }
        const inFleet = fleet.plants.find((x) => x.plantId === p.id);
        if (inFleet && inFleet.from === row.from) {
          // The modelled sky of today grows between the two reports: the same to the PR's tolerance.
          expect({ ...label, row: inFleet }).toEqual({
            ...label,
            row: {
              ...row,
              irradiationKwhM2: row.irradiationKwhM2 === null ? null : near(row.irradiationKwhM2, 0.01),
              performanceRatio: row.performanceRatio === null ? null : near(row.performanceRatio, 0.01),
            },
          });
        }
        judged++;
      }
    }
    expect(judged).toBe(16);
  });
});
