import pg from 'pg';
import type { TelemetryReading } from '@solarops/contracts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';
import { ensureBuiltinRoles } from '../../apps/server/src/modules/users/seedAccounts.ts';
import { hashDeviceSecret } from '../../apps/server/src/modules/devices/deviceSecrets.ts';

/**
 * Migrates `databaseUrl` (the server's own migrator; another tree's migrations when given, for a bench that runs
 * that tree's server) and adds the built-in roles.
 */
export async function prepareDatabase(databaseUrl: string, migrationsDir?: string): Promise<void> {
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  await migrate(db, migrationsDir);
  await ensureBuiltinRoles(db.db);
  await db.close();
}

/** A fleet made for load: `collectors` collectors of one plant each, `devicesPerCollector` inverters each. */
export interface LoadFleet {
  collectors: { serial: string; secret: string; devices: string[] }[];
}

/**
 * Creates an owner, `collectors` plants with one collector each and `devicesPerCollector` 10 kW inverters per
 * collector, in bulk with generate_series (the same rows the service functions write, much faster).
 */
export async function createLoadFleet(
  databaseUrl: string,
  tag: string,
  collectors: number,
  devicesPerCollector: number,
): Promise<LoadFleet> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const secret = `bench-secret-${tag}`;
    const hash = hashDeviceSecret(secret);
    await client.query('begin');
    const owner = await client.query<{ id: number }>(
      `insert into users (user_code, name, password_hash, role_id) values ($1, $1, 'x', 4) returning id`,
      [`bench-${tag}`],
    );
    const ownerId = owner.rows[0]!.id;
    await client.query(
      `insert into plants (code, name, owner_id, time_zone, capacity_w, latitude, longitude, type, build_date)
       select $1 || i, 'Bench plant ' || $1 || i, $2, (array['Asia/Shanghai','Europe/Berlin','America/New_York','Australia/Sydney'])[1 + i % 4],
         $3 * 10000, 30, 120, 'commercial', '2024-01-01'
       from generate_series(1, $4) i`,
      [tag, ownerId, devicesPerCollector, collectors],
    );
    await client.query(
      `insert into collectors (plant_id, serial, secret_hash, model, report_interval_s)
       select p.id, 'BC' || $1 || substr(p.code, length($1) + 1), $2, 'SO-DL4G', 300 from plants p where p.code like $1 || '%'`,
      [tag, hash],
    );
    await client.query(
      `insert into devices (plant_id, collector_id, serial, name, kind, model, rated_power_w, pv_strings)
       select c.plant_id, c.id, 'BD' || substr(c.serial, 3) || 'x' || k, 'inv', 'stringInverter', 'SO-10K', 10000, 2
       from collectors c cross join generate_series(1, $2) k where c.serial like 'BC' || $1 || '%'`,
      [tag, devicesPerCollector],
    );
    await client.query(
      `insert into collector_devices (plant_id, collector_id, device_id)
       select d.plant_id, d.collector_id, d.id from devices d join collectors c on c.id = d.collector_id
       where c.serial like 'BC' || $1 || '%'`,
      [tag],
    );
    await client.query('commit');
    const rows = await client.query<{ serial: string; devices: string[] }>(
      `select c.serial, array_agg(d.serial order by d.serial) as devices from collectors c join devices d on d.collector_id = c.id
       where c.serial like 'BC' || $1 || '%' group by c.serial order by c.serial`,
      [tag],
    );
    return { collectors: rows.rows.map((r) => ({ serial: r.serial, secret, devices: r.devices })) };
  } finally {
    await client.end();
  }
}

/** Energy as an inverter's register gives it: in steps of 0.1 kWh. */
const tenths = (kwh: number) => Math.round(kwh * 10) / 10;

/** A plausible inverter reading (the fields a real string inverter reports every 5 minutes). */
export function benchReading(sn: string, ts: number, k: number): TelemetryReading {
  return {
    sn,
    ts,
    acPowerW: 4000 + (k % 1000),
    energyTodayKwh: tenths((k % 288) / 12),
    energyTotalKwh: tenths(10_000 + k / 12),
    gridVoltageV: [230.1, 229.8, 231.2],
    gridCurrentA: [5.8, 5.8, 5.7],
    gridFrequencyHz: [50.01],
    tempC: 41.5,
    status: 1,
    faultCode: 0,
    pvVoltageV: [612.3, 608.9],
    pvCurrentA: [3.4, 3.3],
  };
}

/**
 * `JSON.stringify(benchReading(sn, ts, k))`, written directly: the load generators share the machine's two
 * cores with the server, and building objects to stringify them cost them about 1 µs a reading that real
 * collectors, each on its own hardware, never take from a server.
 */
export function benchReadingJson(sn: string, ts: number, k: number): string {
  return (
    `{"sn":"${sn}","ts":${ts},"acPowerW":${4000 + (k % 1000)},"energyTodayKwh":${tenths((k % 288) / 12)},` +
    `"energyTotalKwh":${tenths(10_000 + k / 12)},"gridVoltageV":[230.1,229.8,231.2],"gridCurrentA":[5.8,5.8,5.7],` +
    `"gridFrequencyHz":[50.01],"tempC":41.5,"status":1,"faultCode":0,"pvVoltageV":[612.3,608.9],` +
    `"pvCurrentA":[3.4,3.3]}`
  );
}

/** A telemetry batch's JSON from its readings' JSON. */
export const benchBatchJson = (seq: number, readings: readonly string[]) =>
  `{"seq":${seq},"readings":[${readings.join(',')}]}`;

// The two forms must never drift apart: checked when the benchmarks load.
for (const k of [0, 1, 287, 1001, 123_457]) {
  if (
    benchReadingJson('INV0001', 1_790_000_000_000 + k, k) !==
    JSON.stringify(benchReading('INV0001', 1_790_000_000_000 + k, k))
  )
    throw new Error('benchReadingJson differs from benchReading');
}

/**
 * Resolves once `count` collectors whose serial starts with `serialPrefix` are stored online (their links connected
 * and their status written), so that what a bench measures after it is not the connections being made. Fails
 * after `timeoutMs` saying how many came, rather than leaving the bench waiting forever on links that never connect.
 */
export async function collectorsOnline(
  databaseUrl: string,
  serialPrefix: string,
  count: number,
  timeoutMs = 300_000,
): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await c.query<{ n: number }>(
        `select count(*)::int as n from collectors where online and serial like $1 || '%'`,
        [serialPrefix],
      );
      const online = r.rows[0]!.n;
      if (online >= count) return;
      if (Date.now() > deadline)
        throw new Error(
          `${online} of ${count} collectors ${serialPrefix}* online after ${timeoutMs / 1000} s`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await c.end();
  }
}
