import { sql } from 'drizzle-orm';
import { INVERTER_KINDS, type EnergyFlow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { readingsBetween } from '../telemetry/history.ts';
import { localDay, localDayStartMs } from '../../time/localDay.ts';
import type { FoundPlant } from './queries.ts';

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Readings older than this are not live any more [ms]: devices report every 5 minutes. */
export const LIVE_READING_MS = 15 * 60_000;
/** Longest gap between two readings whose battery power is integrated [h]; a longer one is a gap. */
const MAX_INTEGRATION_GAP_H = 0.5;

/**
 * A plant's energy flow now (docs/device-protocol.md), from its online devices only, like the plant's power beside
 * it (a device the link has just marked offline still has a recent reading): PV generation from its inverters (a
 * hybrid inverter's `acPowerW` is its PV generation, never the battery's discharge), the battery from its hybrid
 * inverters, the grid exchange from its meter, and the load as what balances them. The day's charge and discharge
 * integrate the batteries' power over the plant's local day; the day's import and export are the meter counters'
 * increase.
 */
export async function energyFlow(db: Database, plant: FoundPlant, nowMs = Date.now()): Promise<EnergyFlow> {
  const today = localDay(plant.time_zone, nowMs);
  const dayStart = new Date(localDayStartMs(plant.time_zone, today)).toISOString();
  const fresh = new Date(nowMs - LIVE_READING_MS).toISOString();
  const inverters = sql`${sql.param([...INVERTER_KINDS])}::text[]`;
  const [live] = await rowsOf<{
    has_storage: boolean;
    has_meter: boolean;
    as_of: string | null;
    pv_w: number | null;
    battery_w: number | null;
    soc: number | null;
    grid_w: number | null;
    generation_kwh: number | null;
    flow_ids: number[] | null;
  }>(
    db,
    sql`select bool_or(d.kind = 'hybridInverter') as has_storage, bool_or(d.kind = 'meter') as has_meter,
        array_agg(d.id) filter (where d.kind in ('hybridInverter', 'meter')) as flow_ids,
        to_char(max(l.ts) filter (where d.online and l.ts > ${fresh}::timestamptz) at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS"Z"') as as_of,
        sum(l.ac_power_w) filter (where d.online and l.ts > ${fresh}::timestamptz and d.kind = any(${inverters}))::float8 as pv_w,
        sum(l.battery_power_w) filter (where d.online and l.ts > ${fresh}::timestamptz and d.kind = 'hybridInverter')::float8
          as battery_w,
        avg(l.battery_soc_percent) filter (where d.online and l.ts > ${fresh}::timestamptz and d.kind = 'hybridInverter')::float8
          as soc,
        sum(l.ac_power_w) filter (where d.online and l.ts > ${fresh}::timestamptz and d.kind = 'meter')::float8 as grid_w,
        (select energy_kwh from plant_energy where plant_id = ${plant.id} and period = 'day'
          and period_start = ${today}::date) as generation_kwh
      from devices d left join device_latest l on l.device_id = d.id
      where d.plant_id = ${plant.id}`,
  );
  const hasStorage = live?.has_storage ?? false;
  const hasMeter = live?.has_meter ?? false;
  const [day] = await rowsOf<{
    charge_kwh: number | null;
    discharge_kwh: number | null;
    import_kwh: number | null;
    export_kwh: number | null;
  }>(
    db,
    sql`with r as (
        select d.kind, t.ts, t.battery_power_w as p, t.import_energy_kwh, t.energy_total_kwh,
          lag(t.ts) over w as prev_ts, lag(t.battery_power_w) over w as prev_p
        from ${readingsBetween(sql`${dayStart}::timestamptz`, sql`${new Date(nowMs).toISOString()}::timestamptz + interval '1 microsecond'`, ['battery_power_w', 'import_energy_kwh', 'energy_total_kwh'])} t
          join devices d on d.id = t.device_id
        -- The devices as constants too: joined alone, the planner read every device's readings of the day, raw
        -- and compacted, before keeping the plant's.
        where d.plant_id = ${plant.id} and d.kind in ('hybridInverter', 'meter')
          and t.device_id = any(${sql.param(live?.flow_ids ?? [])}::int[])
        window w as (partition by t.device_id order by t.ts)),
      steps as (
        select *, extract(epoch from ts - prev_ts) / 3600 as dt_h from r)
      select
        sum(case when kind = 'hybridInverter' and dt_h <= ${MAX_INTEGRATION_GAP_H}
          then (greatest(p, 0) + greatest(prev_p, 0)) / 2 * dt_h / 1000 end)::float8 as charge_kwh,
        sum(case when kind = 'hybridInverter' and dt_h <= ${MAX_INTEGRATION_GAP_H}
          then (greatest(-p, 0) + greatest(-prev_p, 0)) / 2 * dt_h / 1000 end)::float8 as discharge_kwh,
        (max(import_energy_kwh) filter (where kind = 'meter')
          - min(import_energy_kwh) filter (where kind = 'meter'))::float8 as import_kwh,
        (max(energy_total_kwh) filter (where kind = 'meter')
          - min(energy_total_kwh) filter (where kind = 'meter'))::float8 as export_kwh
      from steps`,
  );
  const num = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  const pv = num(live?.pv_w) ?? 0;
  const battery = hasStorage ? (num(live?.battery_w) ?? 0) : null;
  const grid = hasMeter ? num(live?.grid_w) : null;
  const power = (v: number | null) => (v === null ? null : round(v, 1));
  const energy = (v: number | null | undefined, has: boolean) => (has ? round(num(v) ?? 0) : null);
  return {
    plantId: plant.id,
    timeZone: plant.time_zone,
    today,
    asOf: live?.as_of ?? null,
    hasStorage,
    hasMeter,
    pvPowerW: round(pv, 1),
    batteryPowerW: power(battery),
    batterySocPercent: hasStorage && live?.soc !== null ? round(Number(live?.soc), 1) : null,
    // What the site draws: the PV less what charges the battery, plus what the battery and the grid deliver.
    loadPowerW: grid === null ? null : round(Math.max(pv - (battery ?? 0) - grid, 0), 1),
    gridPowerW: power(grid),
    generationTodayKwh: round(num(live?.generation_kwh) ?? 0),
    chargeTodayKwh: energy(day?.charge_kwh, hasStorage),
    dischargeTodayKwh: energy(day?.discharge_kwh, hasStorage),
    gridImportTodayKwh: energy(day?.import_kwh, hasMeter),
    gridExportTodayKwh: energy(day?.export_kwh, hasMeter),
  };
}
