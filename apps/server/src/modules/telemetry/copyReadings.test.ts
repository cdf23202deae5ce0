import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { copyReadings } from './copyReadings.ts';
import { ensureTelemetryPartitions } from './partitions.ts';
import { COLUMN_LIST, copyInput, readingLine, selectLines } from './readingLines.ts';

const count = async (t: TestApp) =>
  (
    (await t.db.execute(
      sql`select count(*)::int as n, count(distinct ts)::int as d from telemetry where device_id = 990001`,
    )) as unknown as { rows: { n: number; d: number }[] }
  ).rows[0]!;

describe('readings stored by COPY', () => {
  let t: TestApp;
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const start = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000;
  const lines = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const ts = start + (from + i) * 60_000;
      return readingLine(
        { id: 990001, plantId: 990001 },
        { sn: 'COPY0001', ts, acPowerW: i, pvVoltageV: [600, 601] },
        new Date(ts).toISOString(),
        new Date().toISOString(),
      );
    });

  beforeAll(async () => {
    t = await createTestApp();
    const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);
    await ensureTelemetryPartitions(t.db, [month(start), month(Date.now())]);
  });
  afterAll(() => t.close());

  it('copies new readings on PostgreSQL, and leaves a batch with a stored reading to the idempotent insert', async () => {
    const first = await t.db.transaction((tx) => copyReadings(tx, [copyInput(lines(0, 10))]));
    // PGlite has no COPY stream: the caller inserts.
    expect(first).toBe(onPostgres);
    if (!onPostgres) return;
    expect(await count(t)).toEqual({ n: 10, d: 10 });
    // Readings 5..14: half already stored. COPY refuses the whole batch and the transaction goes on with the insert.
    await t.db.transaction(async (tx) => {
      const again = lines(5, 10);
      expect(await copyReadings(tx, [copyInput(again)])).toBe(false);
      await tx.execute(
        sql`insert into telemetry (${sql.raw(COLUMN_LIST)}) ${selectLines(again)} on conflict do nothing`,
      );
    });
    expect(await count(t)).toEqual({ n: 15, d: 15 });
    const stored = (await t.db.execute(
      sql`select pv_voltage_v from telemetry where device_id = 990001 order by ts limit 1`,
    )) as unknown as { rows: { pv_voltage_v: number[] }[] };
    expect(stored.rows[0]!.pv_voltage_v).toEqual([600, 601]);
  });

  it('keeps every field of a reading, and absent or empty fields as NULL, through its line', async () => {
    // Within the hour before now: months whose partitions exist (hours ahead would be next month's near its end).
    const ts = start + 30 * 60_000;
    const full = {
      sn: 'COPY0002',
      ts,
      acPowerW: 4123.5,
      energyTodayKwh: 12.25,
      energyTotalKwh: 123456.789012,
      importEnergyKwh: 0.001,
      gridVoltageV: [230.1, 229.8, 231.2],
      gridCurrentA: [-5.8, 5.8, 5.7],
      gridFrequencyHz: [50.01],
      tempC: -12.5,
      status: 3,
      faultCode: 65535,
      pvVoltageV: Array.from({ length: 12 }, (_, i) => 600 + i),
      pvCurrentA: Array.from({ length: 12 }, (_, i) => i / 10),
      batterySocPercent: 87,
      batteryPowerW: -2500,
      batteryVoltageV: 51.2,
      ghiWm2: 812,
      poaWm2: 905,
      tempAirC: 21.5,
      tempModuleC: 48.25,
      windSpeedMs: 3.5,
    };
    const sparse = { sn: 'COPY0002', ts: ts + 60_000, acPowerW: 0, pvVoltageV: [] };
    const received = new Date().toISOString();
    const line = (r: typeof full | typeof sparse, deviceId: number) =>
      readingLine({ id: deviceId, plantId: 7 }, r, new Date(r.ts).toISOString(), received);
    // The insert path on both databases; COPY too on PostgreSQL.
    await t.db.execute(
      sql`insert into telemetry (${sql.raw(COLUMN_LIST)}) ${selectLines([line(full, 990002), line(sparse, 990002)])}`,
    );
    if (onPostgres) {
      await t.db.transaction((tx) =>
        copyReadings(tx, [copyInput([line(full, 990003), line(sparse, 990003)])]),
      );
    }
    for (const deviceId of onPostgres ? [990002, 990003] : [990002]) {
      const rows = (
        (await t.db.execute(
          sql`select * from telemetry where device_id = ${deviceId} order by ts`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      expect(rows).toHaveLength(2);
      const [a, b] = rows as [Record<string, unknown>, Record<string, unknown>];
      expect(new Date(a.ts as string).getTime()).toBe(ts);
      expect(a).toMatchObject({
        plant_id: 7,
        ac_power_w: 4123.5,
        energy_today_kwh: 12.25,
        energy_total_kwh: 123456.789012,
        import_energy_kwh: 0.001,
        grid_frequency_hz: [50.01],
        temp_c: -12.5,
        status: 3,
        fault_code: 65535,
        pv_voltage_v: full.pvVoltageV,
        battery_soc_percent: 87,
        battery_power_w: -2500,
        ghi_wm2: 812,
        poa_wm2: 905,
        temp_air_c: 21.5,
        temp_module_c: 48.25,
        wind_speed_ms: 3.5,
      });
      // Stored as real (float4): compared at its precision.
      (a.grid_voltage_v as number[]).forEach((v, i) => expect(v).toBeCloseTo(full.gridVoltageV[i]!, 3));
      (a.pv_current_a as number[]).forEach((v, i) => expect(v).toBeCloseTo(full.pvCurrentA[i]!, 5));
      expect(a.battery_voltage_v as number).toBeCloseTo(51.2, 4);
      expect(b).toMatchObject({
        ac_power_w: 0,
        energy_today_kwh: null,
        grid_voltage_v: null,
        pv_voltage_v: null,
        status: null,
        wind_speed_ms: null,
      });
    }
  });
});
