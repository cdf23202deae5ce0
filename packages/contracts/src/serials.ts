import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { LIMITS } from './limits.ts';
import { pageQuery } from './envelope.ts';

/** Characters a serial may hold after its prefix. */
export const SERIAL_CHARSETS = ['digits', 'upperAlnum', 'hex'] as const;
/**
 * The serial's last character checks the others: `luhn` (ISO/IEC 7812, digits only) or `mod36` (weighted sum of the
 * base-36 values, weight = position from 1, modulo 36, written as one base-36 character).
 */
export const CHECK_DIGITS = ['none', 'luhn', 'mod36'] as const;

const modelSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/, 'validation.format');

/** A serial number rule of one device model (the `standardSNnumber` screen). */
export const serialRuleBody = z
  .object({
    model: modelSchema,
    kind: z.enum(['collector', 'device']),
    prefix: z
      .string()
      .trim()
      .max(16)
      .regex(/^[A-Z0-9]*$/, 'validation.format'),
    /** Whole length of the serial, prefix and check digit included [characters]. */
    length: z.number().int().min(4).max(40),
    charset: z.enum(SERIAL_CHARSETS),
    checkDigit: z.enum(CHECK_DIGITS),
    description: z.string().trim().max(200).default(''),
  })
  .refine((r) => r.prefix.length < r.length, { message: 'validation.format', path: ['prefix'] })
  .refine((r) => r.checkDigit !== 'luhn' || r.charset === 'digits', {
    message: 'validation.format',
    path: ['checkDigit'],
  });
export type SerialRuleBody = z.infer<typeof serialRuleBody>;

export const serialRuleRow = z.object({
  id: z.number().int(),
  model: z.string(),
  kind: z.enum(['collector', 'device']),
  prefix: z.string(),
  length: z.number().int(),
  charset: z.enum(SERIAL_CHARSETS),
  checkDigit: z.enum(CHECK_DIGITS),
  description: z.string(),
  updatedAt: isoDateTime,
});
export type SerialRuleRow = z.infer<typeof serialRuleRow>;

export const serialRuleListQuery = pageQuery.extend({ model: z.string().trim().max(40).optional() });
export const serialRuleUpdateBody = z
  .object({ id: z.number().int().min(1).max(LIMITS.int4Max) })
  .and(serialRuleBody);
export const serialRuleIdBody = z.object({ id: z.number().int().min(1).max(LIMITS.int4Max) });

/** `POST /serial/rule/check`: is `sn` a valid serial of `model`? */
export const serialCheckBody = z.object({ model: modelSchema, sn: z.string().trim().min(1).max(64) });
export const serialCheckResult = z.object({
  valid: z.boolean(),
  /** A message key (`serial.*`) saying what is wrong, null when valid. */
  reason: z.string().nullable(),
  /** The reason in the caller's language. */
  message: z.string().nullable(),
});
