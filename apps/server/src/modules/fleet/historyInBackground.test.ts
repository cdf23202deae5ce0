import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ROLE,
  wallClock,
  type DeviceHistory,
  type EnergySeries,
  type FleetFigures,
  type PowerCurve,
} from '@solarops/contracts';
import { backfillPlants, generateDemoFleet, type PlantState } from '@solarops/simulator/fleet';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { noBrokerAccounts } from '../devices/BrokerAccounts.ts';
import { localDay } from '../../time/localDay.ts';
import { recomputeDays } from '../telemetry/rollups.ts';
import { historySpan, prepareDemoHistory } from './backfillTelemetry.ts';
import { planDemoHistory } from './planDemoHistory.ts';
import { fillDemoHistory } from './fillDemoHistory.ts';
import { resumeDemoHistory } from './resumeDemoHistory.ts';
import { seedDemoFleet } from './seedDemoFleet.ts';

/**
 * `nowMs`, or the latest whole hour before it at which every plant's day is at least an hour old: in a day's first
 * minutes a plant has no reading of that day yet, so its day's chart has nothing to wait for.
 */
function endAwayFromMidnight(plants: readonly { timeZone: string }[], nowMs: number): number {
  let end = nowMs;
  while (plants.some((p) => wallClock(p.timeZone, end).hour < 1))
    end = Math.floor(end / HOUR_MS) * HOUR_MS - HOUR_MS;
  return end;
}
const HOUR_MS = 3_600_000;
/** Zones around the world: in one of them, any two instants an hour or two apart fall on one day. */
const ZONES = [
  'Asia/Tokyo',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'UTC',
  'Asia/Kolkata',
];

