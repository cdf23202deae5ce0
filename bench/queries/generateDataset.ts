import pg from 'pg';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { ensureTelemetryPartitions } from '../../apps/server/src/modules/telemetry/partitions.ts';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';

const password = 'Bench-admin-2024';
/** Midnight UTC of yesterday, the day every device has readings for [ms]. */
const yesterdayStartMs = () =>
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 86_400_000;

/**
 * The dataset a previous run left in the database (to iterate on a kept cluster without generating it again), or
 * undefined when there is none.
 */
export async function existingDataset(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const admin = await c.query(`select 1 from users where user_code = 'bench-admin'`);
    if (admin.rowCount === 0) return undefined;
    const count = await c.query<{ n: string }>('select count(*) as n from telemetry');
    return {
      userCode: 'bench-admin',
      password,
      day: new Date(yesterdayStartMs()).toISOString().slice(0, 10),
      readings: Number(count.rows[0]!.n),
    };
  } finally {
    await c.end();
  }
}

/** Size of the queries dataset. */
export interface DatasetSize {
  plants: number;
  devicesPerPlant: number;
  /** Devices with `longDays` of history (the others have one day). */
  longDevices: number;
  longDays: number;
  /** The order readings are inserted in (see generateDataset). */
  layout: 'ingest' | 'device';
}

/**
 * Generates the dataset inside PostgreSQL with generate_series (no rows cross the network): plants, a collector
 * each, devices, one day of 5-minute telemetry for every device (yesterday, UTC), `longDays` days for
 * `longDevices` of them, their latest state, and a year of daily, monthly and yearly plant rollups. Readings are
 * inserted in time order, every device's reading of one time before the next time's, as the ingest writes them
 * (`layout: 'ingest'`): a device's day then lies on hundreds of pages, one reading on each, as in a fleet's
 * database. `layout: 'device'` inserts them in primary-key order instead (each device's readings side by side, a
 * day on a few pages): quicker to generate, and the best case for reading raw readings, which no ingest produces.
 * Other rows go in primary-key order so that their indexes build sequentially. Returns the administrator's
 * credentials.
 */
export async function generateDataset(url: string, size: DatasetSize, log: (m: string) => void) {
  const dayStart = yesterdayStartMs();
  const longStart = dayStart - (size.longDays - 1) * 86_400_000;
  const months = new Set<string>();
  for (let t = longStart; t <= dayStart + 86_400_000; t += 86_400_000)
    months.add(new Date(t).toISOString().slice(0, 7));
  const opened = await openDatabase({ databaseUrl: url, dataDir: '' });
  await ensureTelemetryPartitions(opened.db, [...months]);
  await opened.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const step = async (label: string, q: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const r = await c.query(q, params);
    log(`${label}: ${r.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  await c.query(
    `insert into users (user_code, name, password_hash, role_id) values ('bench-admin', 'Bench admin', $1, 1)`,
    [await hashPassword(password)],
  );
  const owner = await c.query<{ id: number }>(
    `insert into users (user_code, name, password_hash, role_id) values ('bench-owner', 'Bench owner', 'x', 4) returning id`,
  );
  await step(
    'plants',
    `insert into plants (code, name, owner_id, time_zone, capacity_w, latitude, longitude, type, build_date, price_minor_per_kwh)
     select 'q' || i, 'Plant ' || i, $1, (array['Asia/Shanghai','Europe/Berlin','America/New_York','Australia/Sydney'])[1 + i % 4],
       50000, 30, 120, (array['residential','povertyAlleviation','energyStorage','commercial'])[1 + i % 4], '2023-01-01', 50
     from generate_series(1, $2) i`,
    [owner.rows[0]!.id, size.plants],
  );
  await step(
    'collectors',
    `insert into collectors (plant_id, serial, secret_hash, model, online, last_seen_at)
     select id, 'QC' || id, 'none', 'SO-DL4G', true, now() from plants where code like 'q%'`,
  );
  await step(
    'devices',
    `insert into devices (plant_id, collector_id, serial, name, kind, model, rated_power_w, pv_strings, online, last_seen_at)
     select c.plant_id, c.id, 'QD' || c.plant_id || 'x' || k, 'inv', 'stringInverter', 'SO-10K', 10000, 2, true, now()
     from collectors c cross join generate_series(1, $1) k where c.serial like 'QC%' order by c.plant_id, k`,
    [size.devicesPerPlant],
  );
  const order = size.layout === 'ingest' ? 'ts, d.id' : 'd.id, ts';
  const reading = (from: string) => `
    select d.id, d.plant_id, ts, ts,
      greatest(0, 8000 * sin(pi() * (extract(epoch from ts)::bigint % 86400) / 86400.0))::real,
      ((extract(epoch from ts)::bigint % 86400) / 3600.0 * 4)::real,
      (10000 + (extract(epoch from ts) - 1.6e9) / 3600.0 * 4 / 24)::float8, null,
      array[230.1, 229.9, 230.4]::real[], array[11.2, 11.1, 11.3]::real[], array[50.0]::real[],
      40::real, 1::smallint, 0, array[610.0, 612.0]::real[], array[6.1, 6.2]::real[],
      null, null, null, null, null, null, null, null
    from ${from}`;
  await step(
    'one day of every device',
    `insert into telemetry ${reading(`devices d cross join generate_series($1::timestamptz, $1::timestamptz + interval '23 hours 55 minutes', interval '5 minutes') ts
       where d.serial like 'QD%' order by ${order}`)}`,
    [new Date(dayStart).toISOString()],
  );
  await step(
    `${size.longDays - 1} more days of ${size.longDevices} devices`,
    `insert into telemetry ${reading(`(select * from devices where serial like 'QD%' order by id limit $2) d
       cross join generate_series($1::timestamptz, $3::timestamptz - interval '5 minutes', interval '5 minutes') ts order by ${order}`)}`,
    [new Date(longStart).toISOString(), size.longDevices, new Date(dayStart).toISOString()],
  );
  await step(
    'latest state',
    `insert into device_latest (device_id, plant_id, ts, received_at, ac_power_w, energy_today_kwh, energy_total_kwh, status)
     select distinct on (device_id) device_id, plant_id, ts, received_at, ac_power_w, energy_today_kwh, energy_total_kwh, status
     from telemetry where ts >= $1::timestamptz order by device_id, ts desc`,
    [new Date(dayStart).toISOString()],
  );
  await step(
    'a year of daily plant rollups',
    `insert into plant_energy (plant_id, period, period_start, energy_kwh)
     select p.id, 'day', d::date, 150 + 50 * sin(extract(doy from d) / 58.0) from plants p
     cross join generate_series(current_date - 365, current_date, interval '1 day') d where p.code like 'q%' order by p.id, d`,
  );
  await step(
    'monthly and yearly plant rollups',
    `insert into plant_energy (plant_id, period, period_start, energy_kwh)
     select plant_id, 'month', date_trunc('month', period_start)::date, sum(energy_kwh) from plant_energy where period = 'day' group by 1, 3
     union all
     select plant_id, 'year', date_trunc('year', period_start)::date, sum(energy_kwh) from plant_energy where period = 'day' group by 1, 3`,
  );
  await step('analyze', 'analyze');
  const count = await c.query<{ n: string }>('select count(*) as n from telemetry');
  await c.end();
  return {
    userCode: 'bench-admin',
    password,
    day: new Date(dayStart).toISOString().slice(0, 10),
    readings: Number(count.rows[0]!.n),
  };
}
