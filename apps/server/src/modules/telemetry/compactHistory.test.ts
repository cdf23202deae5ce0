import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HISTORY_FIELDS, ROLE } from '@solarops/contracts';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { backfillTelemetry } from '../fleet/backfillTelemetry.ts';
import { seedDemoFleet } from '../fleet/seedDemoFleet.ts';
import { noBrokerAccounts } from '../devices/BrokerAccounts.ts';
import { compactHistory } from './compactHistory.ts';
import { readingCount } from './history.ts';
import { localDay } from '../../time/localDay.ts';
import { ensureTelemetryPartitions } from './partitions.ts';
import { recomputeAllDirtyRollups } from './rollups.ts';

const DAY_MS = 86_400_000;

/**
 * `value` with every fractional number at 12 significant digits. A sum of floating-point numbers depends on the
 * order it adds them in, which PostgreSQL does not fix: the rollups summed again after compaction may differ from
 * the sums before in their last bits (450.82899999999853 and 450.8289999999986 kWh), far below any meter's
 * resolution. Whatever else differs still shows.
 */
function atTwelveDigits(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(12));
  if (Array.isArray(value)) return value.map(atTwelveDigits);
  // Plain objects only: a Date (or any other class) is compared as it is.
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, atTwelveDigits(v)]));
  return value;
}

