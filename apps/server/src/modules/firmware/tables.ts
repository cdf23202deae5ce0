import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  FIRMWARE_TYPES,
  INSTALL_WINDOWS,
  INTERFACE_TYPES,
  ROLLOUT_HALTS,
  ROLLOUT_STATES,
} from '@solarops/contracts';
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

/**
 * A package rolled out to many devices group by group (docs/firmware.md "Rollouts"): the rules it runs by and
 * where it stands. Each device's upgrade is a command of the command model, made when its group starts.
 */
export const firmwareRollouts = pgTable('firmware_rollouts', {
  id: text('id').primaryKey(),
  packageId: integer('package_id')
    .notNull()
    .references(() => firmwarePackages.id),
  state: text('state', { enum: ROLLOUT_STATES }).notNull(),
  halt: text('halt', { enum: ROLLOUT_HALTS }),
  /** Devices per group, in order. */
  groupSizes: jsonb('group_sizes').$type<number[]>().notNull(),
  currentGroup: integer('current_group').notNull().default(0),
  successPct: doublePrecision('success_pct').notNull(),
  errorPct: doublePrecision('error_pct').notNull(),
  minFinished: integer('min_finished').notNull(),
  ratePerMinute: integer('rate_per_minute'),
  installWindow: text('install_window', { enum: INSTALL_WINDOWS }).notNull(),
  lowPowerPct: doublePrecision('low_power_pct').notNull(),
  nightFrom: integer('night_from').notNull(),
  nightTo: integer('night_to').notNull(),
  chunkBytes: integer('chunk_bytes').notNull(),
  /** Errors are judged among devices finished after this (a resume after a fix starts the count again). */
  judgedFrom: timestamp('judged_from', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  approvedBy: integer('approved_by'),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
});

/** The devices of a rollout: their group, and their upgrade command once started. */
export const firmwareRolloutDevices = pgTable(
  'firmware_rollout_devices',
  {
    rolloutId: text('rollout_id')
      .notNull()
      .references(() => firmwareRollouts.id, { onDelete: 'cascade' }),
    serial: text('serial').notNull(),
    /** The collector's id for collector firmware, else the inverter's. */
    targetId: integer('target_id').notNull(),
    plantId: integer('plant_id').notNull(),
    collectorSerial: text('collector_serial').notNull(),
    groupIndex: integer('group_index').notNull(),
    /** Where the device came in the rollout's targets: devices start in this order. */
    position: integer('position').notNull().default(0),
    commandId: text('command_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutId, t.serial] }),
    index('firmware_rollout_devices_group_idx').on(t.rolloutId, t.groupIndex, t.position),
    index('firmware_rollout_devices_command_idx').on(t.commandId),
  ],
);
