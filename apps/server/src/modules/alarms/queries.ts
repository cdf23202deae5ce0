import { sql, type SQL } from 'drizzle-orm';
import type { AlarmDetail, AlarmQuery, AlarmRow, AlarmStatistics, OfflineRow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import type { Lang } from '../../i18n/messages.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { readingsBetween } from '../telemetry/history.ts';

/**
 * A console date (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`) as a moment: in the browser's time zone when it sends
 * one (`tz`), else in each plant's (ARCHITECTURE §6). A bare end date means the end of that day.
 */
const localMoment = (value: string, end: boolean, tz: string | undefined) => {
  const v = value.replace('T', ' ');
  const full = v.length === 10 ? `${v} ${end ? '23:59:59.999' : '00:00:00'}` : v;
  return sql`(${full}::timestamp at time zone ${tz ? sql`${tz}` : sql`pl.time_zone`})`;
};

/** The where-conditions of an alarm query on `a` (alarms), `pl`, `d`, `c`, besides the caller's scope. */
function alarmFilters(caller: Caller, q: Partial<AlarmQuery>): SQL {
  const conds: SQL[] = [plantScope(caller)];
  if (q.status === 0) conds.push(sql`a.recovered_at is null`);
  if (q.status === 1) conds.push(sql`a.recovered_at is not null`);
  if (q.startDate) conds.push(sql`a.occurred_at >= ${localMoment(q.startDate, false, q.tz)}`);
  if (q.endDate) conds.push(sql`a.occurred_at <= ${localMoment(q.endDate, true, q.tz)}`);
  if (q.level) conds.push(sql`a.level = ${q.level}`);
  if (q.code) conds.push(sql`a.code = ${q.code}`);
  if (q.plantId) conds.push(sql`a.plant_id = ${q.plantId}`);
  if (q.source) conds.push(sql`a.source = ${q.source}`);
  if (q.sn) {
    const sn = `%${escapeLike(q.sn)}%`;
    conds.push(sql`(d.serial ilike ${sn} or c.serial ilike ${sn})`);
  }
  if (q.plantName) conds.push(sql`pl.name ilike ${`%${escapeLike(q.plantName)}%`}`);
  if (q.unconfirmed === 'true') conds.push(sql`a.confirmed_at is null`);
  if (q.unconfirmed === 'false') conds.push(sql`a.confirmed_at is not null`);
  return sql.join(conds, sql` and `);
}

const FROM = sql`from alarms a
  join plants pl on pl.id = a.plant_id
  left join devices d on d.id = a.device_id
  left join collectors c on c.id = coalesce(a.collector_id, d.collector_id)`;

interface RawAlarm {
  id: number;
  level: number;
  code: number;
  recovered_at: string | null;
  source: AlarmRow['source'];
  description: string | null;
  solutions: string | null;
  message: string;
  occurred_at: string;
  saved_at: string;
  plant_id: number;
  plant_name: string;
  collector_serial: string | null;
  collector_model: string | null;
  device_serial: string | null;
  device_name: string | null;
  device_kind: string | null;
  confirmed_by: string | null;
  confirmed_at: string | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function present(r: RawAlarm): AlarmRow {
  return {
    alarmId: Number(r.id),
    level: r.level as AlarmRow['level'],
    code: r.code,
    status: r.recovered_at ? 1 : 0,
    source: r.source,
    description: r.description ?? `#${r.code}`,
    solutions: r.solutions ?? '',
    message: r.message,
    warningTime: iso(r.occurred_at)!,
    recoveryTime: iso(r.recovered_at),
    saveTime: iso(r.saved_at)!,
    plantId: r.plant_id,
    plantName: r.plant_name,
    deviceId: r.collector_serial ?? '',
    collectName: [r.plant_name, r.collector_model].filter(Boolean).join(' · '),
    deviceSn: r.device_serial ?? '',
    deviceName: r.device_name ?? '',
    deviceKind: r.device_kind ?? '',
    confirmedBy: r.confirmed_by,
    confirmedAt: iso(r.confirmed_at),
  };
}

const SELECT = (lang: Lang) => sql`select a.id, a.level, a.code, a.recovered_at, a.source, a.message,
    a.occurred_at, a.saved_at, a.plant_id, pl.name as plant_name, c.serial as collector_serial,
    c.model as collector_model, d.serial as device_serial, d.name as device_name, d.kind as device_kind,
    cu.user_code as confirmed_by, a.confirmed_at,
    ${lang === 'en' ? sql`fc.description_en` : sql`fc.description_zh`} as description,
    ${lang === 'en' ? sql`fc.solution_en` : sql`fc.solution_zh`} as solutions
  ${FROM}
  left join fault_catalogue fc on fc.code = a.code
  left join users cu on cu.id = a.confirmed_by`;

/** A page of alarms in the caller's scope, newest first. */
export async function listAlarms(
  db: Database,
  caller: Caller,
  q: Partial<AlarmQuery>,
  lang: Lang,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: AlarmRow[] }> {
  const where = alarmFilters(caller, q);
  const rows = await rowsOf<RawAlarm>(
    db,
    sql`${SELECT(lang)} where ${where} order by a.occurred_at desc, a.id desc
      limit ${window.limit} offset ${window.offset}`,
  );
  const total = await countAlarms(db, caller, q);
  return { total, rows: rows.map(present) };
}

/** How many alarms of the caller's scope match. */
export async function countAlarms(db: Database, caller: Caller, q: Partial<AlarmQuery>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n ${FROM} where ${alarmFilters(caller, q)}`,
  );
  return row?.n ?? 0;
}

/** One alarm of the caller's scope. */
export async function findAlarm(db: Database, caller: Caller, id: number, lang: Lang) {
  const [row] = await rowsOf<RawAlarm & { device_id: number | null }>(
    db,
    sql`${SELECT(lang)} where a.id = ${id} and ${plantScope(caller)}`,
  );
  return row ? present(row) : undefined;
}

/** The alarm and its device's readings two hours either side, and the records captured with it. */
export async function alarmDetail(
  db: Database,
  caller: Caller,
  id: number,
  lang: Lang,
): Promise<AlarmDetail | undefined> {
  const alarm = await findAlarm(db, caller, id, lang);
  if (!alarm) return undefined;
  const readings = await rowsOf<{
    ts: string;
    ac_power_w: number | null;
    temp_c: number | null;
    grid_voltage_v: number | null;
    fault_code: number | null;
    pv_current_a: (number | null)[] | null;
  }>(
    db,
    sql`select t.ts, t.ac_power_w, t.temp_c, t.grid_voltage_v[1] as grid_voltage_v, t.fault_code, t.pv_current_a
      from alarms a cross join lateral ${readingsBetween(
        sql`a.occurred_at - interval '2 hours'`,
        sql`a.occurred_at + interval '2 hours 1 microsecond'`,
        ['ac_power_w', 'temp_c', 'grid_voltage_v', 'fault_code', 'pv_current_a'],
      )} t
      where a.id = ${id} and t.device_id = a.device_id
      order by t.ts limit 500`,
  );
  const records = await rowsOf<{ id: number }>(
    db,
    sql`select id from fault_records where alarm_id = ${id} order by ts`,
  );
  return {
    alarm,
    readings: readings.map((r) => ({
      ts: iso(r.ts)!,
      acPowerW: r.ac_power_w,
      tempC: r.temp_c,
      gridVoltageV: r.grid_voltage_v,
      faultCode: r.fault_code,
      pvCurrentA: r.pv_current_a ?? [],
    })),
    records: records.map((r) => Number(r.id)),
  };
}

/** Counts by level, status, code, plant and local day for the overview and statistics screens. */
export async function alarmStatistics(
  db: Database,
  caller: Caller,
  q: Partial<AlarmQuery>,
  lang: Lang,
): Promise<AlarmStatistics> {
  const where = alarmFilters(caller, q);
  const group = async <K>(key: SQL, label: SQL, order: SQL, limit = 50) =>
    rowsOf<{ key: K; label: string; count: number }>(
      db,
      sql`select ${key} as key, ${label} as label, count(*)::int as count ${FROM}
        left join fault_catalogue fc on fc.code = a.code
        where ${where} group by 1, 2 order by ${order} limit ${limit}`,
    );
  const desc = lang === 'en' ? sql`coalesce(fc.description_en, '')` : sql`coalesce(fc.description_zh, '')`;
  const [totals] = await rowsOf<{ total: number; open: number; unconfirmed: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where a.recovered_at is null))::int as open,
        (count(*) filter (where a.confirmed_at is null))::int as unconfirmed
      ${FROM} where ${where}`,
  );
  return {
    total: totals?.total ?? 0,
    open: totals?.open ?? 0,
    unconfirmed: totals?.unconfirmed ?? 0,
    byLevel: await group<number>(sql`a.level::int`, sql`''`, sql`1`),
    byStatus: await group<number>(sql`(case when a.recovered_at is null then 0 else 1 end)`, sql`''`, sql`1`),
    byCode: await group<number>(sql`a.code`, desc, sql`3 desc, 1`, 20),
    byPlant: await group<number>(sql`a.plant_id`, sql`pl.name`, sql`3 desc, 1`, 20),
    byDay: await group<string>(
      sql`to_char(a.occurred_at at time zone ${q.tz ? sql`${q.tz}` : sql`pl.time_zone`}, 'YYYY-MM-DD')`,
      sql`''`,
      sql`1`,
      366,
    ),
  };
}

/** Offline collectors and devices of the caller's plants, and since when (their open offline alarm). */
export async function listOffline(
  db: Database,
  caller: Caller,
  q: { sn?: string | undefined; plantName?: string | undefined },
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: OfflineRow[] }> {
  const conds: SQL[] = [plantScope(caller)];
  if (q.sn) conds.push(sql`x.sn ilike ${`%${escapeLike(q.sn)}%`}`);
  if (q.plantName) conds.push(sql`pl.name ilike ${`%${escapeLike(q.plantName)}%`}`);
  const base = sql`from (
      select 'collector' as kind, c.serial as sn, 'collector' as device_kind, c.plant_id, c.last_seen_at,
        'c:' || c.id as subject
      from collectors c where not c.online and c.plant_id is not null
      union all
      select 'device', d.serial, d.kind, d.plant_id, d.last_seen_at, 'd:' || d.id
      from devices d where not d.online
    ) x join plants pl on pl.id = x.plant_id
    left join alarms a on a.subject = x.subject and a.source = 'offline' and a.recovered_at is null
    where ${sql.join(conds, sql` and `)}`;
  const rows = await rowsOf<{
    kind: 'collector' | 'device';
    sn: string;
    device_kind: string;
    plant_id: number;
    plant_name: string;
    last_seen_at: string | null;
    offline_since: string | null;
  }>(
    db,
    sql`select x.kind, x.sn, x.device_kind, x.plant_id, pl.name as plant_name, x.last_seen_at,
        a.occurred_at as offline_since
      ${base} order by x.last_seen_at desc nulls last, x.sn limit ${window.limit} offset ${window.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${base}`);
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      kind: r.kind,
      sn: r.sn,
      deviceKind: r.device_kind,
      plantId: r.plant_id,
      plantName: r.plant_name,
      lastSeenAt: iso(r.last_seen_at),
      offlineSince: iso(r.offline_since),
    })),
  };
}