// One demo fleet of 2 plants with 3 days of 5-minute history, every history answer read before and after the
// compaction of all of it.
describe('compact history', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const nowMs = Date.now();
  const get = async (url: string) => {
    const res = await t.app.inject({ url: `/prod-api${url}`, headers });
    expect(res.statusCode, url).toBe(200);
    return res.json() as { data?: unknown; rows?: unknown[] };
  };

  /** What every screen and API that reads history answers, by name, and the energy rollups recomputed from it. */
  const answers = async () => {
    // Both rounds of questions are asked at the same instant: a report of the month so far counts the modelled sky
    // up to now, which would otherwise grow between them (only the clock is set; timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'], now: nowMs });
    try {
      return await answersNow();
    } finally {
      vi.useRealTimers();
    }
  };
  const answersNow = async () => {
    const plants = await rowsOf<{ id: number; time_zone: string }>(
      t.db,
      sql`select id, time_zone from plants`,
    );
    const devices = await rowsOf<{ id: number; serial: string; time_zone: string }>(
      t.db,
      sql`select d.id, d.serial, p.time_zone from devices d join plants p on p.id = d.plant_id order by d.id`,
    );
    const alarms = await rowsOf<{ id: number }>(t.db, sql`select id from alarms order by id limit 10`);
    const out: Record<string, unknown> = {};
    const days = [3, 2, 1, 0].map((back) => localDay(plants[0]!.time_zone, nowMs - back * DAY_MS));
    out.fleet = (await get('/plant/fleet')).data;
    for (const p of plants) {
      out[`energy flow ${p.id}`] = (await get(`/plant/${p.id}/energy-flow`)).data;
      // Not /performance: its expected energy of today follows the clock (a modelled sky up to now).
      out[`summary ${p.id}`] = (await get(`/plant/${p.id}/summary`)).data;
      for (const day of days)
        out[`power ${p.id} ${day}`] = (await get(`/plant/${p.id}/power?date=${day}`)).data;
    }
    for (const day of days) {
      out[`periodic ${day}`] = (await get(`/report/periodic?period=day&date=${day}`)).data;
      out[`periodic month ${day}`] = (await get(`/report/periodic?period=month&date=${day}`)).data;
      out[`abnormal ${day}`] = (await get(`/report/abnormal?date=${day}`)).data;
    }
    const from = nowMs - 3 * DAY_MS;
    for (const d of devices) {
      // Every field, in two calls of at most 40; raw readings, then averaged into buckets.
      for (const fields of [HISTORY_FIELDS.slice(0, 24), HISTORY_FIELDS.slice(24)]) {
        const q = `from=${from}&to=${nowMs}&fields=${fields.join(',')}`;
        out[`history ${d.serial} ${fields[0]}`] = (
          await get(`/device/${d.serial}/history?${q}&maxPoints=5000`)
        ).data;
        out[`buckets ${d.serial} ${fields[0]}`] = (
          await get(`/device/${d.serial}/history?${q}&maxPoints=50`)
        ).data;
      }
      // The count that chooses raw points or buckets: whole compacted days by their length, part days decoded.
      for (const [a, b] of [
        [from, nowMs],
        [from + DAY_MS / 2, nowMs - DAY_MS / 3],
        [from + 1, from + 2 * 3_600_000],
      ] as const)
        out[`count ${d.serial} ${a} ${b}`] = await rowsOf(t.db, readingCount(d.id, a, b));
      out[`running log ${d.serial}`] = await get(
        `/alarm/device-log/running?sn=${d.serial}&pageNum=1&pageSize=100`,
      );
    }
    for (const a of alarms) out[`alarm ${a.id}`] = (await get(`/alarm/${a.id}/detail`)).data;
    // The rollups recomputed from the history: every device day marked dirty again.
    await t.db.execute(sql`delete from device_energy where period = 'day'`);
    await t.db.execute(
      sql`insert into rollup_dirty (device_id, plant_id, day)
          select distinct t.device_id, t.plant_id, (t.ts at time zone p.time_zone)::date
          from telemetry_between('-infinity', 'infinity') t join plants p on p.id = t.plant_id on conflict do nothing`,
    );
    await recomputeAllDirtyRollups(t.db);
    out.energy = await rowsOf(t.db, sql`select * from device_energy order by 1, 2, 3, 4`);
    out.plantEnergy = await rowsOf(t.db, sql`select * from plant_energy order by 1, 2, 3`);
    return out;
  };
  const rawCount = async () =>
    (await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from telemetry`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    headers = (await loginAs(t.app, admin)).headers;
    const fleet = generateDemoFleet({ seed: 7, plants: 2 });
    const seeded = await seedDemoFleet(t.db, fleet, noBrokerAccounts);
    await backfillTelemetry(t.db, fleet.plants, seeded.deviceIds, { days: 3, endMs: nowMs, seed: 7 });
  }, 600_000);
  afterAll(async () => t?.close());

  it(
    'answers every history question the same, field by field, once the readings are compacted',
    { timeout: 600_000 },
    async () => {
      const readings = await rawCount();
      expect(readings).toBeGreaterThan(3000);
      const before = await answers();
      const result = await compactHistory(t.db, new Date(nowMs + DAY_MS));
      expect(result.readings).toBe(readings);
      expect(await rawCount()).toBe(0);
      const after = await answers();
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const key of Object.keys(before))
        expect(atTwelveDigits(after[key]), key).toEqual(atTwelveDigits(before[key]));
      // Nothing left to do: a second run changes nothing.
      const again = await compactHistory(t.db, new Date(nowMs + DAY_MS));
      expect(again).toEqual({ devices: 0, readings: 0, droppedPartitions: [] });
    },
  );

  it(
    'merges a late reading into its compacted day, keeps a re-sent one once, and drops emptied partitions',
    { timeout: 120_000 },
    async () => {
      const [first] = await rowsOf<{ device_id: number; ts: string; n: number }>(
        t.db,
        sql`select device_id, min(ts)::text as ts, count(*)::int as n from telemetry_between('-infinity', 'infinity')
          group by 1 order by 1 limit 1`,
      );
      // The compaction before dropped the raw partitions it emptied, the reading's month among them when that is
      // no longer the month of `now + 1 day` (the last day of a month): ingest makes a month's partition before it
      // writes into it, and so does this test.
      await ensureTelemetryPartitions(t.db, [first!.ts.slice(0, 7)]);
      // The device's first reading again (re-sent), and one a minute before it (late).
      const again = sql`select * from telemetry_between('-infinity', 'infinity')
      where device_id = ${first!.device_id} and ts = ${first!.ts}::timestamptz`;
      await t.db.execute(sql`insert into telemetry ${again}`);
      await t.db.execute(
        sql`insert into telemetry select device_id, plant_id, ts - interval '1 minute', received_at, 1234.5
          from telemetry_between('-infinity', 'infinity') where device_id = ${first!.device_id} and ts = ${first!.ts}::timestamptz
          limit 1`,
      );
      await ensureTelemetryPartitions(t.db, ['2020-01']);
      const result = await compactHistory(t.db, new Date(nowMs + DAY_MS));
      expect(result.readings).toBeGreaterThan(0);
      expect(result.droppedPartitions).toContain('telemetry_y2020m01');
      const after = await rowsOf<{ n: number; late: number }>(
        t.db,
        sql`select count(*)::int as n, count(*) filter (where ac_power_w = 1234.5)::int as late
          from telemetry_between('-infinity', 'infinity') where device_id = ${first!.device_id}`,
      );
      expect(after[0]).toEqual({ n: first!.n + 1, late: 1 });
      expect(await rawCount()).toBe(0);
    },
  );

  it(
    'gives back values of any decimals exactly, and rounds only a field whose day mixes sizes beyond its integers',
    { timeout: 120_000 },
    async () => {
      const [device] = await rowsOf<{ id: number; plant_id: number }>(
        t.db,
        sql`select id, plant_id from devices order by id limit 1`,
      );
      await ensureTelemetryPartitions(t.db, ['2020-02']);
      // Per reading: AC power with up to 2 decimals, energy in total with 6 (a double), temperature down to 1e-7,
      // string currents with 4, irradiance of 10^6 beside 1.2345e-5 (14 significant digits apart).
      const readings = [
        ['2020-02-03 00:05:00+00', 1234.5, 123456789.123456, 1e-7, '{1.2345,0}', 1e6],
        ['2020-02-03 00:10:00+00', 0.001, 0.5, 25.5, null, 1.2345e-5],
        ['2020-02-03 00:15:00+00', null, 123456789.2, null, '{7,-0.0001,3}', 0],
        ['2020-02-03 00:20:00+00', 98765.43, null, -40, '{}', null],
      ] as const;
      for (const [ts, ac, total, temp, strings, ghi] of readings)
        await t.db.execute(
          sql`insert into telemetry (device_id, plant_id, ts, received_at, ac_power_w, energy_total_kwh, temp_c, pv_current_a, ghi_wm2)
            values (${device!.id}, ${device!.plant_id}, ${ts}, ${ts}::timestamptz + interval '1.5 seconds', ${ac}, ${total}, ${temp}, ${strings}::real[], ${ghi})`,
        );
      const read = () =>
        rowsOf<Record<string, unknown>>(
          t.db,
          sql`select ts, received_at, ac_power_w, energy_total_kwh, temp_c, pv_current_a, ghi_wm2
            from telemetry_between('2020-02-03', '2020-02-04') where device_id = ${device!.id} order by ts`,
        );
      const before = await read();
      await compactHistory(t.db, new Date(nowMs + DAY_MS));
      expect(await rawCount()).toBe(0);
      const after = await read();
      // The irradiance of 10^6 leaves 3 decimals to the day (its integers stay below 10^9): 1.2345e-5 becomes 0.
      expect(after.map((r) => r.ghi_wm2)).toEqual([1e6, 0, 0, null]);
      expect(after.map((r) => ({ ...r, ghi_wm2: undefined }))).toEqual(
        before.map((r) => ({ ...r, ghi_wm2: undefined })),
      );
      expect(before.map((r) => r.temp_c)).toEqual([1e-7, 25.5, null, -40]);
    },
  );
});
