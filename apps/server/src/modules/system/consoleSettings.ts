import { eq } from 'drizzle-orm';
import {
  DEFAULT_CO2_FACTORS,
  systemSettings,
  type Co2Factors,
  type CurrencyConversion,
  type SystemSettings,
} from '@solarops/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/openDatabase.ts';
import { settings } from './tables.ts';

/** The row of the `settings` table that holds the `system` screen's values, as one JSON document. */
const KEY = 'console.settings';

/**
 * Values until an administrator saves the `system` screen; lifetimes start from the start-up configuration. An
 * empty notice text means the console's built-in 2G notice (spec §1), in the user's language.
 */
export function defaultSettings(config: Pick<Config, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>) {
  return {
    platformName: 'SolarOps',
    logo: null,
    defaultLanguage: 'zh',
    notice: { enabled: true, textZh: '', textEn: '' },
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    // No composition rule by default: passwords are accepted as typed (contracts `passwordSchema`).
    passwordPolicy: { minLength: 8, requireDigit: false, requireLetter: false, requireSymbol: false },
    // Incomes per currency only, until an administrator names a display currency and its rates.
    currencyConversion: { displayCurrency: null, rates: [] },
    co2Factors: DEFAULT_CO2_FACTORS,
    // 15 CNY per card and year: what installers pay today by transfer (docs/cards.md).
    cardRenewal: { pricePerYearMinor: 1500, currency: 'CNY' },
  } satisfies SystemSettings;
}

/** The saved settings; a stored document that no longer parses (an older shape) falls back field by field. */
export async function loadSettings(db: Database, config: Parameters<typeof defaultSettings>[0]) {
  const fallback = defaultSettings(config);
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  if (!row) return fallback;
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    return fallback;
  }
  const parsed = systemSettings.safeParse({ ...fallback, ...(stored as object) });
  return parsed.success ? parsed.data : fallback;
}

export async function saveSettings(db: Database, value: SystemSettings) {
  const text = JSON.stringify(value);
  await db
    .insert(settings)
    .values({ key: KEY, value: text })
    .onConflictDoUpdate({ target: settings.key, set: { value: text, updatedAt: new Date() } });
}

/** The administrator's currency conversion (the dashboard converts incomes with it). */
export async function loadCurrencyConversion(db: Database): Promise<CurrencyConversion> {
  // The token lifetimes of the fallback play no part here.
  const all = await loadSettings(db, { accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 86_400 });
  return all.currencyConversion;
}

/** The administrator's CO₂ factors (reports, summaries, dashboard and display walls use them). */
export async function loadCo2Factors(db: Database): Promise<Co2Factors> {
  const all = await loadSettings(db, { accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 86_400 });
  return all.co2Factors;
}

/** The renewal price of one card for one year (the `system` screen). */
export async function loadCardRenewalPrice(db: Database): Promise<SystemSettings['cardRenewal']> {
  const all = await loadSettings(db, { accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 86_400 });
  return all.cardRenewal;
}
