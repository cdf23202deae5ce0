import { sql } from 'drizzle-orm';
import { ALARM_STATUS, SERVER_FAULT_CODES, type AlarmPush, type AlarmSource } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { arrayLiteral } from '../../db/arrayLiteral.ts';
import type { CommittedReading, StoredDeviceEvent } from '../deviceLink/deviceLinkEvents.ts';
import type { AlarmBus } from './alarmBus.ts';
import { FAULT_CATALOGUE } from './faultCatalogue.ts';
import { rowsOf } from '../../db/rowsOf.ts';

/**
 * What raising, recovering and confirming alarms need: the database and the bus that tells the listeners (the
 * app passes its `app.deps`).
 */
export interface AlarmDeps {
  db: Database;
  alarmBus: AlarmBus;
}

/** Adds the shipped catalogue entries missing from `fault_catalogue` (administrators' edits are kept). */
export async function seedFaultCatalogue(db: Database): Promise<void> {
  const c = FAULT_CATALOGUE;
  await db.execute(sql`insert into fault_catalogue
      (code, level, family, description_zh, description_en, solution_zh, solution_en)
    select * from unnest(${sql.param(c.map((e) => e.code))}::int[], ${sql.param(c.map((e) => e.level))}::smallint[],
      ${sql.param(c.map((e) => e.family))}::text[], ${sql.param(c.map((e) => e.descriptionZh))}::text[],
      ${sql.param(c.map((e) => e.descriptionEn))}::text[], ${sql.param(c.map((e) => e.solutionZh))}::text[],
      ${sql.param(c.map((e) => e.solutionEn))}::text[])
    on conflict (code) do nothing`);
}

/** An alarm to raise. `subject` is `d:<device id>`, `c:<collector id>` or `p:<plant id>`. */
export interface AlarmInput {
  plantId: number;
  deviceId: number | null;
  collectorId: number | null;
  subject: string;
  code: number;
  /** The device's level; the catalogue's level when absent. */
  level?: number | undefined;
  source: AlarmSource;
  message?: string;
  occurredAtMs: number;
}

/** An alarm row as the statements that raise, recover or confirm alarms return it. */
type PushRow = { id: number; level: number; code: number; plant_id: number; recovered: boolean };

const pushOf = (r: PushRow) =>
  ({
    alarmId: Number(r.id),
    level: r.level as AlarmPush['level'],
    code: r.code,
    plantId: r.plant_id,
    status: r.recovered ? ALARM_STATUS.recovered : ALARM_STATUS.occurred,
  }) satisfies AlarmPush;

/**
 * Raises alarms; an alarm already open for the same subject and code (or the same occurrence re-sent) is left
 * alone, so a device never has two open alarms for one code. Tells the bus of the new ones and returns them.
 */
export async function raiseAlarms(deps: AlarmDeps, inputs: AlarmInput[]): Promise<AlarmPush[]> {
  const { db } = deps;
  if (inputs.length === 0) return [];
  const rows = await rowsOf<PushRow>(
    db,
    sql`insert into alarms (plant_id, device_id, collector_id, subject, code, level, source, message, occurred_at)
      select v.plant_id, v.device_id, v.collector_id, v.subject, v.code,
        coalesce(v.level, fc.level, 2), v.source, v.message, v.occurred_at
      from unnest(${sql.param(inputs.map((i) => i.plantId))}::int[],
        ${sql.param(inputs.map((i) => i.deviceId))}::int[],
        ${sql.param(inputs.map((i) => i.collectorId))}::int[],
        ${sql.param(inputs.map((i) => i.subject))}::text[],
        ${sql.param(inputs.map((i) => i.code))}::int[],
        ${sql.param(inputs.map((i) => i.level ?? null))}::smallint[],
        ${sql.param(inputs.map((i) => i.source))}::text[],
        ${sql.param(inputs.map((i) => i.message ?? ''))}::text[],
        ${sql.param(inputs.map((i) => new Date(i.occurredAtMs).toISOString()))}::timestamptz[])
        as v(plant_id, device_id, collector_id, subject, code, level, source, message, occurred_at)
      left join fault_catalogue fc on fc.code = v.code
      on conflict do nothing
      returning id, level, code, plant_id, false as recovered`,
  );
  const raised = rows.map(pushOf);
  if (raised.length > 0) deps.alarmBus.emit('raised', raised);
  return raised;
}

