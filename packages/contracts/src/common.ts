import { z } from 'zod';
import { LIMITS } from './limits.ts';

// Custom messages below are message keys (`validation.*`): the server answers them in the caller's language and
// the console translates them with the same keys.

/** A login name: letters, digits and `_ . @ -`, 2 to 30 characters, trimmed. */
export const userCodeSchema = z
  .string()
  .trim()
  .min(LIMITS.userCodeMin)
  .max(LIMITS.userCodeMax)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'validation.userCode');

/** A new password: 8 to 128 characters, accepted exactly as typed (no trimming, no composition rule). */
export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, 'validation.passwordLength')
  .max(LIMITS.passwordMax, 'validation.passwordLength');

/** A legal email address, trimmed and lower-cased. */
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('validation.email'));

/** A legal mobile number: mainland China (11 digits starting 13-19) or international E.164 (`+` and digits). */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^(?:1[3-9]\d{9}|\+[1-9]\d{6,14})$/, 'validation.phone');

/** A display name: 2 to 30 characters (spec §5). */
export const nameSchema = z.string().trim().min(LIMITS.nameMin).max(LIMITS.nameMax);

/** The 6-digit email verification code. */
export const emailCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.emailCodeLength}}$`), 'validation.code');

/** China's unified social credit code: 18 characters of digits and capital letters (no I, O, S, V, Z). */
export const creditCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[0-9A-HJ-NP-RTUWXY]{${LIMITS.creditCodeLength}}$`), 'validation.creditCode');

/**
 * The id of a row (an `integer` column): 1 to 2³¹−1, from a path, query or body. Anything larger would fail in SQL,
 * so it is refused here with a 400 like any other bad value.
 */
export const idSchema = z.coerce.number().int().min(1).max(LIMITS.int4Max);

/** Several ids, comma-separated (`1,2,3`), each within an `integer` column; at most `max` of them. */
export const idListSchema = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'validation.format')
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().min(1).max(LIMITS.int4Max)).max(max));

/** `true`/`false` as a query-string value. */
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A file of a multipart upload, as the server receives it. */
export const uploadedFile = z.object({
  filename: z.string(),
  mimetype: z.string(),
  data: z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'validation.required'),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** A large uploaded file the server streamed to disk (firmware images): where it lies, its size and SHA-256. */
export const spooledFile = z.object({
  filename: z.string(),
  mimetype: z.string(),
  path: z.string(),
  size: z.number().int().min(0).max(LIMITS.int4Max),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SpooledFile = z.infer<typeof spooledFile>;

/** Timestamps travel as ISO 8601 strings. */
export const isoDateTime = z.iso.datetime({ offset: true });
