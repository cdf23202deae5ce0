import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Serial number rules, one per device model (the `standardSNnumber` screen). */
export const serialRules = pgTable(
  'serial_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    model: text('model').notNull(),
    kind: text('kind', { enum: ['collector', 'device'] }).notNull(),
    prefix: text('prefix').notNull().default(''),
    /** Whole length of the serial [characters]. */
    length: integer('length').notNull(),
    charset: text('charset', { enum: ['digits', 'upperAlnum', 'hex'] }).notNull(),
    checkDigit: text('check_digit', { enum: ['none', 'luhn', 'mod36'] }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every serial check and shipment row looks its rule up by model, case-insensitively.
  (t) => [uniqueIndex('serial_rules_model_lower_key').on(sql`lower(${t.model})`)],
);
