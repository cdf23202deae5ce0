import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryReading } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { DeviceRegistry } from '../deviceLink/DeviceRegistry.ts';
import { IngestPipeline } from '../deviceLink/IngestPipeline.ts';
import { recomputeAllDirtyRollups } from './rollups.ts';

const STEP = 300_000;

/** Constant `powerW` every 5 minutes over [fromIso, toIso]; `counter` may distort the reported lifetime counter. */
function constantPower(
  sn: string,
  fromIso: string,
  toIso: string,
  powerW = 1000,
  counter: (i: number, trueKwh: number) => number = (_, k) => k,
): TelemetryReading[] {
  const from = Date.parse(fromIso);
  const out: TelemetryReading[] = [];
  for (let t = from, i = 0; t <= Date.parse(toIso); t += STEP, i++) {
    const trueKwh = 500 + (powerW / 1000) * ((t - from) / 3_600_000);
    out.push({ sn, ts: t, acPowerW: powerW, energyTotalKwh: counter(i, trueKwh) });
  }
  return out;
}

describe('energy rollups per local day of the plant', () => {
  let t: TestApp;
  let ownerId: number;
  let clock = 0; // the server clock of the pipeline [ms]
  let link: IngestPipeline;

  /** Sends readings as collector batches of `size`, the server clock just after the newest reading. */
  async function ingest(plant: FixturePlant, readings: TelemetryReading[], size = 288) {
    const collector = (await link.registry.collectorBySerial(plant.collectors[0]!.serial))!;
    for (let i = 0; i < readings.length; i += size) {
      const batch = readings.slice(i, i + size);
      clock = Math.max(...batch.map((r) => r.ts)) + 60_000;
      await link.ingestTelemetry(collector, { seq: i, readings: batch });
    }
    await recomputeAllDirtyRollups(t.db);
  }
  const energy = async (table: 'device' | 'plant', id: number, period: string, start: string) => {
    const q =
      table === 'device'
        ? sql`select energy_kwh from device_energy where device_id = ${id} and period = ${period} and period_start = ${start}`
        : sql`select energy_kwh from plant_energy where plant_id = ${id} and period = ${period} and period_start = ${start}`;
    const rows = ((await t.db.execute(q)) as unknown as { rows: { energy_kwh: number }[] }).rows;
    return rows[0] ? Number(rows[0].energy_kwh) : undefined;
  };
  const plant = (timeZone: string) => createFixturePlant(t.db, { ownerId, timeZone });

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t.db)).id;
    // A clock that follows the data, so that historic days are inside the 7-day buffer horizon.
    link = new IngestPipeline(t.db, new DeviceRegistry(t.db), new EventEmitter(), { now: () => clock });
  });
  afterAll(() => t.close());

  it('splits days at local midnight of a UTC+8 and a UTC-5 plant', async () => {
    const shanghai = await plant('Asia/Shanghai');
    const bogota = await plant('America/Bogota');
    await ingest(
      shanghai,
      constantPower(shanghai.devices[0]!.serial, '2025-06-10T00:00:00Z', '2025-06-10T12:00:00Z'),
    );
    await ingest(
      bogota,
      constantPower(bogota.devices[0]!.serial, '2025-06-10T00:00:00Z', '2025-06-10T12:00:00Z'),
    );
    // Shanghai's 10 June runs 16:00Z on the 9th to 16:00Z on the 10th: all 12 hours.
    expect(await energy('plant', shanghai.plantId, 'day', '2025-06-10')).toBeCloseTo(12, 6);
    expect(await energy('plant', shanghai.plantId, 'day', '2025-06-09')).toBeUndefined();
    // Bogotá's 9 June ends at 05:00Z on the 10th; the interval ending at midnight belongs to the new day.
    expect(await energy('plant', bogota.plantId, 'day', '2025-06-09')).toBeCloseTo(5 - 1 / 12, 6);
    expect(await energy('plant', bogota.plantId, 'day', '2025-06-10')).toBeCloseTo(7 + 1 / 12, 6);
    expect(await energy('plant', bogota.plantId, 'month', '2025-06-01')).toBeCloseTo(12, 6);
    expect(await energy('plant', bogota.plantId, 'year', '2025-01-01')).toBeCloseTo(12, 6);
  });

  it('gives exactly 23 and 25 kWh on the daylight-saving days of Europe/Berlin at a constant 1 kW', async () => {
    const berlin = await plant('Europe/Berlin');
    const sn = berlin.devices[0]!.serial;
    await ingest(berlin, constantPower(sn, '2025-03-29T12:00:00Z', '2025-03-31T12:00:00Z'));
    await ingest(berlin, constantPower(sn, '2025-10-25T12:00:00Z', '2025-10-27T12:00:00Z'));
    expect(await energy('device', berlin.devices[0]!.id, 'day', '2025-03-30')).toBeCloseTo(23, 9);
    expect(await energy('device', berlin.devices[0]!.id, 'day', '2025-10-26')).toBeCloseTo(25, 9);
    expect(await energy('plant', berlin.plantId, 'day', '2025-03-30')).toBeCloseTo(23, 9);
    expect(await energy('plant', berlin.plantId, 'day', '2025-10-26')).toBeCloseTo(25, 9);
  });

  it('keeps the true energy within 0.1 kWh through a counter reset and negative jitter', async () => {
    const p = await plant('Asia/Shanghai');
    const readings = constantPower(
      p.devices[0]!.serial,
      '2025-07-01T15:00:00Z',
      '2025-07-02T17:00:00Z',
      1000,
      (i, k) => {
        const reset = i >= 150 ? k - 512.47 : k; // the counter restarts from 0 between two readings
        return i % 23 === 7 ? Math.max(reset - 0.12, 0) : reset; // and its last digits jitter down now and then
      },
    );
    await ingest(p, readings);
    const day = await energy('plant', p.plantId, 'day', '2025-07-02');
    expect(Math.abs(day! - 24)).toBeLessThan(0.1);
  });

  it('gives identical series and rollups for shuffled, late and re-sent data', async () => {
    const ordered = await plant('Australia/Sydney');
    const shuffled = await plant('Australia/Sydney');
    const make = (sn: string) =>
      constantPower(sn, '2025-08-01T00:00:00Z', '2025-08-03T23:55:00Z', 2000, (i, k) =>
        i === 400 ? 0 : k,
      ).filter(
        (_, i) => i < 300 || i > 330, // a gap of two and a half hours
      );
    await ingest(ordered, make(ordered.devices[0]!.serial));
    // Deterministic shuffle, small batches, the first half arriving last (late), and some sent twice.
    const mixed = make(shuffled.devices[0]!.serial);
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const late = mixed.slice(0, mixed.length / 2);
    const early = mixed.slice(mixed.length / 2);
    const shuffle = (xs: TelemetryReading[]) =>
      xs
        .map((x) => [rnd(), x] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, x]) => x);
    await ingest(shuffled, shuffle(early), 37);
    await ingest(shuffled, [...shuffle(late), ...late.slice(0, 50)], 41);

    const rollups = async (p: FixturePlant) =>
      (
        (await t.db.execute(
          sql`select period, to_char(period_start, 'YYYY-MM-DD') as start, round(energy_kwh::numeric, 9)::text as kwh
            from plant_energy where plant_id = ${p.plantId} order by period, period_start`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const a = await rollups(ordered);
    expect(a.length).toBeGreaterThan(3);
    expect(await rollups(shuffled)).toEqual(a);
    const series = async (p: FixturePlant) =>
      (
        (await t.db.execute(
          sql`select extract(epoch from ts) as ts, energy_total_kwh from telemetry where device_id = ${p.devices[0]!.id} order by ts`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    expect(await series(shuffled)).toEqual(await series(ordered));
    // The latest state is the newest reading, although older ones arrived after it.
    const latest = (
      (await t.db.execute(
        sql`select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as ts from device_latest where device_id = ${shuffled.devices[0]!.id}`,
      )) as unknown as { rows: { ts: string }[] }
    ).rows;
    expect(latest).toEqual([{ ts: '2025-08-03T23:55' }]);
  });

  it('keeps a gap a gap while the counter delta across it lands in the day', async () => {
    const p = await plant('UTC');
    const readings = constantPower(
      p.devices[0]!.serial,
      '2025-09-01T23:55:00Z',
      '2025-09-02T23:55:00Z',
    ).filter((r) => r.ts < Date.parse('2025-09-02T10:00:00Z') || r.ts > Date.parse('2025-09-02T12:00:00Z'));
    await ingest(p, readings);
    expect(await energy('plant', p.plantId, 'day', '2025-09-02')).toBeCloseTo(24, 9);
    const inGap = (
      (await t.db.execute(
        sql`select count(*)::int as n from telemetry where device_id = ${p.devices[0]!.id}
          and ts > '2025-09-02T10:00:00Z' and ts < '2025-09-02T12:00:00Z'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    expect(inGap).toBe(0);
  });
});
