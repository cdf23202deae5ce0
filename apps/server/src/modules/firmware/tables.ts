import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FIRMWARE_TYPES, INTERFACE_TYPES } from '@solarops/contracts';
import { users } from '../users/tables.ts';

/**
 * Firmware packages (the `update` screen): the image lies in FILES_DIR/firmware/<file_id>.bin, never under the
 * uploaded name, which is kept as metadata only.
 */
export const firmwarePackages = pgTable('firmware_packages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** The generated name of the stored image (24 hex digits). */
  fileId: text('file_id').notNull().unique(),
  /** The uploaded file's name (spec: name, at most 80 characters). */
  name: text('name').notNull(),
  type: text('type', { enum: FIRMWARE_TYPES }).notNull(),
  collectType: text('collect_type').notNull(),
  interfaceType: text('interface_type', { enum: INTERFACE_TYPES }).notNull().default('any'),
  snType: text('sn_type').notNull().default(''),
  version: text('version').notNull(),
  description: text('description').notNull().default(''),
  size: bigint('size', { mode: 'number' }).notNull(),
  /** SHA-256 of the image, hex. */
  sha256: text('sha256').notNull(),
  /** The maker's Ed25519 signature over the 32-byte digest, base64; null: unsigned. */
  signature: text('signature'),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The makers' public keys administrators trust; a package's signature is judged against these on every use. */
export const firmwareKeys = pgTable(
  'firmware_keys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** The Ed25519 key's 32 raw bytes, base64. */
    publicKey: text('public_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('firmware_keys_public_key_key').on(t.publicKey)],
);
