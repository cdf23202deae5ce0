import { sql } from 'drizzle-orm';
import { DEVICE_LIMITS, type RejectionReason } from '@solarops/contracts';
import { arrayLiteral } from '../../db/arrayLiteral.ts';
import type { Database } from '../../db/openDatabase.ts';
import { copyReadings } from './copyReadings.ts';
import { ensureTelemetryPartitions } from './partitions.ts';
import { COLUMN_LIST, UPDATE_FROM_EXCLUDED, linesOf, selectLines, type LineDevice } from './readingLines.ts';

/** One checked batch of a collector, ready to be stored: what the device link's ingest admitted of it. */
export interface BatchToStore {
  collector: { id: number; serial: string };
  /** The readings to store, as COPY text lines in one buffer (readingLines.ts), and how many. */
  lines: Buffer;
  count: number;
  /** Each device's newest device time in the batch [ms], by device id. */
  latest: ReadonlyMap<number, number>;
  dirty: readonly { deviceId: number; plantId: number; day: string }[];
  quarantine: readonly {
    plantId: number | null;
    deviceId: number | null;
    deviceSerial: string;
    ts: string | null;
    reason: RejectionReason;
    payload: unknown;
  }[];
  skewAlerts: readonly { device: LineDevice; skewMs: number }[];
  skewCleared: readonly Pick<LineDevice, 'id'>[];
  rebinds: readonly LineDevice[];
  /** The months (`YYYY-MM`) of the readings' device times: their partitions must exist. */
  months: ReadonlySet<string>;
}

/**
 * Stores a group of batches in one transaction (the device link's group commit, ARCHITECTURE §5): the readings
 * into their monthly partitions, each device's latest state, the days to roll up again, the collectors and
 * devices heard, the quarantined readings, the clock-skew alerts and the devices that moved to another
 * collector. `knownMonths` is the caller's memory of the partitions already made (added to here).
 */