/** Recovers the open alarms matched by `where` (a condition on `a`), at `at` or now; tells the bus. */
export async function recoverAlarms(
  deps: AlarmDeps,
  where: ReturnType<typeof sql>,
  at: ReturnType<typeof sql> = sql`now()`,
): Promise<AlarmPush[]> {
  const { db } = deps;
  const rows = await rowsOf<PushRow>(
    db,
    sql`update alarms a set recovered_at = greatest(${at}, a.occurred_at)
      where a.recovered_at is null and ${where}
      returning a.id, a.level, a.code, a.plant_id, true as recovered`,
  );
  const changed = rows.map(pushOf);
  if (changed.length > 0) deps.alarmBus.emit('changed', changed);
  return changed;
}

const stringLabel = (i: number | undefined) => (i === undefined ? '' : `PV${i + 1}`);

/**
 * Device events: a raised fault opens an alarm (with what the device recorded: a waveform, an arc spectrum), a
 * cleared one recovers it at the device's time.
 */
export async function onDeviceEvents(deps: AlarmDeps, events: StoredDeviceEvent[]): Promise<void> {
  const { db } = deps;
  const raised = events.filter((e) => e.state === 'raised');
  await raiseAlarms(
    deps,
    raised.map((e) => ({
      plantId: e.plantId,
      deviceId: e.deviceId,
      collectorId: e.collectorId,
      subject: `d:${e.deviceId}`,
      code: e.code,
      level: e.level,
      source: 'event',
      message: stringLabel(e.stringIndex),
      occurredAtMs: e.tsMs,
    })),
  );
  for (const e of raised) {
    const record = e.record as { kind: string } | undefined;
    if (!record) continue;
    await db.execute(sql`insert into fault_records (plant_id, device_id, alarm_id, code, kind, ts, data)
      values (${e.plantId}, ${e.deviceId},
        (select id from alarms where subject = ${`d:${e.deviceId}`} and code = ${e.code} order by occurred_at desc limit 1),
        ${e.code}, ${record.kind}, ${new Date(e.tsMs).toISOString()}, ${JSON.stringify(record)}::jsonb)
      on conflict do nothing`);
  }
  for (const e of events.filter((x) => x.state === 'cleared')) {
    const at = new Date(e.tsMs).toISOString();
    await recoverAlarms(
      deps,
      sql`a.subject = ${`d:${e.deviceId}`} and a.code = ${e.code} and a.occurred_at <= ${at}::timestamptz`,
      sql`${at}::timestamptz`,
    );
  }
}

/**
 * Committed readings: a fault code opens an alarm; a reading without it (or with another code) recovers the
 * alarms opened from readings; any reading recovers the device's and its collector's offline alarms.
 */
