import { EventEmitter } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryReading } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser } from '../../../test/factories.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { SERVER_DIR } from '../../serverDir.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { DeviceRegistry } from '../deviceLink/DeviceRegistry.ts';
import { IngestPipeline } from '../deviceLink/IngestPipeline.ts';
import { localDayStartMs, nextDay } from '../../time/localDay.ts';
import { slotDevices, slotStatsBetween } from './plantDaySlots.ts';
import { recomputeAllDirtyRollups } from './rollups.ts';

const STEP = 300_000;
const ZONE = 'Asia/Shanghai';
/** Two local days of Shanghai (UTC+8) and the first minutes of a third. */
const FROM = '2025-09-09T16:00:00Z';
const TO = '2025-09-11T16:30:00Z';

/**
 * Two inverters (one rated 6 kW, one 4 kW) and a weather station every 5 minutes: a sunny shape, the station's
 * irradiance proportional to it; the second inverter misses an hour and the station two, and the first inverter
 * reports twice in some slots (what the slot averages).
 */
function plantReadings(p: FixturePlant): TelemetryReading[] {
  const out: TelemetryReading[] = [];
  const kwh = [1000, 2000];
  for (let ts = Date.parse(FROM); ts < Date.parse(TO); ts += STEP) {
    const hour = ((ts / 3_600_000 + 8) % 24) - 6;
    const sun = Math.max(0, Math.sin((hour / 12) * Math.PI));
    [6000, 4000].forEach((peak, i) => {
      const acPowerW = Math.round(peak * sun * (1 + 0.01 * i));
      kwh[i]! += (acPowerW / 1000) * (STEP / 3_600_000);
      const missing =
        i === 1 && ts >= Date.parse('2025-09-10T04:00:00Z') && ts < Date.parse('2025-09-10T05:00:00Z');
      if (!missing)
        out.push({
          sn: p.devices[i]!.serial,
          ts,
          acPowerW,
          energyTotalKwh: Math.round(kwh[i]! * 1000) / 1000,
        });
    });
    if (ts % (6 * STEP) === 0)
      out.push({ sn: p.devices[0]!.serial, ts: ts + 60_000, acPowerW: Math.round(6100 * sun) });
    const dark = ts >= Date.parse('2025-09-11T02:00:00Z') && ts < Date.parse('2025-09-11T04:00:00Z');
    if (!dark) out.push({ sn: p.devices[2]!.serial, ts, poaWm2: Math.round(1000 * sun * 10) / 10 });
  }
  return out;
}

/**
 * The day rows a month report reads (`plant_day_slots`) say what the readings say: the same figures as a day's
 * report reads from the readings themselves, whatever order the readings came in, and the same as the migration
 * that fills them for the days stored before it.
 */
