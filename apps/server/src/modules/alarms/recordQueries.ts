import { sql, type SQL } from 'drizzle-orm';
import type { FaultRecordData } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import type { Lang } from '../../i18n/messages.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { readingsBetween } from '../telemetry/history.ts';

const iso = (v: string | Date) => new Date(v).toISOString();
const desc = (lang: Lang) => (lang === 'en' ? sql`fc.description_en` : sql`fc.description_zh`);

interface RawRecord {
  id: number;
  kind: 'waveform' | 'arcSpectrum';
  code: number;
  description: string | null;
  ts: string;
  plant_name: string;
  device_serial: string;
  alarm_id: number | null;
  data?: FaultRecordData;
}

const presentRecord = (r: RawRecord) => ({
  recordId: Number(r.id),
  kind: r.kind,
  code: r.code,
  description: r.description ?? `#${r.code}`,
  ts: iso(r.ts),
  plantName: r.plant_name,
  deviceSn: r.device_serial,
  alarmId: r.alarm_id === null ? null : Number(r.alarm_id),
});

const RECORD_FROM = sql`from fault_records f join plants pl on pl.id = f.plant_id
  join devices d on d.id = f.device_id left join fault_catalogue fc on fc.code = f.code`;

/** Fault records (waveforms, arc spectra) of the caller's plants, newest first. */
export async function listFaultRecords(
  db: Database,
  caller: Caller,
  q: { kind?: 'waveform' | 'arcSpectrum' | undefined; sn?: string | undefined },
  lang: Lang,
  window: { limit: number; offset: number },
) {
  const conds: SQL[] = [plantScope(caller)];
  if (q.kind) conds.push(sql`f.kind = ${q.kind}`);
  if (q.sn) conds.push(sql`d.serial ilike ${`%${escapeLike(q.sn)}%`}`);
  const where = sql.join(conds, sql` and `);
  const rows = await rowsOf<RawRecord>(
    db,
    sql`select f.id, f.kind, f.code, ${desc(lang)} as description, f.ts, pl.name as plant_name,
        d.serial as device_serial, f.alarm_id
      ${RECORD_FROM} where ${where} order by f.ts desc, f.id desc limit ${window.limit} offset ${window.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n ${RECORD_FROM} where ${where}`,
  );
  return { total: count?.n ?? 0, rows: rows.map(presentRecord) };
}

/** One fault record with its samples. */
export async function findFaultRecord(db: Database, caller: Caller, id: number, lang: Lang) {
  const [row] = await rowsOf<RawRecord & { data: FaultRecordData }>(
    db,
    sql`select f.id, f.kind, f.code, ${desc(lang)} as description, f.ts, pl.name as plant_name,
        d.serial as device_serial, f.alarm_id, f.data
      ${RECORD_FROM} where f.id = ${id} and ${plantScope(caller)}`,
  );
  return row ? { ...presentRecord(row), data: row.data } : undefined;
}

/** The device of serial `sn` when it is in the caller's scope. */
export async function findScopedDevice(db: Database, caller: Caller, sn: string) {
  const [row] = await rowsOf<{ id: number; time_zone: string }>(
    db,
    sql`select d.id, pl.time_zone from devices d join plants pl on pl.id = d.plant_id
      where d.serial = ${sn} and ${plantScope(caller)}`,
  );
  return row;
}

const range = (column: SQL, tz: string, start?: string, end?: string) => {
  const conds: SQL[] = [];
  if (start)
    conds.push(
      sql`${column} >= (${start.length === 10 ? `${start} 00:00:00` : start}::timestamp at time zone ${tz})`,
    );
  if (end)
    conds.push(
      sql`${column} <= (${end.length === 10 ? `${end} 23:59:59.999` : end}::timestamp at time zone ${tz})`,
    );
  return conds.length > 0 ? sql.join(conds, sql` and `) : sql`true`;
};

interface LogQuery {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** A device's event log (faults raised and cleared as the device reported them). */
export async function deviceEventLog(
  db: Database,
  device: { id: number; time_zone: string },
  q: LogQuery,
  lang: Lang,
  window: { limit: number; offset: number },
) {
  const where = sql`e.device_id = ${device.id} and ${range(sql`e.ts`, device.time_zone, q.startDate, q.endDate)}`;
  const rows = await rowsOf<{
    ts: string;
    code: number;
    level: number;
    state: string;
    description: string | null;
    string_index: number | null;
  }>(
    db,
    sql`select e.ts, e.code, e.level, e.state, ${desc(lang)} as description, e.string_index
      from device_events e left join fault_catalogue fc on fc.code = e.code
      where ${where} order by e.ts desc limit ${window.limit} offset ${window.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from device_events e where ${where}`,
  );
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      ts: iso(r.ts),
      code: r.code,
      level: r.level,
      state: r.state,
      description: r.description ?? `#${r.code}`,
      stringIndex: r.string_index,
    })),
  };
}

/** A device's running log: its readings, newest first. */
export async function deviceRunningLog(
  db: Database,
  device: { id: number; time_zone: string },
  q: LogQuery,
  window: { limit: number; offset: number },
) {
  const where = sql`t.device_id = ${device.id} and ${range(sql`t.ts`, device.time_zone, q.startDate, q.endDate)}`;
  const rows = await rowsOf<{
    ts: string;
    status: number | null;
    ac_power_w: number | null;
    energy_today_kwh: number | null;
    temp_c: number | null;
    fault_code: number | null;
  }>(
    db,
    sql`select t.ts, t.status, t.ac_power_w, t.energy_today_kwh, t.temp_c, t.fault_code
      from ${readingsBetween(sql`'-infinity'::timestamptz`, sql`'infinity'::timestamptz`, ['status', 'ac_power_w', 'energy_today_kwh', 'temp_c', 'fault_code'])} t where ${where} order by t.ts desc limit ${window.limit} offset ${window.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${readingsBetween(sql`'-infinity'::timestamptz`, sql`'infinity'::timestamptz`, [])} t where ${where}`,
  );
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      ts: iso(r.ts),
      status: r.status,
      acPowerW: r.ac_power_w,
      energyTodayKwh: r.energy_today_kwh,
      tempC: r.temp_c,
      faultCode: r.fault_code,
    })),
  };
}