export async function storeBatch(
  db: Database,
  group: readonly BatchToStore[],
  knownMonths: Set<string>,
): Promise<void> {
  const months = new Set<string>();
  for (const p of group) for (const m of p.months) if (!knownMonths.has(m)) months.add(m);
  if (months.size > 0) {
    await ensureTelemetryPartitions(db, [...months]);
    for (const m of months) knownMonths.add(m);
  }
  const readings = group.reduce((n, p) => n + p.count, 0);
  const latest = new Map<number, number>();
  for (const p of group) {
    for (const [id, tsMs] of p.latest) {
      const prev = latest.get(id);
      if (prev === undefined || prev < tsMs) latest.set(id, tsMs);
    }
  }
  // Once per device and day: a group often holds several batches of one collector, and each duplicate would
  // cost PostgreSQL an index probe.
  const dirtyByKey = new Map<string, BatchToStore['dirty'][number]>();
  for (const p of group) for (const d of p.dirty) dirtyByKey.set(`${d.deviceId}|${d.day}`, d);
  const dirty = [...dirtyByKey.values()].sort((a, b) => a.deviceId - b.deviceId);
  // Sorted by device, so that concurrent groups lock shared device rows in the same order.
  const deviceIds = [...latest.keys()].sort((a, b) => a - b);
  const collectorIdsSorted = [...new Set(group.map((p) => p.collector.id))].sort((a, b) => a - b);
  const quarantine = group.flatMap((p) => p.quarantine.map((q) => ({ ...q, collector: p.collector.serial })));
  const alerts = group.flatMap((p) => p.skewAlerts);
  const cleared = group.flatMap((p) => p.skewCleared);
  const rebinds = group.flatMap((p) => p.rebinds.map((d) => ({ d, collectorId: p.collector.id })));

  await db.transaction(async (tx) => {
    if (readings > 0) {
      // COPY on PostgreSQL; the idempotent insert on PGlite and when a re-sent reading is already stored.
      if (
        !(await copyReadings(
          tx,
          group.map((p) => p.lines),
        ))
      ) {
        const lines = group.flatMap((p) => linesOf(p.lines));
        await tx.execute(
          sql`insert into telemetry (${sql.raw(COLUMN_LIST)}) ${selectLines(lines)} on conflict do nothing`,
        );
      }
      // Latest state is the newest device time, not the last received (late and re-sent batches come older).
      // Taken from the rows just stored, by key: PostgreSQL reads them as they are instead of parsing the lines
      // a second time (a third less work per device). The bounds on the device time confine the lookups to the
      // partitions of the group's months.
      const latestTs = deviceIds.map((id) => latest.get(id)!);
      // A loop, not Math.min(...latestTs): a group may hold more devices than a call takes arguments.
      let minTs = Infinity;
      let maxTs = -Infinity;
      for (const ts of latestTs) {
        if (ts < minTs) minTs = ts;
        if (ts > maxTs) maxTs = ts;
      }
      const iso = (ms: number) => new Date(ms).toISOString();
      await tx.execute(sql`insert into device_latest (${sql.raw(COLUMN_LIST)})
        select ${sql.raw(COLUMN_LIST)} from telemetry
          join unnest(${arrayLiteral(deviceIds)}::int[], ${arrayLiteral(latestTs.map(iso))}::timestamptz[])
            as k(device_id, ts) using (device_id, ts)
        where telemetry.ts between ${iso(minTs)}::timestamptz and ${iso(maxTs)}::timestamptz
        on conflict (device_id) do update set ${sql.raw(UPDATE_FROM_EXCLUDED)}
        where device_latest.ts < excluded.ts`);
      await tx.execute(sql`insert into rollup_dirty (device_id, plant_id, day)
        select * from unnest(${arrayLiteral(dirty.map((d) => d.deviceId))}::int[],
          ${arrayLiteral(dirty.map((d) => d.plantId))}::int[], ${arrayLiteral(dirty.map((d) => d.day))}::date[])
        on conflict do nothing`);
      // Written at most once a minute per device, not at every reading, and at least once per reporting interval
      // of its collector: offline is three intervals of silence (detectOffline), less than a minute for a collector
      // reporting every 10 s, which a once-a-minute write would turn offline while it reports.
      await tx.execute(sql`update devices set online = true, last_seen_at = now()
        where id = any(${arrayLiteral(deviceIds)}::int[])
          and (not online or last_seen_at is null or last_seen_at < now() - make_interval(secs => least(60,
            coalesce((select c.report_interval_s from collectors c where c.id = devices.collector_id),
              ${sql.raw(String(DEVICE_LIMITS.defaultReportIntervalS))}))))`);
    }
    await tx.execute(sql`update collectors set online = true, last_seen_at = now()
      where id = any(${arrayLiteral(collectorIdsSorted)}::int[])
        and (not online or last_seen_at is null
          or last_seen_at < now() - make_interval(secs => least(60, report_interval_s)))`);
    for (const q of quarantine) {
      await tx.execute(sql`insert into telemetry_quarantine
        (plant_id, device_id, collector_serial, device_serial, ts, reason, payload)
        values (${q.plantId}, ${q.deviceId}, ${q.collector}, ${q.deviceSerial}, ${q.ts}, ${q.reason},
          ${JSON.stringify(q.payload)}::jsonb)`);
    }
    for (const a of alerts) {
      await tx.execute(sql`insert into device_alerts (plant_id, device_id, kind, skew_ms)
        values (${a.device.plantId}, ${a.device.id}, 'clockSkew', ${Math.round(a.skewMs)})
        on conflict do nothing`);
    }
    for (const d of cleared) {
      await tx.execute(sql`update device_alerts set cleared_at = now()
        where device_id = ${d.id} and kind = 'clockSkew' and cleared_at is null`);
    }
    for (const { d, collectorId } of rebinds) {
      // The collector-device mapping keeps its history: close the current binding, open the new one.
      await tx.execute(sql`update collector_devices set unbound_at = now()
        where device_id = ${d.id} and unbound_at is null and collector_id <> ${collectorId}`);
      await tx.execute(sql`insert into collector_devices (plant_id, collector_id, device_id)
        values (${d.plantId}, ${collectorId}, ${d.id}) on conflict do nothing`);
      await tx.execute(sql`update devices set collector_id = ${collectorId} where id = ${d.id}`);
    }
  });
}
