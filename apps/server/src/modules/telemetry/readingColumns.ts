import { doublePrecision, integer, real, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns of a stored reading after its device id, shared by the readings (`telemetry`) and the latest state
 * per device (`device_latest`), which differ only in their keys. The order is readingLines.ts's COLUMNS.
 */
export const readingColumns = () => ({
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
});