export async function onTelemetry(deps: AlarmDeps, readings: CommittedReading[], collectorIds: number[]) {
  const { db } = deps;
  const faulty = readings.filter((r) => r.faultCode > 0);
  await raiseAlarms(
    deps,
    faulty.map((r) => ({
      plantId: r.plantId,
      deviceId: r.deviceId,
      collectorId: r.collectorId,
      subject: `d:${r.deviceId}`,
      code: r.faultCode,
      source: 'telemetry',
      occurredAtMs: r.tsMs,
    })),
  );
  if (readings.length === 0 && collectorIds.length === 0) return;
  const rows = await rowsOf<PushRow>(
    db,
    sql`update alarms a set recovered_at = greatest(
        case when a.source = 'offline' then now() else v.ts end, a.occurred_at)
      from unnest(${arrayLiteral(readings.map((r) => r.deviceId))}::int[],
        ${arrayLiteral(readings.map((r) => r.faultCode))}::int[],
        ${arrayLiteral(readings.map((r) => new Date(r.tsMs).toISOString()))}::timestamptz[]) as v(device_id, code, ts)
      where a.recovered_at is null and a.device_id = v.device_id
        and ((a.source = 'telemetry' and a.code <> v.code and a.occurred_at <= v.ts) or a.source = 'offline')
      returning a.id, a.level, a.code, a.plant_id, true as recovered`,
  );
  const changed = rows.map(pushOf);
  if (changed.length > 0) deps.alarmBus.emit('changed', changed);
  await recoverCollectorOffline(deps, collectorIds);
}

/** A collector heard again (data or its online status): its offline alarm recovers. */
export async function recoverCollectorOffline(deps: AlarmDeps, collectorIds: number[]): Promise<void> {
  if (collectorIds.length === 0) return;
  await recoverAlarms(
    deps,
    sql`a.source = 'offline' and a.subject = any(${arrayLiteral(collectorIds.map((id) => `c:${id}`))}::text[])`,
  );
}

/** Offline detection: an alarm per collector (602) and per device (601) that went offline just now. */
export async function onOffline(deps: AlarmDeps, collectorIds: number[], deviceIds: number[]): Promise<void> {
  const { db } = deps;
  // A collector whose internet card has expired is silent for that reason: its alarm says "SIM expired".
  const collectors = await rowsOf<{ id: number; plant_id: number | null; sim_expired: boolean }>(
    db,
    sql`select c.id, c.plant_id, coalesce(sc.expires_on < current_date
          or sc.shutdown_reason in ('expired', 'cancelled'), false) as sim_expired
        from collectors c left join sim_cards sc on sc.collector_id = c.id
        where c.id = any(${sql.param(collectorIds)}::int[]) and c.plant_id is not null`,
  );
  const devices = await rowsOf<{ id: number; plant_id: number; collector_id: number | null }>(
    db,
    sql`select id, plant_id, collector_id from devices where id = any(${sql.param(deviceIds)}::int[])`,
  );
  const now = Date.now();
  await raiseAlarms(deps, [
    ...collectors.map((c) => ({
      plantId: c.plant_id!,
      deviceId: null,
      collectorId: c.id,
      subject: `c:${c.id}`,
      code: c.sim_expired ? SERVER_FAULT_CODES.collectorSimExpired : SERVER_FAULT_CODES.collectorOffline,
      source: 'offline' as const,
      occurredAtMs: now,
    })),
    ...devices.map((d) => ({
      plantId: d.plant_id,
      deviceId: d.id,
      collectorId: d.collector_id,
      subject: `d:${d.id}`,
      code: SERVER_FAULT_CODES.deviceOffline,
      source: 'offline' as const,
      occurredAtMs: now,
    })),
  ]);
}

/** Confirms an alarm in the caller's scope (who, when: the first confirmation stays); undefined when not there. */
export async function confirmAlarm(
  deps: AlarmDeps,
  alarmId: number,
  userId: number,
  scope: ReturnType<typeof sql>,
): Promise<AlarmPush | undefined> {
  const { db } = deps;
  const [row] = await rowsOf<PushRow>(
    db,
    sql`update alarms a set confirmed_by = coalesce(a.confirmed_by, ${userId}),
        confirmed_at = coalesce(a.confirmed_at, now())
      from plants pl
      where a.id = ${alarmId} and pl.id = a.plant_id and ${scope}
      returning a.id, a.level, a.code, a.plant_id, a.recovered_at is not null as recovered`,
  );
  if (!row) return undefined;
  const push = pushOf(row);
  deps.alarmBus.emit('changed', [push]);
  return push;
}
