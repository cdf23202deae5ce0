import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MANUAL_FILE_TYPES, MANUAL_LANGUAGES } from '@solarops/contracts';

/**
 * A manual: the documentation of one device model in one language. Its public address `/m/<model>/<language>`
 * serves its newest version; the model is matched without regard to case (labels and people write it both ways).
 */
export const manuals = pgTable(
  'manuals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** As first uploaded. */
    model: text('model').notNull(),
    language: text('language', { enum: MANUAL_LANGUAGES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One manual per model and language; the public address looks it up by both.
    uniqueIndex('manuals_model_language_key').on(sql`lower(${t.model})`, t.language),
  ],
);

/** Every uploaded version of a manual; the file lies in FILES_DIR/manuals under `file_id`, never under its name. */
export const manualVersions = pgTable(
  'manual_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    manualId: integer('manual_id')
      .notNull()
      .references(() => manuals.id, { onDelete: 'cascade' }),
    /** 1, 2, 3... per manual, in upload order. */
    version: integer('version').notNull(),
    name: text('name').notNull(),
    /** The uploaded file's name: metadata only (the download's suggested name). */
    fileName: text('file_name').notNull(),
    /** The generated name of the stored file: 24 hex digits and the type's extension. */
    fileId: text('file_id').notNull(),
    fileType: text('file_type', { enum: MANUAL_FILE_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A version number is given once per manual (two uploads at once: one of them is refused and retried);
    // the newest version of a manual is the first of this index read backwards.
    uniqueIndex('manual_versions_manual_version_key').on(t.manualId, t.version),
  ],
);