/** Analysis by plant: alarm counts per plant (BIAlarmList). */
export async function biByPlant(
  db: Database,
  caller: Caller,
  q: Partial<AlarmQuery>,
  window: { limit: number; offset: number },
) {
  const where = alarmFilters(caller, q);
  const rows = await rowsOf<{
    plant_id: number;
    plant_name: string;
    total: number;
    open: number;
    level1: number;
    level2: number;
    level3: number;
    devices: number;
  }>(
    db,
    sql`select a.plant_id, pl.name as plant_name, count(*)::int as total,
        (count(*) filter (where a.recovered_at is null))::int as open,
        (count(*) filter (where a.level = 1))::int as level1, (count(*) filter (where a.level = 2))::int as level2,
        (count(*) filter (where a.level = 3))::int as level3, count(distinct a.subject)::int as devices
      ${FROM} where ${where} group by a.plant_id, pl.name order by total desc, a.plant_id
      limit ${window.limit} offset ${window.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(distinct a.plant_id)::int as n ${FROM} where ${where}`,
  );
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      plantId: r.plant_id,
      plantName: r.plant_name,
      total: r.total,
      open: r.open,
      level1: r.level1,
      level2: r.level2,
      level3: r.level3,
      devices: r.devices,
    })),
  };
}

/** Analysis of one plant by fault code (BIDetails). */
export async function biByCode(db: Database, caller: Caller, q: Partial<AlarmQuery>, lang: Lang) {
  const where = alarmFilters(caller, q);
  const rows = await rowsOf<{
    code: number;
    level: number;
    description: string | null;
    total: number;
    open: number;
    devices: number;
    last_time: string;
  }>(
    db,
    sql`select a.code, max(a.level)::int as level,
        ${lang === 'en' ? sql`max(fc.description_en)` : sql`max(fc.description_zh)`} as description,
        count(*)::int as total, (count(*) filter (where a.recovered_at is null))::int as open,
        count(distinct a.subject)::int as devices, max(a.occurred_at) as last_time
      ${FROM} left join fault_catalogue fc on fc.code = a.code
      where ${where} group by a.code order by total desc, a.code`,
  );
  return rows.map((r) => ({
    code: r.code,
    level: r.level as 1 | 2 | 3,
    description: r.description ?? `#${r.code}`,
    total: r.total,
    open: r.open,
    devices: r.devices,
    lastTime: iso(r.last_time)!,
  }));
}
