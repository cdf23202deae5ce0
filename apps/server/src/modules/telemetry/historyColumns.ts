/**
 * The fields of a reading as the compact history stores them (`telemetry_days`, docs/decisions/0018-compact-history.md
 * and migration telemetry-days-steps), in the order of `telemetry_day_readings`'s arguments and of the `scales`
 * array. The one list of them: the compaction and every reader of compacted days are built from it.
 *
 * - `steps`: integers at the day's resolution of the field (its `scales` element: the fewest decimals that give
 *   every value back exactly), each the step from the value before; `real` fields as `integer[]`, `double precision`
 *   ones as `bigint[]`.
 * - `values`: the values as they were (integers, and grid voltages: noise around a fixed value compresses better as
 *   float bits than as steps, as bench/storage measured).
 * - `counts`: a per-phase or per-string field, stored as one flat array of the day's elements, with each reading's
 *   element count in the column named here.
 */
export interface HistoryColumn {
  name: string;
  type: 'real' | 'double precision' | 'smallint' | 'integer';
  form: 'steps' | 'values';
  counts?: string;
}

export const HISTORY_COLUMNS: readonly HistoryColumn[] = [
  { name: 'ac_power_w', type: 'real', form: 'steps' },
  { name: 'energy_today_kwh', type: 'real', form: 'steps' },
  { name: 'energy_total_kwh', type: 'double precision', form: 'steps' },
  { name: 'import_energy_kwh', type: 'double precision', form: 'steps' },
  { name: 'grid_voltage_v', type: 'real', form: 'values', counts: 'grid_voltage_n' },
  { name: 'grid_current_a', type: 'real', form: 'steps', counts: 'grid_current_n' },
  { name: 'grid_frequency_hz', type: 'real', form: 'steps', counts: 'grid_frequency_n' },
  { name: 'temp_c', type: 'real', form: 'steps' },
  { name: 'status', type: 'smallint', form: 'values' },
  { name: 'fault_code', type: 'integer', form: 'values' },
  { name: 'pv_voltage_v', type: 'real', form: 'steps', counts: 'pv_voltage_n' },
  { name: 'pv_current_a', type: 'real', form: 'steps', counts: 'pv_current_n' },
  { name: 'battery_soc_percent', type: 'real', form: 'steps' },
  { name: 'battery_power_w', type: 'real', form: 'steps' },
  { name: 'battery_voltage_v', type: 'real', form: 'steps' },
  { name: 'ghi_wm2', type: 'real', form: 'steps' },
  { name: 'poa_wm2', type: 'real', form: 'steps' },
  { name: 'temp_air_c', type: 'real', form: 'steps' },
  { name: 'temp_module_c', type: 'real', form: 'steps' },
  { name: 'wind_speed_ms', type: 'real', form: 'steps' },
];

/**
 * The largest integer a day's steps may scale a field's values to, and its most decimals. A `real` field's steps are
 * `integer`s (a step is at most twice the largest value, under 2^31) and at most 8 decimals keep the division in
 * double precision exact for a real; a `double precision` field's values stay below 2^52, exact in a double.
 */
export const scaleLimits = (c: HistoryColumn) =>
  c.type === 'real' ? { maxScaled: '1e9', maxDecimals: 8 } : { maxScaled: '4e15', maxDecimals: 22 };

/** The columns of `telemetry_days` after its key, in `telemetry_day_readings`'s order of arguments. */
export const COMPACTED_COLUMNS = [
  'day',
  'ts_us',
  'received_us',
  'scales',
  ...HISTORY_COLUMNS.flatMap((c) => (c.counts ? [c.name, c.counts] : [c.name])),
];
