import { sql, type SQL } from 'drizzle-orm';
import type { TelemetryReading } from '@solarops/contracts';
import type { DeviceInfo } from '../devices/DeviceRegistry.ts';

/** Readings as rows of the `telemetry` and `device_latest` columns, inserted in bulk through `unnest`. */

/** Column order of the readings in `telemetry` and `device_latest`. */
export const COLUMNS = [
  ['device_id', 'int'],
  ['plant_id', 'int'],
  ['ts', 'timestamptz'],
  ['received_at', 'timestamptz'],
  ['ac_power_w', 'real'],
  ['energy_today_kwh', 'real'],
  ['energy_total_kwh', 'float8'],
  ['import_energy_kwh', 'float8'],
  ['grid_voltage_v', 'real[]'],
  ['grid_current_a', 'real[]'],
  ['grid_frequency_hz', 'real[]'],
  ['temp_c', 'real'],
  ['status', 'smallint'],
  ['fault_code', 'int'],
  ['pv_voltage_v', 'real[]'],
  ['pv_current_a', 'real[]'],
  ['battery_soc_percent', 'real'],
  ['battery_power_w', 'real'],
  ['battery_voltage_v', 'real'],
  ['ghi_wm2', 'real'],
  ['poa_wm2', 'real'],
  ['temp_air_c', 'real'],
  ['temp_module_c', 'real'],
  ['wind_speed_ms', 'real'],
] as const;
export const COLUMN_LIST = COLUMNS.map(([c]) => c).join(', ');

export type Cell = number | string | null;

/** One reading as its row of column values (timestamps as ISO strings, arrays as array literals). */
export function toRow(
  device: Pick<DeviceInfo, 'id' | 'plantId'>,
  r: TelemetryReading,
  receivedIso: string,
): Cell[] {
  const arr = (a: number[] | undefined) => (a && a.length > 0 ? `{${a.join(',')}}` : null);
  const n = (v: number | undefined) => (v === undefined ? null : v);
  return [
    device.id,
    device.plantId,
    new Date(r.ts).toISOString(),
    receivedIso,
    n(r.acPowerW),
    n(r.energyTodayKwh),
    n(r.energyTotalKwh),
    n(r.importEnergyKwh),
    arr(r.gridVoltageV),
    arr(r.gridCurrentA),
    arr(r.gridFrequencyHz),
    n(r.tempC),
    n(r.status),
    n(r.faultCode),
    arr(r.pvVoltageV),
    arr(r.pvCurrentA),
    n(r.batterySocPercent),
    n(r.batteryPowerW),
    n(r.batteryVoltageV),
    n(r.ghiWm2),
    n(r.poaWm2),
    n(r.tempAirC),
    n(r.tempModuleC),
    n(r.windSpeedMs),
  ];
}

/**
 * One column of `rows` as a PostgreSQL array literal. Written here rather than left to the driver, which escapes
 * and quotes every element one by one: the ingest sends tens of thousands of cells a commit. Numbers and ISO
 * timestamps need no quoting; array-literal cells (`{1,2}`) are quoted, and hold only digits, signs, dots,
 * exponents and commas, so they need no escaping.
 */
export function columnLiteral(rows: readonly Cell[][], index: number, quoted: boolean): string {
  let out = '{';
  for (let r = 0; r < rows.length; r++) {
    const v = rows[r]![index];
    if (r > 0) out += ',';
    out += v === null || v === undefined ? 'NULL' : quoted ? `"${v}"` : String(v);
  }
  return out + '}';
}

/** `select ... from unnest($1::int[], ...)` over rows, with array columns passed as text and cast back. */
export function unnestRows(rows: Cell[][]): SQL {
  const params = COLUMNS.map(([, type], i) => {
    const isArray = type.endsWith('[]');
    const arrayType = isArray ? 'text[]' : `${type}[]`;
    return sql`${columnLiteral(rows, i, isArray)}::${sql.raw(arrayType)}`;
  });
  const select = COLUMNS.map(([name, type]) =>
    type.endsWith('[]') ? `u.${name}::${type} as ${name}` : `u.${name}`,
  ).join(', ');
  return sql`select ${sql.raw(select)} from unnest(${sql.join(params, sql`, `)}) as u(${sql.raw(COLUMN_LIST)})`;
}
