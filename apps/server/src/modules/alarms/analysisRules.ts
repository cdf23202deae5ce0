import { sql } from 'drizzle-orm';
import { INVERTER_KINDS, SERVER_FAULT_CODES } from '@solarops/contracts';
import { solarPosition } from '@solarops/pv';
import { raiseAlarms, recoverAlarms, type AlarmDeps } from './service.ts';
import { rowsOf } from '../../db/rowsOf.ts';

/** Thresholds of the analysis rules. */
export const RULES = {
  /** Only readings this recent are judged [ms]. */
  freshMs: 15 * 60_000,
  /** A string is low below this share of its siblings' median current [unitless]. */
  lowShare: 0.2,
  /** Below this median string current nothing is judged (dawn, dusk, clouds) [A]. */
  minMedianA: 1,
  /** Strings needed to compare with siblings. */
  minStrings: 3,
  /** Daylight: sun above this elevation [deg]. */
  daylightElevationDeg: 20,
} as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Strings whose current is far below their siblings' at the same time (one reading): the 0-based indexes.
 * @param currentsA - the strings' currents of one reading [A]
 */
export function lowStrings(currentsA: (number | null)[]): number[] {
  const live = currentsA.filter((c): c is number => c !== null && Number.isFinite(c));
  if (live.length < RULES.minStrings) return [];
  const m = median(live);
  if (m < RULES.minMedianA) return [];
  return currentsA.flatMap((c, i) => (c !== null && c < RULES.lowShare * m ? [i] : []));
}

/**
 * The analysis rules, run by a job: a string far below its siblings (901) and a plant producing nothing in
 * daylight (902). Each raises while its condition holds and recovers when it clears.
 */
export async function runAnalysisRules(deps: AlarmDeps, nowMs = Date.now()): Promise<void> {
  const { db } = deps;
  const fresh = new Date(nowMs - RULES.freshMs).toISOString();
  const kinds = sql`${sql.param([...INVERTER_KINDS])}::text[]`;

  // Devices already reporting a fault code are left to that code's alarm.
  const strings = await rowsOf<{
    device_id: number;
    plant_id: number;
    collector_id: number | null;
    ts: string;
    pv_current_a: (number | null)[] | null;
  }>(
    db,
    sql`select l.device_id, l.plant_id, d.collector_id, l.ts, l.pv_current_a from device_latest l
      join devices d on d.id = l.device_id
      where l.ts > ${fresh}::timestamptz and d.kind = any(${kinds}) and coalesce(l.fault_code, 0) = 0`,
  );
  const low = strings.flatMap((s) => {
    const idx = lowStrings(s.pv_current_a ?? []);
    return idx.length > 0 ? [{ s, idx }] : [];
  });
  await raiseAlarms(
    deps,
    low.map(({ s, idx }) => ({
      plantId: s.plant_id,
      deviceId: s.device_id,
      collectorId: s.collector_id,
      subject: `d:${s.device_id}`,
      code: SERVER_FAULT_CODES.stringLow,
      source: 'rule' as const,
      message: idx.map((i) => `PV${i + 1}`).join(', '),
      occurredAtMs: new Date(s.ts).getTime(),
    })),
  );
  const lowIds = new Set(low.map((l) => l.s.device_id));
  const healthy = strings.filter((s) => !lowIds.has(s.device_id)).map((s) => s.device_id);
  if (healthy.length > 0) {
    await recoverAlarms(
      deps,
      sql`a.code = ${SERVER_FAULT_CODES.stringLow} and a.source = 'rule'
        and a.device_id = any(${sql.param(healthy)}::int[])`,
    );
  }

  // Plants whose inverters all reported recently: producing nothing while the sun is up.
  const plants = await rowsOf<{ plant_id: number; latitude: number; longitude: number; power_w: number }>(
    db,
    sql`select pl.id as plant_id, pl.latitude, pl.longitude, sum(coalesce(l.ac_power_w, 0))::float8 as power_w
      from plants pl join devices d on d.plant_id = pl.id and d.kind = any(${kinds})
      left join device_latest l on l.device_id = d.id and l.ts > ${fresh}::timestamptz
      group by pl.id having count(l.device_id) = count(d.id) and count(d.id) > 0`,
  );
  const dark: number[] = [];
  const producing: number[] = [];
  for (const p of plants) {
    if (p.power_w > 0) producing.push(p.plant_id);
    else if (solarPosition(nowMs, p.latitude, p.longitude).elevation > RULES.daylightElevationDeg)
      dark.push(p.plant_id);
  }
  await raiseAlarms(
    deps,
    dark.map((id) => ({
      plantId: id,
      deviceId: null,
      collectorId: null,
      subject: `p:${id}`,
      code: SERVER_FAULT_CODES.plantNoOutput,
      source: 'rule' as const,
      occurredAtMs: nowMs,
    })),
  );
  if (producing.length > 0) {
    await recoverAlarms(
      deps,
      sql`a.code = ${SERVER_FAULT_CODES.plantNoOutput} and a.source = 'rule'
        and a.subject = any(${sql.param(producing.map((id) => `p:${id}`))}::text[])`,
    );
  }
}
