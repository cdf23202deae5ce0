import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  DETECTION_SENSITIVITIES,
  IV_FAULT_CLASS_NAMES,
  IV_INSUFFICIENT_REASONS,
  type IvDeviceLayout,
  type IvModuleDatasheet,
} from '@solarops/contracts';

/**
 * An IV template (spec §3): a module's datasheet as printed (coefficients in %/K, the unit the physics takes), its
 * type and maker, warranted decay, modules per string, connection date and detection sensitivity. Its owner is
 * the user who made it; it is seen by the users who see that user.
 */
export const ivTemplates = pgTable('iv_templates', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  module: jsonb('module').$type<IvModuleDatasheet>().notNull(),
  moduleType: text('module_type').notNull().default(''),
  maker: text('maker').notNull().default(''),
  firstYearDecayPct: doublePrecision('first_year_decay_pct').notNull(),
  annualDecayPct: doublePrecision('annual_decay_pct').notNull(),
  modulesPerString: integer('modules_per_string').notNull(),
  connectionDate: text('connection_date').notNull(),
  sensitivity: text('sensitivity', { enum: DETECTION_SENSITIVITIES }).notNull(),
  ownerId: integer('owner_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A scan of some inverters of one plant against a template. The template is copied in (`template`), so that a
 * later edit of it changes no finished diagnosis.
 */
export const ivTasks = pgTable(
  'iv_tasks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    plantId: integer('plant_id').notNull(),
    templateId: integer('template_id').notNull(),
    template: jsonb('template').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('iv_tasks_plant_idx').on(t.plantId, t.createdAt)],
);

/** The `ivScan` command of each inverter of a task (the command model keeps its state). */
export const ivTaskScans = pgTable(
  'iv_task_scans',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => ivTasks.id, { onDelete: 'cascade' }),
    commandId: text('command_id').notNull(),
    deviceSerial: text('device_serial').notNull(),
    /**
     * The inverter's layout when the task started (null: none set, the template's applies), copied like the
     * template so that a later edit of the device changes no finished diagnosis.
     */
    layout: jsonb('layout').$type<IvDeviceLayout>(),
    /** Set once the scan's curves are stored (diagnosed or kept as insufficient). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('iv_task_scans_command_key').on(t.commandId),
    index('iv_task_scans_task_idx').on(t.taskId),
  ],
);

/** One scanned string: its curve, the conditions and what the diagnosis said (null when not diagnosed). */
export const ivStrings = pgTable(
  'iv_strings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => ivTasks.id, { onDelete: 'cascade' }),
    commandId: text('command_id').notNull(),
    deviceSerial: text('device_serial').notNull(),
    stringNo: integer('string_no').notNull(),
    poaWm2: doublePrecision('poa_wm2').notNull(),
    moduleTempC: doublePrecision('module_temp_c').notNull(),
    poaChangePct: doublePrecision('poa_change_pct').notNull(),
    points: jsonb('points').$type<[number, number][]>().notNull(),
    insufficient: text('insufficient', { enum: IV_INSUFFICIENT_REASONS }),
    faultClass: text('fault_class', { enum: IV_FAULT_CLASS_NAMES }),
    confidence: doublePrecision('confidence'),
    secondClass: text('second_class', { enum: IV_FAULT_CLASS_NAMES }),
    secondConfidence: doublePrecision('second_confidence'),
    lowConfidence: boolean('low_confidence'),
    performanceFactor: doublePrecision('performance_factor'),
    pmpStcW: doublePrecision('pmp_stc_w'),
    ffStc: doublePrecision('ff_stc'),
    energyLostKwhPerDay: doublePrecision('energy_lost_kwh_per_day'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('iv_strings_command_string_key').on(t.commandId, t.stringNo),
    index('iv_strings_task_idx').on(t.taskId),
  ],
);
