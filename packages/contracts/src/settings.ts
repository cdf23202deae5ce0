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
});
export type SystemSettings = z.infer<typeof systemSettings>;

/** `POST /system/mail/test` (JSON): one test mail through the configured SMTP server. */
export const testMailBody = z.object({ to: emailSchema });
export const testMailResult = z.object({ sent: z.boolean(), error: z.string().nullable() });
export type TestMailResult = z.infer<typeof testMailResult>;

/** `POST /system/logo` (multipart `file`: png, jpeg or webp, at most 256 kB). */
export const LOGO_MAX_BYTES = 256 * 1024;
