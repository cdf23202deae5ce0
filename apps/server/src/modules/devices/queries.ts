import { sql, type SQL } from 'drizzle-orm';
import { AGENT_COLLECTOR_MODEL, isNamedBySerial } from '@solarops/contracts';
import type {
  AgentReport,
  CollectorRow,
  DeviceHistory,
  DeviceListQuery,
  DeviceRow,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { historyLoading } from '../telemetry/historyFill.ts';
import { readingCount, readingsBetween, type ReadingField } from '../telemetry/history.ts';
import { localDayStartMs, nextDay } from '../../time/localDay.ts';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

interface DeviceDbRow {
  id: number;
  serial: string;
  name: string;
  kind: DeviceRow['kind'];
  model: string;
  arm_version: string;
  dsp_version: string;
  rated_power_w: number;
  pv_strings: number;
  plant_id: number;
  plant_name: string;
  time_zone: string;
  collector_serial: string | null;
  via_agent: boolean | null;
  signal: number | null;
  online: boolean;
  last_seen_at: string | null;
  l_ts: string | null;
  /** Whether the latest reading is of the plant's local day today. */
  l_today: boolean | null;
  ac_power_w: number | null;
  energy_today_kwh: number | null;
  energy_total_kwh: number | null;
  temp_c: number | null;
  fault_code: number | null;
  status_code: number | null;
  battery_soc_percent: number | null;
}

const n = (v: number | null) => (v === null ? null : Number(v));

function toDeviceRow(r: DeviceDbRow): DeviceRow {
  return {
    id: r.id,
    serial: r.serial,
    name: r.name,
    kind: r.kind,
    model: r.model,
    armVersion: r.arm_version,
    dspVersion: r.dsp_version,
    ratedPowerW: Number(r.rated_power_w),
    pvStrings: r.pv_strings,
    plantId: r.plant_id,
    plantName: r.plant_name,
    timeZone: r.time_zone,
    collectorSerial: r.collector_serial,
    viaAgent: r.via_agent === true,
    signal: n(r.signal),
    online: r.online,
    status: !r.online ? 'offline' : r.status_code === 3 ? 'fault' : 'online',
    lastSeenAt: r.last_seen_at,
    latest: r.l_ts
      ? {
          ts: r.l_ts,
          acPowerW: n(r.ac_power_w),
          // A reading of an earlier local day says nothing of today's energy but that there is none yet.
          energyTodayKwh: r.l_today === false && r.energy_today_kwh !== null ? 0 : n(r.energy_today_kwh),
          energyTotalKwh: n(r.energy_total_kwh),
          tempC: n(r.temp_c),
          faultCode: n(r.fault_code),
          batterySocPercent: n(r.battery_soc_percent),
        }
      : null,
  };
}

const deviceSelect = sql`select d.id, d.serial, d.name, d.kind, d.model, d.arm_version, d.dsp_version, d.rated_power_w,
    d.pv_strings, d.plant_id, pl.name as plant_name, pl.time_zone, c.serial as collector_serial,
    c.model = ${AGENT_COLLECTOR_MODEL} as via_agent, c.signal, d.online,
    ${iso('d.last_seen_at')} as last_seen_at, ${iso('l.ts')} as l_ts,
    (l.ts at time zone pl.time_zone)::date = (now() at time zone pl.time_zone)::date as l_today, l.ac_power_w, l.energy_today_kwh,
    l.energy_total_kwh, l.temp_c, l.fault_code, l.status as status_code, l.battery_soc_percent
  from devices d join plants pl on pl.id = d.plant_id
  left join collectors c on c.id = d.collector_id
  left join device_latest l on l.device_id = d.id`;

/** Devices of the fleet the caller may see, with their latest state, one page. */
export async function listDevices(
  db: Database,
  caller: Caller,
  q: DeviceListQuery,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: DeviceRow[] }> {
  const where: SQL[] = [plantScope(caller)];
  if (q.sn) where.push(sql`d.serial ilike ${`%${escapeLike(q.sn)}%`}`);
  if (q.plantId) where.push(sql`d.plant_id = ${q.plantId}`);
  if (q.plantName) where.push(sql`pl.name ilike ${`%${escapeLike(q.plantName)}%`}`);
  if (q.model) where.push(sql`d.model ilike ${`%${escapeLike(q.model)}%`}`);
  if (q.family) where.push(sql`d.kind = ${q.family}`);
  if (q.families) where.push(sql`d.kind = any(${sql.param(q.families)}::text[])`);
  if (q.status === 'offline') where.push(sql`not d.online`);
  if (q.status === 'online') where.push(sql`d.online and coalesce(l.status, 0) <> 3`);
  if (q.status === 'fault') where.push(sql`d.online and l.status = 3`);
  const cond = sql.join(where, sql` and `);
  const rows = await rowsOf<DeviceDbRow>(
    db,
    sql`${deviceSelect} where ${cond} order by d.plant_id, d.serial limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from devices d join plants pl on pl.id = d.plant_id
        left join device_latest l on l.device_id = d.id where ${cond}`,
  );
  return { total: count?.n ?? 0, rows: rows.map(toDeviceRow) };
}

/** Devices of one plant (already scope-checked), with their latest state. */
export async function plantDevices(db: Database, plantId: number): Promise<DeviceRow[]> {
  const rows = await rowsOf<DeviceDbRow>(
    db,
    sql`${deviceSelect} where d.plant_id = ${plantId} order by d.kind, d.serial`,
  );
  return rows.map(toDeviceRow);
}

/** SQL of a history field (HISTORY_FIELDS): PV strings and phases are array elements. */
function fieldSql(field: string): { column: ReadingField; expr: string } {
  const m = /^(pvV|pvI|gridVoltageV|gridCurrentA|gridFrequencyHz)(\d+)$/.exec(field);
  if (m) {
    const column = (
      {
        pvV: 'pv_voltage_v',
        pvI: 'pv_current_a',
        gridVoltageV: 'grid_voltage_v',
        gridCurrentA: 'grid_current_a',
        gridFrequencyHz: 'grid_frequency_hz',
      } as const
    )[m[1]!]!;
    return { column, expr: `${column}[${Number(m[2])}]` };
  }
  const column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as ReadingField;
  return { column, expr: column };
}

/**
 * A device's history of the chosen fields over [from, to): raw readings when they fit in `maxPoints`, else
 * averages over equal time buckets (status and fault code: the highest in the bucket).
 */
export async function deviceHistory(
  db: Database,
  caller: Caller,
  sn: string,
  q: { date?: string | undefined; from?: number; to?: number; fields: string[]; maxPoints: number },
): Promise<DeviceHistory | undefined> {
  const [device] = await rowsOf<{ id: number; plant_id: number; time_zone: string }>(
    db,
    sql`select d.id, d.plant_id, pl.time_zone from devices d join plants pl on pl.id = d.plant_id
      where d.serial = ${sn} and ${plantScope(caller)}`,
  );
  if (!device) return undefined;
  // A local day of the plant, like the plant's own curve (issue 15): never the browser's or UTC's day.
  const range = q.date
    ? {
        from: localDayStartMs(device.time_zone, q.date),
        to: localDayStartMs(device.time_zone, nextDay(q.date)),
      }
    : { from: q.from!, to: q.to! };
  return historyOfRange(db, device, sn, { ...q, ...range }, q.date ?? null);
}

async function historyOfRange(
  db: Database,
  device: { id: number; plant_id: number; time_zone: string },
  sn: string,
  q: { from: number; to: number; fields: string[]; maxPoints: number },
  date: string | null,
): Promise<DeviceHistory> {
  const from = new Date(q.from).toISOString();
  const to = new Date(q.to).toISOString();
  const fields = q.fields.map(fieldSql);
  const between = (columns: readonly ReadingField[]) =>
    sql`${readingsBetween(sql`${from}::timestamptz`, sql`${to}::timestamptz`, columns)} t`;
  const [count] = await rowsOf<{ n: number }>(db, readingCount(device.id, q.from, q.to));
  const raw = (count?.n ?? 0) <= q.maxPoints;
  const bucketSeconds = raw ? null : Math.ceil((q.to - q.from) / 1000 / q.maxPoints);
  const cols = q.fields.map((f, i) => {
    const { expr } = fields[i]!;
    if (raw) return `(${expr})::float8`;
    return f === 'status' || f === 'faultCode' ? `max(${expr})::float8` : `avg(${expr})::float8`;
  });
  const values = sql.raw(`array[${cols.join(', ')}]::float8[] as v`);
  const asked = between(fields.map((f) => f.column));
  const rows = raw
    ? await rowsOf<{ ts: string; v: (number | null)[] }>(
        db,
        sql`select ${iso('ts')} as ts, ${values} from ${asked} where device_id = ${device.id} order by ts`,
      )
    : await rowsOf<{ ts: string; v: (number | null)[] }>(
        db,
        sql`select ${iso('b')} as ts, ${values} from (
              select date_bin(${sql.raw(`'${bucketSeconds} seconds'`)}::interval, ts, ${from}::timestamptz) as b, *
              from ${asked} where device_id = ${device.id}) x
            group by b order by b`,
      );
  return {
    sn,
    timeZone: device.time_zone,
    date,
    from,
    to,
    fields: q.fields,
    bucketSeconds,
    points: rows.map((r) => ({
      ts: r.ts,
      values: r.v.map((x) => (x === null ? null : Math.round(Number(x) * 1000) / 1000)),
    })),
    historyLoading: await historyLoading(db, device.plant_id, q.from),
  };
}

/**
 * Collectors whose serial starts with `sn` among the caller's plants (callers who see everything also find
 * collectors not yet bound to a plant: the scope condition is then `true`).
 */
export const searchCollectors = (db: Database, caller: Caller, sn: string): Promise<CollectorRow[]> =>
  collectorRows(db, caller, sql`c.serial ilike ${`${escapeLike(sn)}%`}`, 20);

/** The collectors of a plant the caller may see, an edge agent that has no device yet among them. */
export const plantCollectors = (db: Database, caller: Caller, plantId: number): Promise<CollectorRow[]> =>
  collectorRows(db, caller, sql`c.plant_id = ${plantId}`, 100);

/** The collectors that meet `where` among the caller's plants, by serial, at most `limit`. */
async function collectorRows(
  db: Database,
  caller: Caller,
  where: SQL,
  limit: number,
): Promise<CollectorRow[]> {
  const scope = plantScope(caller);
  const rows = await rowsOf<{
    id: number;
    serial: string;
    plant_id: number | null;
    plant_name: string | null;
    model: string;
    firmware_version: string;
    network: string;
    signal: number | null;
    iccid: string | null;
    clock_offset_ms: string | null;
    clock_synced: boolean | null;
    dropped_readings: string | null;
    agent_report: AgentReport | null;
    online: boolean;
    last_seen_at: string | null;
  }>(
    db,
    sql`select c.id, c.serial, c.plant_id, pl.name as plant_name, c.model, c.firmware_version, c.network, c.signal,
          c.iccid, c.clock_offset_ms, c.clock_synced, c.dropped_readings, c.agent_report, c.online, ${iso('c.last_seen_at')} as last_seen_at
        from collectors c left join plants pl on pl.id = c.plant_id
        where ${where} and ${scope}
        order by c.serial limit ${limit}`,
  );
  if (rows.length === 0) return [];
  const bound = await rowsOf<{
    collector_id: number;
    serial: string;
    kind: DeviceRow['kind'];
    bound_at: string;
    last_seen_at: string | null;
  }>(
    db,
    sql`select m.collector_id, d.serial, d.kind, ${iso('m.bound_at')} as bound_at, ${iso('d.last_seen_at')} as last_seen_at
        from collector_devices m join devices d on d.id = m.device_id
        where m.collector_id = any(${sql.param(rows.map((r) => r.id))}::int[]) and m.unbound_at is null
        order by d.serial`,
  );
  // The devices agents report that are some plant's device already; the others they discovered are found.
  const reported = rows.flatMap((r) => r.agent_report?.devices.map((d) => d.sn) ?? []);
  const known = new Set(
    reported.length === 0
      ? []
      : (
          await rowsOf<{ serial: string }>(
            db,
            sql`select serial from devices where serial = any(${sql.param(reported)}::text[])`,
          )
        ).map((d) => d.serial),
  );
  /** When the last reading of a device an agent polls reached the server: only of the devices bound to it. */
  const lastReadingAt = (collectorId: number, sn: string): string | null =>
    bound.find((b) => b.collector_id === collectorId && b.serial === sn)?.last_seen_at ?? null;
  return rows.map((r) => ({
    serial: r.serial,
    plantId: r.plant_id,
    plantName: r.plant_name,
    model: r.model,
    firmwareVersion: r.firmware_version,
    network: r.network,
    signal: n(r.signal),
    iccid: r.iccid,
    clockOffsetMs: r.clock_offset_ms === null ? null : Number(r.clock_offset_ms),
    clockSynced: r.clock_synced,
    droppedReadings: r.dropped_readings === null ? null : Number(r.dropped_readings),
    agent: r.agent_report && {
      links: r.agent_report.links,
      devices: r.agent_report.devices.map((d) => ({
        ...d,
        lastReadingAt: lastReadingAt(r.id, d.sn),
        found: isNamedBySerial(d) && !known.has(d.sn),
      })),
    },
    online: r.online,
    lastSeenAt: r.last_seen_at,
    devices: bound
      .filter((b) => b.collector_id === r.id)
      .map((b) => ({ serial: b.serial, kind: b.kind, boundAt: b.bound_at })),
  }));
}

/** One device the caller may see, with its latest state, or undefined (answer 404). */
export async function findDevice(db: Database, caller: Caller, sn: string): Promise<DeviceRow | undefined> {
  const [row] = await rowsOf<DeviceDbRow>(
    db,
    sql`${deviceSelect} where d.serial = ${sn} and ${plantScope(caller)}`,
  );
  return row ? toDeviceRow(row) : undefined;
}
