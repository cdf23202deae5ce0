import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ALARM_SOURCES, FAULT_FAMILIES, FAULT_RECORD_KINDS } from '@solarops/contracts';

/** The fault catalogue: seeded from `faultCatalogue.ts` at first start, then edited by administrators. */
export const faultCatalogue = pgTable('fault_catalogue', {
  code: integer('code').primaryKey(),
  level: smallint('level').notNull(),
  family: text('family', { enum: FAULT_FAMILIES }).notNull(),
  descriptionZh: text('description_zh').notNull(),
  descriptionEn: text('description_en').notNull(),
  solutionZh: text('solution_zh').notNull(),
  solutionEn: text('solution_en').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Alarms. `subject` names what raised it (`d:<device id>`, `c:<collector id>`, `p:<plant id>`) so that one
 * partial unique index keeps a single open alarm per subject and code for every source.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    plantId: integer('plant_id').notNull(),
    deviceId: integer('device_id'),
    collectorId: integer('collector_id'),
    subject: text('subject').notNull(),
    code: integer('code').notNull(),
    level: smallint('level').notNull(),
    source: text('source', { enum: ALARM_SOURCES }).notNull(),
    message: text('message').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: integer('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    // No second open alarm for the same device and code (issue 6).
    uniqueIndex('alarms_open_key')
      .on(t.subject, t.code)
      .where(sql`${t.recoveredAt} is null`),
    // A re-sent event batch must not raise again an alarm that already recovered.
    uniqueIndex('alarms_occurrence_key').on(t.subject, t.code, t.occurredAt),
    // Alarm lists and counts of a plant over time (every alarm call filters by the caller's plants).
    index('alarms_plant_occurred_idx').on(t.plantId, t.occurredAt),
    // Recovery of a device's open alarms at each telemetry commit.
    index('alarms_open_device_idx')
      .on(t.deviceId)
      .where(sql`${t.recoveredAt} is null`),
  ],
);

/** Per-user alarm settings: the dialog opening by itself (granted by administrators) and the email opt-out. */
export const alarmUserSettings = pgTable('alarm_user_settings', {
  userId: integer('user_id').primaryKey(),
  autoPopup: boolean('auto_popup').notNull().default(false),
  emailOptOut: boolean('email_opt_out').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Waveforms and arc spectra recorded by devices with a fault (faultRecord, machineFault, arcDetection). */
export const faultRecords = pgTable(
  'fault_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    plantId: integer('plant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    alarmId: bigint('alarm_id', { mode: 'number' }),
    code: integer('code').notNull(),
    kind: text('kind', { enum: FAULT_RECORD_KINDS }).notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [
    // Re-sent event batches store a record once.
    uniqueIndex('fault_records_key').on(t.deviceId, t.ts, t.code, t.kind),
    // Record lists of a plant, newest first.
    index('fault_records_plant_ts_idx').on(t.plantId, t.ts),
  ],
);