describe('a plant’s day of slots kept beside its energy', () => {
  let t: TestApp;
  let ownerId: number;
  let clock = 0;
  let link: IngestPipeline;

  async function ingest(p: FixturePlant, readings: TelemetryReading[], size = 288) {
    const collector = (await link.registry.collectorBySerial(p.collectors[0]!.serial))!;
    for (let i = 0; i < readings.length; i += size) {
      const batch = readings.slice(i, i + size);
      clock = Math.max(...batch.map((r) => r.ts)) + 60_000;
      await link.ingestTelemetry(collector, { seq: i, readings: batch });
    }
    await recomputeAllDirtyRollups(t.db);
  }
  const plant = () =>
    createFixturePlant(t.db, {
      ownerId,
      timeZone: ZONE,
      devices: [
        { kind: 'stringInverter', ratedPowerW: 6000 },
        { kind: 'stringInverter', ratedPowerW: 4000 },
        { kind: 'weatherStation', ratedPowerW: 0 },
      ],
    });
  /** A row's sums to 12 significant digits: a sum of floating-point slots depends on the order they are added in. */
  const rounded = (rows: Record<string, unknown>[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toPrecision(12)) : v]),
      ),
    );
  /** The kept rows of a plant, without its id. */
  const kept = async (plantId: number) =>
    rounded(
      await rowsOf<Record<string, unknown>>(
        t.db,
        sql`select day::text as day, readings, peak_w, sun_energy_kwh, sun_poa_kwh_m2, sun_slots
            from plant_day_slots where plant_id = ${plantId} order by day`,
      ),
    );
  /** The same figures read from the readings of each local day, as a day's report reads them. */
  async function fromReadings(plantId: number, days: string[]) {
    const devices = await slotDevices(t.db, [plantId]);
    const out: Record<string, unknown>[] = [];
    for (const day of days) {
      const rows = await slotStatsBetween(
        t.db,
        [plantId],
        devices,
        new Date(localDayStartMs(ZONE, day)),
        new Date(localDayStartMs(ZONE, nextDay(day))),
        false,
      );
      for (const { plant_id: _, hour: __, energy_kwh: ___, ...r } of rows) out.push(r);
    }
    return rounded(out);
  }

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t.db)).id;
    link = new IngestPipeline(t.db, new DeviceRegistry(t.db), new EventEmitter(), { now: () => clock });
  });
  afterAll(() => t.close());

  it('keeps each local day’s readings, peak and sun slots as the readings give them, in any order of arrival', async () => {
    const ordered = await plant();
    await ingest(ordered, plantReadings(ordered));
    const rows = await kept(ordered.plantId);
    expect(rows.map((r) => r.day)).toEqual(['2025-09-10', '2025-09-11', '2025-09-12']);
    expect(rows).toEqual(await fromReadings(ordered.plantId, ['2025-09-10', '2025-09-11', '2025-09-12']));
    // The first day: both inverters every 5 minutes but the second one's missing hour (288 + 276), and the first
    // one's extra 48 readings; the station every 5 minutes.
    expect(rows[0]).toMatchObject({ readings: 288 + 276 + 48, sun_slots: 288 });
    // The second: every inverter reading, and the station's two dark hours (no sun slots there).
    expect(rows[1]).toMatchObject({ readings: 288 + 288 + 48, sun_slots: 288 - 24 });
    // The peak is the two inverters' slot averages added, as the plant's curve draws it: at noon, the first one's
    // (6000 + 6100) / 2 beside the second one's 4040.
    expect(rows[1]!.peak_w).toBe(6050 + 4040);

    // The same readings shuffled, in small batches, the first half arriving after the second, some sent twice.
    const mixed = await plant();
    const readings = plantReadings(mixed);
    let seed = 11;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const shuffle = (xs: TelemetryReading[]) =>
      xs
        .map((x) => [rnd(), x] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, x]) => x);
    const half = Math.floor(readings.length / 2);
    await ingest(mixed, shuffle(readings.slice(half)), 53);
    await ingest(mixed, [...shuffle(readings.slice(0, half)), ...readings.slice(0, 40)], 47);
    expect(await kept(mixed.plantId)).toEqual(rows);
  });

  it('raises a day’s peak when a late reading is higher', async () => {
    const p = await plant();
    await ingest(p, plantReadings(p));
    const before = (await kept(p.plantId))[1]!;
    // A late reading of the first inverter at the second day's noon, far above the rest.
    await ingest(p, [{ sn: p.devices[0]!.serial, ts: Date.parse('2025-09-11T04:00:30Z'), acPowerW: 9000 }]);
    const after = (await kept(p.plantId))[1]!;
    expect(after.readings).toBe((before.readings as number) + 1);
    expect(after.peak_w).toBeCloseTo((6000 + 6100 + 9000) / 3 + 4040, 6);
    expect(before.peak_w).toBe(6050 + 4040);
    expect([after]).toEqual(await fromReadings(p.plantId, ['2025-09-11']));
  });

  it('gives the same rows from the migration that fills the days stored before it', async () => {
    const migrations = path.join(SERVER_DIR, 'migrations');
    const file = readdirSync(migrations).find((f) => f.endsWith('_plant-day-slots.sql'))!;
    const statements = readFileSync(path.join(migrations, file), 'utf8').split('--> statement-breakpoint');
    const all = async () =>
      rounded(
        await rowsOf<Record<string, unknown>>(
          t.db,
          sql`select plant_id, day::text as day, readings, peak_w, sun_energy_kwh, sun_poa_kwh_m2, sun_slots
              from plant_day_slots order by plant_id, day`,
        ),
      );
    const written = await all();
    expect(written.length).toBeGreaterThanOrEqual(9);
    await t.db.execute(sql`delete from plant_day_slots`);
    await t.db.execute(sql.raw(statements[1]!));
    expect(await all()).toEqual(written);
  });
});
