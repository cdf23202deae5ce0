import { z } from 'zod';
import { idSchema, isoDateTime, uploadedFile } from './common.ts';
import { langType, pageQuery } from './envelope.ts';

/** Most rows one shipment file may hold. */
export const SHIPMENT_MAX_ROWS = 20_000;

/** Largest shipment file (20 000 rows of the template take about 1 MB). */
export const SHIPMENT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * What a shipment workbook may inflate to: its entries together, and how many there are. Checked from the zip's
 * directory before anything is inflated (a small file can hold gigabytes of sheet XML).
 */
export const SHIPMENT_MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
export const SHIPMENT_MAX_ZIP_ENTRIES = 500;

/**
 * `POST /shipment/import` (multipart): `file` (.xlsx, the template's columns) and `mode`: `all` stores the file
 * only if every row is good, `goodRows` stores the good rows and reports the others.
 */
export const shipmentImportForm = z.object({
  file: uploadedFile,
  mode: z.enum(['all', 'goodRows']).default('all'),
});

/** One refused row of a shipment file: its row number in the sheet (header = 1) and why. */
export const shipmentRowError = z.object({
  row: z.number().int(),
  serial: z.string(),
  field: z.string(),
  message: z.string(),
});
export type ShipmentRowError = z.infer<typeof shipmentRowError>;

export const shipmentImportResult = z.object({
  /** Whether anything was stored. */
  stored: z.boolean(),
  shipmentId: z.number().int().nullable(),
  rows: z.number().int(),
  imported: z.number().int(),
  errors: z.array(shipmentRowError),
  /** The device secrets issued to the imported collectors: shown once, never stored in the clear. */
  secrets: z.array(z.object({ serial: z.string(), secret: z.string() })),
});
export type ShipmentImportResult = z.infer<typeof shipmentImportResult>;

export const shipmentRow = z.object({
  id: z.number().int(),
  fileName: z.string(),
  importedBy: z.string(),
  collectors: z.number().int(),
  devices: z.number().int(),
  importedAt: isoDateTime,
});
export type ShipmentRow = z.infer<typeof shipmentRow>;

export const shipmentItemRow = z.object({
  id: z.number().int(),
  shipmentId: z.number().int(),
  kind: z.enum(['collector', 'device']),
  serial: z.string(),
  model: z.string(),
  firmware: z.string(),
  iccid: z.string().nullable(),
  dealercode: z.string(),
  collectorSerial: z.string().nullable(),
  createdAt: isoDateTime,
});
export type ShipmentItemRow = z.infer<typeof shipmentItemRow>;

export const shipmentItemQuery = pageQuery.extend({
  shipmentId: idSchema.optional(),
  serial: z.string().trim().max(64).optional(),
  dealercode: z.string().trim().max(64).optional(),
  langType,
});