const rowsOf = async <T>(t: TestApp, q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

/**
 * A first start goes live before its history is written: the charts say so until their range is written, and a
 * stop in the middle of the writing resumes where it was, with nothing written twice or left out.
 */
describe('the demo history written while the fleet runs', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const fleet = generateDemoFleet({ seed: 11, plants: 3 });
  const days = 3;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
  }, 120_000);
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: admin });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: T }).data;
  };

  it('says "history loading" until a chart’s range is written, and resumes after a stop', async () => {
    const seeded = await seedDemoFleet(t.db, fleet, noBrokerAccounts);
    const plan = await planDemoHistory(fleet.plants, {
      ...historySpan(days, endAwayFromMidnight(fleet.plants, Date.now())),
      seed: 11,
    });
    await prepareDemoHistory(t.db, plan, seeded.deviceIds);
    const first = fleet.plants[0]!;
    const plantId = seeded.deviceIds.get(first.devices[0]!.serial)!.plantId;
    const today = localDay(first.timeZone, plan.toMs);
    const yesterday = localDay(first.timeZone, plan.toMs - 86_400_000);
    const curve = (day: string) => get<PowerCurve>(`/plant/${plantId}/power?date=${day}`);
    // Yesterday's month: on the 1st of a month this month is today alone, which the fill writes first.
    const month = () => get<EnergySeries>(`/plant/${plantId}/energy?period=month&date=${yesterday}`);
    const device = encodeURIComponent(first.devices[0]!.serial);
    const deviceDay = (day: string) => get<DeviceHistory>(`/device/${device}/history?date=${day}`);
    // Nothing written yet: every chart of the plant waits for its history.
    expect((await curve(today)).historyLoading).toBe(true);
    expect((await month()).historyLoading).toBe(true);
    expect((await deviceDay(today)).historyLoading).toBe(true);
    // The dashboard's today, in a zone where it is the history's last day too (the history may end before now).
    const fleetZone = ZONES.find(
      (zone) =>
        localDay(zone, plan.toMs) === localDay(zone, Date.now()) && wallClock(zone, plan.toMs).hour >= 1,
    );
    expect(fleetZone, 'a zone where the history ends on today').toBeDefined();
    const fleetLoading = async () =>
      (await get<FleetFigures>(`/plant/fleet?timeZone=${encodeURIComponent(fleetZone!)}`)).historyLoading;
    expect(await fleetLoading()).toEqual({ powerCurve: true, energyDays: true });

    // Stopped after each plant's latest day (the fill goes newest first, plants in groups), the last plant's
    // day stopped between its readings and its group's rollups.
    let written = 0;
    let cut: (typeof fleet.plants)[number] | undefined;
    const stop = new AbortController();
    await fillDemoHistory(t.db, plan, seeded.deviceIds, {
      signal: stop.signal,
      plantsPerGroup: 2,
      onReadings: (chunk) => {
        if (++written < fleet.plants.length) return;
        cut = chunk.plant;
        stop.abort();
      },
    });
    const todayCurve = await curve(today);
    expect(todayCurve.historyLoading).toBe(false);
    expect(todayCurve.points.some((p) => p.powerW !== null)).toBe(true);
    expect((await curve(yesterday)).historyLoading).toBe(true);
    expect((await month()).historyLoading).toBe(true);
    // A device's day: written (its readings there), or still on its way.
    const deviceToday = await deviceDay(today);
    expect(deviceToday.historyLoading).toBe(false);
    expect(deviceToday.points.length).toBeGreaterThan(0);
    expect((await deviceDay(yesterday)).historyLoading).toBe(true);
    const cutId = seeded.deviceIds.get(cut!.devices[0]!.serial)!.plantId;
    const cutToday = `/plant/${cutId}/power?date=${localDay(cut!.timeZone, plan.toMs)}`;
    expect((await get<PowerCurve>(cutToday)).historyLoading).toBe(true);

    // The next start plans the same history again and writes only what is missing.
    const pending = await resumeDemoHistory(t.db, fleet.plants, 11);
    expect(pending).toBeDefined();
    expect([...pending!.filledFromMs.keys()].sort()).toEqual(
      [...new Set([...seeded.deviceIds.values()].map((d) => d.plantId))].sort(),
    );
    await fillDemoHistory(t.db, pending!.plan, pending!.deviceIds, {
      filledFromMs: pending!.filledFromMs,
      complete: pending!.complete,
    });
    expect(await resumeDemoHistory(t.db, fleet.plants, 11)).toBeUndefined();
    expect((await get<PowerCurve>(cutToday)).historyLoading).toBe(false);
    // The dashboard's charts too (its figures are shared for a few seconds: another zone asks afresh).
    expect((await get<FleetFigures>(`/plant/fleet?timeZone=UTC`)).historyLoading).toEqual({
      powerCurve: false,
      energyDays: false,
    });
    // The rollups are those of every stored reading, the cut day's included: computing every day again from
    // the readings changes nothing (to 9 decimals: a month adds its days in another order).
    const rollups = () =>
      rowsOf<unknown>(
        t,
        sql`select device_id, period, period_start::text, round(energy_kwh::numeric, 9)::text as kwh from device_energy
          union all select -plant_id, period, period_start::text, round(energy_kwh::numeric, 9)::text from plant_energy
          order by 1, 2, 3`,
      );
    const stored = await rollups();
    expect(stored.length).toBeGreaterThan(0);
    await recomputeDays(
      t.db,
      [...plan.chunks.values()].flat().flatMap((chunk) =>
        chunk.plant.devices.flatMap((d) => {
          const ids = seeded.deviceIds.get(d.serial);
          return ids ? [{ deviceId: ids.id, plantId: ids.plantId, day: chunk.day }] : [];
        }),
      ),
    );
    expect(await rollups()).toEqual(stored);
    expect((await curve(yesterday)).historyLoading).toBe(false);
    expect((await deviceDay(yesterday)).historyLoading).toBe(false);
    const energy = await month();
    expect(energy.historyLoading).toBe(false);
    expect(energy.totalKwh).toBeGreaterThan(0);

    // Every reading the generator makes over the span is stored once, and the history's last counters are
    // where the live fleet goes on.
    let generated = 0;
    const ends: Record<string, PlantState> = {};
    for (const [id, chunks] of plan.chunks) {
      // Each plant from the start of its first day (its local midnight) to the span's end, in one run.
      ends[id] = backfillPlants(
        [chunks[0]!.plant],
        chunks[0]!.fromMs,
        plan.toMs,
        plan.stepMs,
        (_p, readings) => (generated += readings.filter((r) => seeded.deviceIds.has(r.serial)).length),
        { ...plan.options, states: { [id]: structuredClone(chunks[0]!.before) } },
      )[id]!;
      expect(localDay(chunks[0]!.plant.timeZone, chunks[0]!.fromMs - 1)).not.toBe(chunks[0]!.day);
    }
    const [count] = await rowsOf<{ n: number; distinct_n: number }>(
      t,
      sql`select count(*)::int as n, count(distinct (device_id, ts))::int as distinct_n from telemetry`,
    );
    expect(count!.n).toBe(generated);
    expect(count!.distinct_n).toBe(generated);
    const inverter = first.devices.find((d) => d.kind !== 'meter' && d.kind !== 'weatherStation')!;
    const [last] = await rowsOf<{ kwh: number }>(
      t,
      sql`select energy_total_kwh::float8 as kwh from device_latest
        where device_id = ${seeded.deviceIds.get(inverter.serial)!.id}`,
    );
    expect(last!.kwh).toBeCloseTo(ends[first.id]!.devices[inverter.serial]!.energyTotalKwh, 3);
    expect(plan.states[first.id]!.devices[inverter.serial]!.energyTotalKwh).toBeCloseTo(last!.kwh, 3);
  }, 600_000);
});
