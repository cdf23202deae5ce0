import type { Co2Factors } from './settings.ts';

/**
 * The country (ISO 3166-1 alpha-2) whose grid a plant feeds, from its IANA time zone: plants carry a zone, not a
 * country. Zones not listed fall back to the default CO₂ factor.
 */
const ZONE_COUNTRIES: Record<string, string> = {
  'Asia/Shanghai': 'CN',
  'Asia/Chongqing': 'CN',
  'Asia/Harbin': 'CN',
  'Asia/Urumqi': 'CN',
  'Asia/Hong_Kong': 'HK',
  'Asia/Taipei': 'TW',
  'Asia/Tokyo': 'JP',
  'Asia/Seoul': 'KR',
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Asia/Bangkok': 'TH',
  'Asia/Ho_Chi_Minh': 'VN',
  'Asia/Jakarta': 'ID',
  'Asia/Manila': 'PH',
  'Asia/Karachi': 'PK',
  'Asia/Dubai': 'AE',
  'Asia/Riyadh': 'SA',
  'Europe/Berlin': 'DE',
  'Europe/Paris': 'FR',
  'Europe/Madrid': 'ES',
  'Europe/Rome': 'IT',
  'Europe/Amsterdam': 'NL',
  'Europe/London': 'GB',
  'Europe/Warsaw': 'PL',
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Phoenix': 'US',
  'America/Los_Angeles': 'US',
  'America/Mexico_City': 'MX',
  'America/Bogota': 'CO',
  'America/Lima': 'PE',
  'America/Santiago': 'CL',
  'America/Sao_Paulo': 'BR',
  'America/Argentina/Buenos_Aires': 'AR',
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Adelaide': 'AU',
  'Australia/Perth': 'AU',
  'Africa/Johannesburg': 'ZA',
  'Africa/Cairo': 'EG',
  'Africa/Lagos': 'NG',
  'Africa/Nairobi': 'KE',
};

export const countryOfTimeZone = (timeZone: string): string | null => ZONE_COUNTRIES[timeZone] ?? null;

/** The factor a plant in `timeZone` uses: its country's when set, else the default (country null). */
export function co2FactorOf(factors: Co2Factors, timeZone: string) {
  const country = countryOfTimeZone(timeZone);
  const own = country ? factors.countries.find((c) => c.country === country) : undefined;
  return own
    ? { country, kgPerKwh: own.kgPerKwh, source: own.source }
    : { country: null, kgPerKwh: factors.default.kgPerKwh, source: factors.default.source };
}

/**
 * Factors until an administrator edits them: the world average and the national grid averages of the countries
 * where plants are most common, each with its publication.
 */
export const DEFAULT_CO2_FACTORS: Co2Factors = {
  default: { kgPerKwh: 0.475, source: 'IEA 2023, world grid average' },
  countries: [
    { country: 'CN', kgPerKwh: 0.5703, source: 'MEE 2022 national grid average emission factor' },
    { country: 'IN', kgPerKwh: 0.716, source: 'CEA CO2 Baseline Database v19 (2022-23)' },
    { country: 'US', kgPerKwh: 0.373, source: 'EPA eGRID2022 US average output emission rate' },
    { country: 'DE', kgPerKwh: 0.38, source: 'UBA 2023 electricity mix' },
  ],
};

/** CO₂ avoided by plants' energy [kg], each at its own country's factor. */
export function co2AvoidedKg(
  factors: Co2Factors,
  plants: readonly { timeZone: string; energyKwh: number }[],
) {
  return plants.reduce((kg, p) => kg + p.energyKwh * co2FactorOf(factors, p.timeZone).kgPerKwh, 0);
}

/** Standard coal not burnt per kWh of solar energy [kg] (a coal plant's supply consumption, about 300 g/kWh). */
export const COAL_KG_PER_KWH = 0.3;
/** CO₂ one tree absorbs in a year [kg] (a commonly used round figure). */
export const TREE_CO2_KG_PER_YEAR = 18.3;

/**
 * What avoided CO₂ amounts to, as reports and the overview wall show it: the standard coal the same energy would
 * have burnt [kg] and the trees that absorb as much CO₂ in a year.
 */
export function co2EquivalentsOf(energyKwh: number, co2Kg: number): { coalKg: number; trees: number } {
  return { coalKg: energyKwh * COAL_KG_PER_KWH, trees: co2Kg / TREE_CO2_KG_PER_YEAR };
}
