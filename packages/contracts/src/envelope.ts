import { z } from 'zod';
import { LIMITS } from './limits.ts';

/** Every answer keeps this envelope (ARCHITECTURE §3); `data` is the payload. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** A page of rows. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ code: z.number().int(), msg: z.string(), total: z.number().int(), rows: z.array(row) });

/** An answer without payload (`data: null`). */
export const emptyEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: z.null() });

/** Error answers: the envelope with per-field messages for 400. */
export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** Page parameters: `pageStart` is 1-based, `pageNumber` is accepted as the same. */
export const pageQuery = z.object({
  pageStart: z.coerce.number().int().min(1).max(LIMITS.int4Max).optional(),
  pageNumber: z.coerce.number().int().min(1).max(LIMITS.int4Max).optional(),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** `langType`: the language of a call's texts, titles and labels (else the `language` cookie, else zh). */
export const langType = z.enum(['zh', 'en']).optional();

/** Response codes beyond HTTP statuses: the session was revoked elsewhere; the console asks to log in again. */
export const CODE = {
  ok: 200,
  sessionRevoked: 50012,
  illegalToken: 50008,
  tokenExpired: 50014,
} as const;
