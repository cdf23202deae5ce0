import { z } from 'zod';
import { emailSchema } from './common.ts';

/** What every console shows before and after sign-in: brand, default language and the notice dialog (spec §1, §2). */
export const publicSettings = z.object({
  platformName: z.string().trim().min(1).max(40),
  /** A URL under /prod-api/files/, or null for the default logo. */
  logo: z.string().max(300).nullable(),
  defaultLanguage: z.enum(['zh', 'en']),
  notice: z.object({ enabled: z.boolean(), textZh: z.string().max(2000), textEn: z.string().max(2000) }),
});
export type PublicSettings = z.infer<typeof publicSettings>;

/** Password rules the administrator sets; LIMITS.passwordMin stays the floor. */
export const passwordPolicy = z.object({
  minLength: z.number().int().min(8).max(64),
  requireDigit: z.boolean(),
  requireLetter: z.boolean(),
  requireSymbol: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicy>;

/** An ISO 4217 currency code. */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'validation.currency');

/** A conversion rate the administrator sets: 1 `currency` is worth `rate` of the display currency on `date`. */
export const currencyRate = z.object({
  currency: currencyCode,
  rate: z.number().positive().max(1_000_000),
  /** The day the rate was taken, YYYY-MM-DD (shown beside every converted amount). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.format'),
});
export type CurrencyRate = z.infer<typeof currencyRate>;

/**
 * Income converted to one display currency at the administrator's rates (issue 15); with no display currency,
 * incomes stay per currency only. Each currency at most once, never the display currency itself.
 */
export const currencyConversion = z
  .object({
    displayCurrency: currencyCode.nullable(),
    rates: z.array(currencyRate).max(50),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.rates.forEach((r, i) => {
      if (seen.has(r.currency) || r.currency === v.displayCurrency)
        ctx.addIssue({ code: 'custom', path: ['rates', i, 'currency'], message: 'validation.duplicateRate' });
      seen.add(r.currency);
    });
  });
export type CurrencyConversion = z.infer<typeof currencyConversion>;

/** A grid's CO₂ emission factor [kg/kWh] with where it comes from, shown beside every CO₂ figure. */
export const co2Factor = z.object({
  kgPerKwh: z.number().min(0).max(2),
  source: z.string().trim().min(1).max(200),
});

/**
 * CO₂ avoided per kWh generated: one factor per country (ISO 3166-1 alpha-2, the country of the plant's time zone,
 * `countryOfTimeZone`) and a default for every other plant. Reports, plant summaries, the dashboard and the
 * display walls all use these.
 */
export const co2Factors = z
  .object({
    default: co2Factor,
    countries: z
      .array(co2Factor.extend({ country: z.string().regex(/^[A-Z]{2}$/, 'validation.format') }))
      .max(250),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.countries.forEach((c, i) => {
      if (seen.has(c.country))
        ctx.addIssue({
          code: 'custom',
          path: ['countries', i, 'country'],
          message: 'validation.duplicateCountry',
        });
      seen.add(c.country);
    });
  });
export type Co2Factors = z.infer<typeof co2Factors>;
/** The price of one internet card's renewal for one year, in the currency's smallest unit (issue 19). */
export const cardRenewalPrice = z.object({
  pricePerYearMinor: z.number().int().min(0).max(10_000_000),
  currency: currencyCode,
});
export type CardRenewalPrice = z.infer<typeof cardRenewalPrice>;

/** The `system` screen: every setting (`GET`/`POST /system/settings`). */
export const systemSettings = publicSettings.extend({
  /** Lifetime of an access token [s]. */
  accessTokenTtlSeconds: z.number().int().min(300).max(86_400),
  /** Lifetime of a refresh token [s]. */
  refreshTokenTtlSeconds: z
    .number()
    .int()
    .min(3_600)
    .max(90 * 86_400),
  passwordPolicy,
  currencyConversion,
  co2Factors,
  cardRenewal: cardRenewalPrice,
});
export type SystemSettings = z.infer<typeof systemSettings>;

/** `POST /system/mail/test` (JSON): one test mail through the configured SMTP server. */
export const testMailBody = z.object({ to: emailSchema });
export const testMailResult = z.object({ sent: z.boolean(), error: z.string().nullable() });
export type TestMailResult = z.infer<typeof testMailResult>;

/** `POST /system/logo` (multipart `file`: png, jpeg or webp, at most 256 kB). */
export const LOGO_MAX_BYTES = 256 * 1024;
