/**
 * bench/storage: bytes per reading on disk before and after the history compaction (docs/decisions/0018). The
 * demo fleet (PLANTS plants, default 30, five devices each) with DAYS days of 5-minute history (default 7) in
 * PostgreSQL, its server times set as live collectors give them (a fraction of a second to a few seconds after
 * the device time, to the millisecond; the backfill writes one server time for all), then every whole UTC day
 * compacted. Bytes are each table's with its indexes and TOAST (`pg_total_relation_size`). Needs PostgreSQL:
 * `node scripts/with-postgres.mjs npm run bench:storage -w bench`.
 * Last line: raw and compacted bytes per reading (target 30), the compaction's rate and PostgreSQL's CPU per
 * reading.
 */
import pg from 'pg';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';
import { backfillTelemetry } from '../../apps/server/src/modules/fleet/backfillTelemetry.ts';
import { seedDemoFleet } from '../../apps/server/src/modules/fleet/seedDemoFleet.ts';
import { noBrokerAccounts } from '../../apps/server/src/modules/devices/BrokerAccounts.ts';
import { compactHistory } from '../../apps/server/src/modules/telemetry/compactHistory.ts';
import { seedReferenceData } from '../../apps/server/src/referenceData.ts';
import { prepareDatabase } from '../lib/benchFleet.ts';
import { pgCpuSeconds } from '../lib/cpuTime.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const plants = Number(process.env.PLANTS ?? 30);
const days = Number(process.env.DAYS ?? 7);

await prepareDatabase(url);
const opened = await openDatabase({ databaseUrl: url, dataDir: '' });
await seedReferenceData(opened.db);
const fleet = generateDemoFleet({ seed: 20240601, plants });
const seeded = await seedDemoFleet(opened.db, fleet, noBrokerAccounts);
const t0 = performance.now();
await backfillTelemetry(opened.db, fleet.plants, seeded.deviceIds, {
  days,
  endMs: Date.now(),
  seed: 20240601,
});
console.log(
  `backfill: ${days} days of ${seeded.deviceIds.size} devices in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);

const c = new pg.Client({ connectionString: url });
await c.connect();
const one = async <T>(q: string) => (await c.query<T & pg.QueryResultRow>(q)).rows[0]!;
// Live server times: device time plus 0.2 to 5 s, in milliseconds (a deterministic spread).
await c.query(
  `update telemetry set received_at = ts + ((200 + (device_id * 7919 + extract(epoch from ts)::bigint) % 4800) * interval '1 millisecond')`,
);
await c.query('vacuum full analyze telemetry');
const rawBytes = async () =>
  Number(
    (
      await one<{ b: string }>(
        `select coalesce(sum(pg_total_relation_size(inhrelid)), 0) as b from pg_inherits where inhparent = 'telemetry'::regclass`,
      )
    ).b,
  );
const count = async (table: string) =>
  Number((await one<{ n: string }>(`select count(*) as n from ${table}`)).n);
const readings = await count('telemetry');
const rawPerReading = (await rawBytes()) / readings;

const todayUtc = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
const cpu0 = await pgCpuSeconds(url);
const t1 = performance.now();
const result = await compactHistory(opened.db, todayUtc);
const seconds = (performance.now() - t1) / 1000;
const cpu = (await pgCpuSeconds(url)) - cpu0;
await c.query('vacuum analyze telemetry_days');
const compactedBytes = Number(
  (await one<{ b: string }>(`select pg_total_relation_size('telemetry_days') as b`)).b,
);
const compactedRows = await count('telemetry_days');
await c.end();
await opened.close();
console.log(
  `compacted ${result.readings} readings of ${result.devices} devices into ${compactedRows} rows in ${seconds.toFixed(1)} s; raw rows left (today): ${readings - result.readings}`,
);
console.log(
  `storage (${readings} readings, ${seeded.deviceIds.size} devices, ${days} days): raw ${rawPerReading.toFixed(1)} bytes per reading, ` +
    `compacted ${(compactedBytes / result.readings).toFixed(1)} bytes per reading (target 30), table + indexes + TOAST; ` +
    `compaction ${Math.round(result.readings / seconds)} readings/s, PostgreSQL ${((cpu / result.readings) * 1e6).toFixed(1)} µs CPU per reading`,
);
