import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { copyReadings } from './copyReadings.ts';
import { ensureTelemetryPartitions } from './partitions.ts';
import { COLUMN_LIST, toRow, unnestRows } from './readingRows.ts';

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
  const rows = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) =>
      toRow(
        { id: 990001, plantId: 990001 },
        { sn: 'COPY0001', ts: start + (from + i) * 60_000, acPowerW: i, pvVoltageV: [600, 601] },
        new Date().toISOString(),
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);
    await ensureTelemetryPartitions(t.db, [month(start), month(Date.now())]);
  });
  afterAll(() => t.close());

  it('copies new readings on PostgreSQL, and leaves a batch with a stored reading to the idempotent insert', async () => {
    const first = await t.db.transaction((tx) => copyReadings(tx, rows(0, 10)));
    // PGlite has no COPY stream: the caller inserts.
    expect(first).toBe(onPostgres);
    if (!onPostgres) return;
    expect(await count(t)).toEqual({ n: 10, d: 10 });
    // Readings 5..14: half already stored. COPY refuses the whole batch and the transaction goes on with the insert.
    await t.db.transaction(async (tx) => {
      const again = rows(5, 10);
      expect(await copyReadings(tx, again)).toBe(false);
      await tx.execute(
        sql`insert into telemetry (${sql.raw(COLUMN_LIST)}) ${unnestRows(again)} on conflict do nothing`,
      );
    });
    expect(await count(t)).toEqual({ n: 15, d: 15 });
    const stored = (await t.db.execute(
      sql`select pv_voltage_v from telemetry where device_id = 990001 order by ts limit 1`,
    )) as unknown as { rows: { pv_voltage_v: number[] }[] };
    expect(stored.rows[0]!.pv_voltage_v).toEqual([600, 601]);
  });
});
