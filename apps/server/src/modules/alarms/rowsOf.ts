import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';

/** The rows of a raw query. */
export const rowsOf = async <T>(db: Database, q: SQL) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;
