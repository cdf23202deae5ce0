import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { REJECTION_REASONS } from '@solarops/contracts';
import { readingColumns } from './readingColumns.ts';

// The readings table itself is partitioned by month, which drizzle-kit cannot express: it is defined in
// telemetryTable.ts and created by a hand-written migration (docs/decisions/0005-telemetry-storage.md).

/**
 * Latest state per device: the reading with the newest device time, updated in the ingest transaction. Its pages
 * are filled to 30 % (migration 0011) so that the updates stay on their page.
 */
export const deviceLatest = pgTable(
  'device_latest',
  {
    deviceId: integer('device_id').primaryKey(),
    ...readingColumns(),
  },
  (t) => [
    // Plant list and summary sum the latest power of a plant's devices.
    index('device_latest_plant_id_idx').on(t.plantId),
  ],
);

/** Readings kept out of the series and totals: too far in the future or older than the buffer horizon. */
export const telemetryQuarantine = pgTable(
  'telemetry_quarantine',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    plantId: integer('plant_id'),
    deviceId: integer('device_id'),
    collectorSerial: text('collector_serial').notNull(),
    deviceSerial: text('device_serial').notNull(),
    ts: timestamp('ts', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason', { enum: REJECTION_REASONS }).notNull(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [
    // The quarantine list of a device, newest first.
    index('telemetry_quarantine_device_idx').on(t.deviceId, t.receivedAt),
  ],
);

/**
 * Energy per device, plant and local day / month / year of that plant's time zone [kWh] (ARCHITECTURE §6): each
 * interval counts for the plant its device was mapped to at the interval's end (devices/plantSpans.ts).
 */
export const deviceEnergy = pgTable(
  'device_energy',
  {
    deviceId: integer('device_id').notNull(),
    plantId: integer('plant_id').notNull(),
    period: text('period', { enum: ['day', 'month', 'year'] }).notNull(),
    /** First local day of the period. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    energyKwh: doublePrecision('energy_kwh').notNull(),
  },
  (t) => [
    // A device that moved to another plant has a row for each plant it belonged to within one period.
    primaryKey({ columns: [t.deviceId, t.plantId, t.period, t.periodStart] }),
    // A plant's day sums its devices' parts of that day (the rollup job).
    index('device_energy_plant_period_idx').on(t.plantId, t.period, t.periodStart),
  ],
);

/** Energy per plant (its inverters) and local day / month / year [kWh]. */
export const plantEnergy = pgTable(
  'plant_energy',
  {
    plantId: integer('plant_id').notNull(),
    period: text('period', { enum: ['day', 'month', 'year'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    energyKwh: doublePrecision('energy_kwh').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.plantId, t.period, t.periodStart] }),
    // The dashboard's last 30 days over a whole fleet read a range of days across every plant: by period first.
    index('plant_energy_period_start').on(t.period, t.periodStart),
  ],
);

/**
 * What each plant's 5-minute slots say of its local day, kept beside its energy (rollups.ts, `plantDaySlots.ts`):
 * a month or a year report reads a row per plant and day instead of every reading. A slot is a plant's readings
 * of 5 minutes: each device's averaged, the inverters' added, the weather stations' averaged, as its curve draws it.
 */
export const plantDaySlots = pgTable(
  'plant_day_slots',
  {
    plantId: integer('plant_id').notNull(),
    /** The plant's local day. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Readings of its inverters (the report's completeness). */
    readings: integer('readings').notNull(),
    /** The highest slot power of its inverters together [W]; null when none reported power. */
    peakW: doublePrecision('peak_w'),
    /** Energy of the slots with both power and irradiance [kWh], and their in-plane irradiation [kWh/m²]. */
    sunEnergyKwh: doublePrecision('sun_energy_kwh'),
    sunPoaKwhM2: doublePrecision('sun_poa_kwh_m2'),
    /** Slots with both the inverters' power and the stations' irradiance (what a measured PR is set on). */
    sunSlots: integer('sun_slots').notNull(),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.day] })],
);

/** Device days whose rollup must be recomputed (marked in the ingest transaction, drained by the rollup job). */
export const rollupDirty = pgTable(
  'rollup_dirty',
  {
    deviceId: integer('device_id').notNull(),
    plantId: integer('plant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/**
 * History written after the fact, newest first (the demo fleet's first start writes its past while it runs live):
 * per plant, the readings span `[from_at, to_at)` being filled, how far back it is written (`filled_from`), and
 * when everything before it (the daily energy since the build date) was written too. A plant's charts say "history
 * loading" for a range that starts before `filled_from` until `completed_at` is set (historyFill.ts).
 */
export const historyFill = pgTable('history_fill', {
  plantId: integer('plant_id').primaryKey(),
  fromAt: timestamp('from_at', { withTimezone: true, mode: 'string' }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true, mode: 'string' }).notNull(),
  filledFrom: timestamp('filled_from', { withTimezone: true, mode: 'string' }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'string' }),
});
