import {
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The readings: one row per device and device time, partitioned by month on `ts` (monthly partitions
 * `telemetry_yYYYYmMM`, created ahead by a job and on demand). Typed columns for every field, arrays for the
 * phases and the up to 12 PV strings, `received_at` (server time) beside `ts` (device time).
 *
 * Not listed in drizzle.config.ts: the table is created by the hand-written migration `telemetry-partitioned`,
 * since drizzle-kit cannot declare partitioning. This definition only types queries.
 */
export const telemetry = pgTable(
  'telemetry',
  {
    deviceId: integer('device_id').notNull(),
    plantId: integer('plant_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    acPowerW: real('ac_power_w'),
    energyTodayKwh: real('energy_today_kwh'),
    energyTotalKwh: doublePrecision('energy_total_kwh'),
    importEnergyKwh: doublePrecision('import_energy_kwh'),
    gridVoltageV: real('grid_voltage_v').array(),
    gridCurrentA: real('grid_current_a').array(),
    gridFrequencyHz: real('grid_frequency_hz').array(),
    tempC: real('temp_c'),
    status: smallint('status'),
    faultCode: integer('fault_code'),
    pvVoltageV: real('pv_voltage_v').array(),
    pvCurrentA: real('pv_current_a').array(),
    batterySocPercent: real('battery_soc_percent'),
    batteryPowerW: real('battery_power_w'),
    batteryVoltageV: real('battery_voltage_v'),
    ghiWm2: real('ghi_wm2'),
    poaWm2: real('poa_wm2'),
    tempAirC: real('temp_air_c'),
    tempModuleC: real('temp_module_c'),
    windSpeedMs: real('wind_speed_ms'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] })],
);
