import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomReportDefinition, ReportSchedule } from '@solarops/contracts';
import { users } from '../users/tables.ts';

/** Custom report templates (`CustomReport`), each its account's own; names are unique per account. */
export const reportTemplates = pgTable(
  'report_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<CustomReportDefinition>().notNull(),
    /** When it is mailed; null: never. */
    schedule: jsonb('schedule').$type<ReportSchedule>(),
    /** The period the schedule mailed last, so that each is mailed once (`d:`, `w:`, `m:` and its first day). */
    lastSent: text('last_sent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_templates_user_id_name_key').on(t.userId, t.name)],
);
