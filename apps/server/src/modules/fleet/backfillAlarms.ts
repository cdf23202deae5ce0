import { sql } from 'drizzle-orm';
import type { DeviceEvent } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';

/** A device event of the backfilled history, with the ids the database knows the device by. */
export interface HistoryEvent {
  deviceId: number;
  plantId: number;
  collectorId: number | null;
  event: DeviceEvent;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The alarm history of the backfill, written as the live pipeline would have left it (alarms/service.ts
 * `onDeviceEvents`): every event in the device's event log, an alarm per raised fault, recovered at its cleared
 * event or still open, and the fault record (waveform, arc spectrum) the device took with it. Written straight
 * into the tables, not through the alarm bus: history is neither pushed to open consoles nor mailed.
 */
export async function writeHistoryAlarms(db: Database, events: readonly HistoryEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const sorted = [...events].sort((a, b) => a.event.ts - b.event.ts);
  await db.execute(sql`insert into device_events (plant_id, device_id, ts, code, level, state, string_index)
    select * from unnest(${sql.param(sorted.map((e) => e.plantId))}::int[],
      ${sql.param(sorted.map((e) => e.deviceId))}::int[], ${sql.param(sorted.map((e) => iso(e.event.ts)))}::timestamptz[],
      ${sql.param(sorted.map((e) => e.event.code))}::int[], ${sql.param(sorted.map((e) => e.event.level))}::smallint[],
      ${sql.param(sorted.map((e) => e.event.state))}::text[],
      ${sql.param(sorted.map((e) => e.event.stringIndex ?? null))}::smallint[])
    on conflict do nothing`);
  // Pair each raise with the clear that follows it on the same device and code.
  const open = new Map<string, { e: HistoryEvent; recoveredMs: number | null }>();
  const alarms: { e: HistoryEvent; recoveredMs: number | null }[] = [];
  for (const e of sorted) {
    const key = `${e.deviceId}|${e.event.code}`;
    if (e.event.state === 'raised') {
      if (open.has(key)) continue;
      const a = { e, recoveredMs: null };
      open.set(key, a);
      alarms.push(a);
    } else {
      const a = open.get(key);
      if (a) a.recoveredMs = e.event.ts;
      open.delete(key);
    }
  }
  const rows = (
    (await db.execute(sql`insert into alarms (plant_id, device_id, collector_id, subject, code, level, source, message,
        occurred_at, recovered_at, saved_at)
      select v.plant_id, v.device_id, v.collector_id, 'd:' || v.device_id, v.code, v.level, 'event', v.message,
        v.occurred_at, v.recovered_at, v.occurred_at
      from unnest(${sql.param(alarms.map((a) => a.e.plantId))}::int[],
        ${sql.param(alarms.map((a) => a.e.deviceId))}::int[],
        ${sql.param(alarms.map((a) => a.e.collectorId))}::int[],
        ${sql.param(alarms.map((a) => a.e.event.code))}::int[],
        ${sql.param(alarms.map((a) => a.e.event.level))}::smallint[],
        ${sql.param(alarms.map((a) => (a.e.event.stringIndex === undefined ? '' : `PV${a.e.event.stringIndex + 1}`)))}::text[],
        ${sql.param(alarms.map((a) => iso(a.e.event.ts)))}::timestamptz[],
        ${sql.param(alarms.map((a) => (a.recoveredMs === null ? null : iso(a.recoveredMs))))}::timestamptz[])
        as v(plant_id, device_id, collector_id, code, level, message, occurred_at, recovered_at)
      on conflict do nothing
      returning id, device_id, code, extract(epoch from occurred_at) * 1000 as at_ms`)) as unknown as {
      rows: { id: number; device_id: number; code: number; at_ms: number }[];
    }
  ).rows;
  const alarmOf = new Map(rows.map((r) => [`${r.device_id}|${r.code}|${Number(r.at_ms)}`, Number(r.id)]));
  const records = alarms.filter((a) => a.e.event.record);
  if (records.length > 0) {
    await db.execute(sql`insert into fault_records (plant_id, device_id, alarm_id, code, kind, ts, data)
      select * from unnest(${sql.param(records.map((a) => a.e.plantId))}::int[],
        ${sql.param(records.map((a) => a.e.deviceId))}::int[],
        ${sql.param(records.map((a) => alarmOf.get(`${a.e.deviceId}|${a.e.event.code}|${a.e.event.ts}`) ?? null))}::bigint[],
        ${sql.param(records.map((a) => a.e.event.code))}::int[],
        ${sql.param(records.map((a) => a.e.event.record!.kind))}::text[],
        ${sql.param(records.map((a) => iso(a.e.event.ts)))}::timestamptz[],
        ${sql.param(records.map((a) => JSON.stringify(a.e.event.record)))}::jsonb[])
      on conflict do nothing`);
  }
  return rows.length;
}
