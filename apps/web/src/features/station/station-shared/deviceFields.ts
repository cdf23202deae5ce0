import type { DeviceRow } from '@solarops/contracts';

/** A chart of the device detail: its i18n title key, its unit and the history fields drawn in it. */
export interface FieldGroup {
  key: string;
  unit: string;
  fields: string[];
}

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const GRID = ['gridVoltageV1', 'gridVoltageV2', 'gridVoltageV3'];
const GRID_CURRENT = ['gridCurrentA1', 'gridCurrentA2', 'gridCurrentA3'];
const BATTERY: FieldGroup[] = [
  { key: 'soc', unit: '%', fields: ['batterySocPercent'] },
  { key: 'batteryPower', unit: 'W', fields: ['batteryPowerW'] },
  { key: 'batteryVoltage', unit: 'V', fields: ['batteryVoltageV'] },
];

/** The history charts of a device by its family; inverters get one line per PV string (up to 12). */
export function fieldGroups(device: Pick<DeviceRow, 'kind' | 'pvStrings'>): FieldGroup[] {
  const strings = Math.max(0, Math.min(12, device.pvStrings));
  const pv: FieldGroup[] =
    strings > 0
      ? [
          { key: 'pvVoltage', unit: 'V', fields: range('pvV', strings) },
          { key: 'pvCurrent', unit: 'A', fields: range('pvI', strings) },
        ]
      : [];
  switch (device.kind) {
    case 'battery':
      return [...BATTERY, { key: 'temperature', unit: '°C', fields: ['tempC'] }];
    case 'meter':
      return [
        { key: 'power', unit: 'W', fields: ['acPowerW'] },
        { key: 'meterEnergy', unit: 'kWh', fields: ['energyTotalKwh', 'importEnergyKwh'] },
        { key: 'gridVoltage', unit: 'V', fields: GRID },
        { key: 'gridCurrent', unit: 'A', fields: GRID_CURRENT },
      ];
    case 'weatherStation':
      return [
        { key: 'irradiance', unit: 'W/m²', fields: ['ghiWm2', 'poaWm2'] },
        { key: 'weatherTemperature', unit: '°C', fields: ['tempAirC', 'tempModuleC'] },
        { key: 'wind', unit: 'm/s', fields: ['windSpeedMs'] },
      ];
    default:
      return [
        { key: 'power', unit: 'W', fields: ['acPowerW'] },
        { key: 'energy', unit: 'kWh', fields: ['energyTodayKwh'] },
        ...pv,
        { key: 'gridVoltage', unit: 'V', fields: GRID },
        { key: 'gridCurrent', unit: 'A', fields: GRID_CURRENT },
        { key: 'frequency', unit: 'Hz', fields: ['gridFrequencyHz1'] },
        { key: 'temperature', unit: '°C', fields: ['tempC'] },
        ...(device.kind === 'hybridInverter' ? BATTERY : []),
      ];
  }
}

/** The i18n key and options naming one field (PV strings are numbered). */
export function fieldLabel(field: string): [string, Record<string, unknown>] {
  const m = /^(pvV|pvI|gridVoltageV|gridCurrentA|gridFrequencyHz)(\d+)$/.exec(field);
  if (m) return [`station.field.${m[1]}`, { n: Number(m[2]) }];
  return [`station.field.${field}`, {}];
}
