import { DEVICE_STATUS, type TelemetryReading } from '@solarops/contracts';
import type { DeviceReading } from '../physics/index.ts';

/** A physics reading as the device protocol carries it (docs/device-protocol.md). */
export function toProtocolReading(r: DeviceReading): TelemetryReading {
  const status = DEVICE_STATUS[r.status];
  if (r.kind === 'inverter') {
    return {
      sn: r.serial,
      ts: r.timeMs,
      acPowerW: r.acPowerW,
      energyTodayKwh: r.energyTodayKwh,
      energyTotalKwh: r.energyTotalKwh,
      gridVoltageV: r.gridVoltage,
      gridCurrentA: r.gridCurrent,
      gridFrequencyHz: r.gridFrequency,
      tempC: r.tempInverter,
      status,
      faultCode: r.faultCode,
      pvVoltageV: r.pvStrings.map((s) => s.voltage),
      pvCurrentA: r.pvStrings.map((s) => s.current),
      ...(r.battery
        ? {
            batterySocPercent: r.battery.socPercent,
            batteryPowerW: r.battery.powerW,
            batteryVoltageV: r.battery.voltage,
          }
        : {}),
    };
  }
  if (r.kind === 'meter') {
    return {
      sn: r.serial,
      ts: r.timeMs,
      // Meters report the net exchange: export positive, import negative.
      acPowerW: Math.round((r.exportPowerW - r.importPowerW) * 10) / 10,
      energyTotalKwh: r.exportEnergyKwh,
      importEnergyKwh: r.importEnergyKwh,
      gridVoltageV: r.gridVoltage,
      gridCurrentA: r.gridCurrent,
      gridFrequencyHz: r.gridFrequency,
      status,
      faultCode: r.faultCode,
    };
  }
  return {
    sn: r.serial,
    ts: r.timeMs,
    ghiWm2: r.ghi,
    poaWm2: r.poaGlobal,
    tempAirC: r.tempAir,
    tempModuleC: r.tempModule,
    windSpeedMs: r.windSpeed,
    status,
    faultCode: r.faultCode,
  };
}
