import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  FAULT_CODES,
  ROLE,
  faultCodeOf,
  type AbnormalReport,
  type EnergySeries,
  type PlantSummary,
} from '@solarops/contracts';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { backfillTelemetry, historySpan } from './backfillTelemetry.ts';
import { noBrokerAccounts } from '../devices/BrokerAccounts.ts';
import { seedDemoFleet } from './seedDemoFleet.ts';

const rowsOf = async <T>(t: TestApp, q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

/** A new user's first look at the alarm screens: the demo's history is not empty. */
describe('the demo fleet’s backfilled history', () => {
  let t: TestApp;
  const endMs = Date.now();

  beforeAll(async () => {
    t = await createTestApp();
    const fleet = generateDemoFleet({ seed: 7, plants: 8 });
    const seeded = await seedDemoFleet(t.db, fleet, noBrokerAccounts);
    await backfillTelemetry(t.db, fleet.plants, seeded.deviceIds, { days: 5, endMs, seed: 7 });
  }, 240_000);
  afterAll(() => t.close());

  it('has alarms of every level and every device fault kind, recovered and still open', async () => {
    const alarms = await rowsOf<{ level: number; code: number; recovered: boolean; plant_id: number }>(
      t,
      sql`select level, code, recovered_at is not null as recovered, plant_id from alarms`,
    );
    expect(new Set(alarms.map((a) => a.level))).toEqual(new Set([1, 2, 3]));
    const codes = new Set(alarms.map((a) => a.code));
    expect(FAULT_CODES.filter((f) => !codes.has(f.code)).map((f) => f.kind)).toEqual([]);
    expect(alarms.some((a) => a.recovered)).toBe(true);
    // Each raise and clear is in the devices' event logs.
    const [events] = await rowsOf<{ raised: number; cleared: number }>(
      t,
      sql`select (count(*) filter (where state = 'raised'))::int as raised,
        (count(*) filter (where state = 'cleared'))::int as cleared from device_events`,
    );
    expect(events!.raised).toBeGreaterThanOrEqual(alarms.length);
    expect(events!.cleared).toBeGreaterThan(0);
  });

  it('counts a plant’s lifetime from its build date: total > this year > this month, the sum of its days', async () => {
    const admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const get = async <T>(url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: admin });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: T }).data;
    };
    const [oldest] = await rowsOf<{ id: number; build_date: string }>(
      t,
      sql`select id, to_char(build_date, 'YYYY-MM-DD') as build_date from plants order by build_date limit 1`,
    );
    // The demo fleet's plants were built from 2017 on: the oldest is years old.
    expect(Number(oldest!.build_date.slice(0, 4))).toBeLessThan(new Date().getUTCFullYear() - 1);
    const summary = await get<PlantSummary>(`/plant/${oldest!.id}/summary`);
    // This month and this year are the sums of their days so far, in the plant's zone (a run just after local
    // midnight on the 1st of a month has a month, or a year, of nothing yet: the sums say so too).
    const [sums] = await rowsOf<{ month: number; year: number }>(
      t,
      sql`select coalesce(sum(energy_kwh) filter (where period_start >= ${`${summary.today.slice(0, 7)}-01`}::date), 0)::float8 as month,
        coalesce(sum(energy_kwh) filter (where period_start >= ${`${summary.today.slice(0, 4)}-01-01`}::date), 0)::float8 as year
        from plant_energy where plant_id = ${oldest!.id} and period = 'day' and period_start <= ${summary.today}::date`,
    );
    expect(summary.energyMonthKwh).toBeCloseTo(sums!.month, 1);
    expect(summary.energyYearKwh).toBeCloseTo(sums!.year, 1);
    expect(summary.energyYearKwh).toBeGreaterThanOrEqual(summary.energyMonthKwh);
    // Past the year's first days the year holds more than the month.
    if (summary.today.slice(5) > '01-31')
      expect(summary.energyYearKwh).toBeGreaterThan(summary.energyMonthKwh);
    expect(summary.energyTotalKwh).toBeGreaterThan(summary.energyYearKwh * 1.5);
    // Lifetime is the sum of the plant's daily history, from its build date to today.
    const [days] = await rowsOf<{ first: string; kwh: number }>(
      t,
      sql`select to_char(min(period_start), 'YYYY-MM-DD') as first, sum(energy_kwh)::float8 as kwh
        from plant_energy where plant_id = ${oldest!.id} and period = 'day'`,
    );
    expect(days!.first).toBe(oldest!.build_date);
    expect(Math.abs(summary.energyTotalKwh - days!.kwh)).toBeLessThan(days!.kwh * 0.002);
    // The year chart has every month of a past year, each a plausible share of the year.
    const lastYear = String(new Date().getUTCFullYear() - 1);
    const year = await get<EnergySeries>(`/plant/${oldest!.id}/energy?period=year&date=${lastYear}-06-01`);
    expect(year.points).toHaveLength(12);
    for (const p of year.points) expect(p.energyKwh).toBeGreaterThan(year.totalKwh / 40);
    const total = await get<EnergySeries>(`/plant/${oldest!.id}/energy?period=total`);
    expect(total.points[0]!.label).toBe(oldest!.build_date.slice(0, 4));
    expect(Math.abs(total.totalKwh - days!.kwh)).toBeLessThan(days!.kwh * 0.002);
  });

  it('finds no inverter offline in daylight on the history’s first day but one whose link was lost then', async () => {
    const admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const plants = await rowsOf<{ id: number; time_zone: string }>(t, sql`select id, time_zone from plants`);
    const lostLink = await rowsOf<{ device_id: number; from_ms: number; to_ms: number | null }>(
      t,
      sql`select device_id, extract(epoch from occurred_at)::float8 * 1000 as from_ms,
        extract(epoch from recovered_at)::float8 * 1000 as to_ms
        from alarms where code = ${faultCodeOf('lossOfCommunication').code}`,
    );
    // The history starts at each plant's local midnight on the day the span starts: its first day is whole,
    // so its morning is not a silence.
    const { fromMs } = historySpan(5, endMs);
    let judged = 0;
    for (const p of plants) {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: p.time_zone }).format(fromMs);
      const res = await t.app.inject({
        method: 'GET',
        url: `/prod-api/report/abnormal?date=${day}&plantId=${p.id}&kind=offline`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      const report = (res.json() as { data: AbnormalReport }).data;
      judged += report.plantCount;
      const unexplained = report.rows.filter(
        (r) =>
          !lostLink.some(
            (a) =>
              a.device_id === r.deviceId &&
              a.from_ms <= Date.parse(r.to) &&
              (a.to_ms ?? Infinity) >= Date.parse(r.from),
          ),
      );
      expect({ plant: p.id, day, unexplained }).toEqual({ plant: p.id, day, unexplained: [] });
    }
    expect(judged).toBe(plants.length);
  });

  it('keeps the waveform of a grid trip and the spectrum of an arc, each with its alarm', async () => {
    const records = await rowsOf<{ kind: string; code: number; alarm_code: number | null; n: number }>(
      t,
      sql`select f.kind, f.code, a.code as alarm_code,
          jsonb_array_length(coalesce(f.data -> 'samples', f.data -> 'points'))::int as n
        from fault_records f left join alarms a on a.id = f.alarm_id`,
    );
    expect(new Set(records.map((r) => r.kind))).toEqual(new Set(['waveform', 'arcSpectrum']));
    for (const r of records) {
      expect(r.alarm_code).toBe(r.code);
      expect(r.n).toBeGreaterThan(100);
    }
  });
});
