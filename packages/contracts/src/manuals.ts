import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { langType, pageQuery } from './envelope.ts';
import { LIMITS } from './limits.ts';

/** The languages a manual is written in (spec §3: English, Chinese); also the last segment of its address. */
export const MANUAL_LANGUAGES = ['zh', 'en'] as const;
export type ManualLanguage = (typeof MANUAL_LANGUAGES)[number];

/** The kinds of file a manual may be, told by their first bytes (never by the name or the browser's claim). */
export const MANUAL_FILE_TYPES = ['pdf', 'png', 'jpg', 'webp'] as const;
export type ManualFileType = (typeof MANUAL_FILE_TYPES)[number];

/** Largest manual file by default [bytes]; the server's `MANUAL_MAX_BYTES` changes it. */
export const MANUAL_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;

/** Where a manual's public address starts: `/m/<device model>/<language>` (no sign-in; printed as a QR code). */
export const MANUAL_ADDRESS_PREFIX = '/m';

/**
 * A device model as labels print it: letters, digits, `_ . -`, at most 40 characters. Safe in a URL path as it is,
 * so that the public address needs no escaping.
 */
export const deviceModelSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/, 'validation.format');

/** The manual name (required, spec §5), at most as long as an upload's file name. */
export const manualNameSchema = z.string().trim().min(1, 'validation.required').max(LIMITS.uploadFileNameMax);

/**
 * `POST /manual/upload` (multipart): the fields besides the file. The file part is `file`; its name is kept as
 * metadata only (at most `LIMITS.uploadFileNameMax` characters, spec §5) and its content may not be empty.
 */
export const manualUploadFields = z.object({
  name: manualNameSchema,
  model: deviceModelSchema,
  language: z.enum(MANUAL_LANGUAGES),
});
export type ManualUploadFields = z.infer<typeof manualUploadFields>;

/** One stored version of a manual. */
export const manualVersionRow = z.object({
  id: z.number().int(),
  manualId: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  fileName: z.string(),
  fileType: z.enum(MANUAL_FILE_TYPES),
  sizeBytes: z.number().int(),
  uploadedBy: z.string(),
  savedAt: isoDateTime,
});
export type ManualVersionRow = z.infer<typeof manualVersionRow>;

/** A manual of one device model in one language, as the list shows it: its newest version. */
export const manualRow = z.object({
  id: z.number().int(),
  model: z.string(),
  language: z.enum(MANUAL_LANGUAGES),
  /** The newest version's name, file and save time. */
  name: z.string(),
  fileName: z.string(),
  fileType: z.enum(MANUAL_FILE_TYPES),
  sizeBytes: z.number().int(),
  version: z.number().int(),
  versions: z.number().int(),
  savedAt: isoDateTime,
  /** The public address the QR code holds (absolute). */
  address: z.string(),
});
export type ManualRow = z.infer<typeof manualRow>;

export const manualListQuery = pageQuery.extend({
  name: z.string().trim().max(LIMITS.uploadFileNameMax).optional(),
  model: z.string().trim().max(40).optional(),
  language: z.enum(MANUAL_LANGUAGES).optional(),
  langType,
});
export type ManualListQuery = z.infer<typeof manualListQuery>;

/** `GET /manual/{id}/qr`: the QR code of the manual's public address as a PNG or an SVG file. */
export const manualQrQuery = z.object({ format: z.enum(['png', 'svg']).default('png'), langType });
