import { abbreviateNumber } from './abbreviateNumber.ts';

/** Units shown by the console (spec §9). */
export const UNITS = {
  power: 'W',
  powerKilo: 'kW',
  energy: 'kWh',
  voltage: 'V',
  current: 'A',
  frequency: 'Hz',
  temperature: '°C',
  traffic: 'MB',
} as const;
export type Unit = (typeof UNITS)[keyof typeof UNITS];

/** A value with its unit, "12.5 kWh"; empty for a missing value. */
export function withUnit(value: number | null | undefined, unit: Unit, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${Number(value.toFixed(digits))} ${unit}`;
}

/**
 * Power in watts shown with a prefix: 950 → "950 W", 12 500 → "12.5 kW", 3.2e6 → "3.2 MW" [W].
 */
export function formatPower(watts: number | null | undefined, digits = 2): string {
  if (watts === null || watts === undefined || !Number.isFinite(watts)) return '';
  const abbreviated = abbreviateNumber(watts, digits);
  const match = /^(-?[\d.]+)([kMGTPE]?)$/.exec(abbreviated);
  if (!match) return `${abbreviated} W`;
  return `${match[1]} ${match[2]}W`;
}

/** Energy in kWh shown with a prefix: 1500 kWh → "1.5 MWh" [kWh]. */
export function formatEnergy(kWh: number | null | undefined, digits = 2): string {
  if (kWh === null || kWh === undefined || !Number.isFinite(kWh)) return '';
  return formatPower(kWh * 1000, digits).replace(/W$/, 'Wh');
}

/** A file's size as people read it: bytes below one kilobyte, kB below one megabyte, MB above (1 kB = 1024 bytes). */
export const formatFileSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} kB`
      : `${bytes} B`;
