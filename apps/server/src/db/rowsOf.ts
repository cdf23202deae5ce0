import type { SQL } from 'drizzle-orm';
import type { Database } from './openDatabase.ts';

/** An open transaction of a `Database`; raw queries run on either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The rows of a raw SQL query, typed as the caller names them: the one place where a raw result gets its type.
 * Drizzle types `execute` per driver, though PGlite and node-postgres both answer `{ rows }`. The row type is the
 * caller's promise about the SQL: column names as the query spells them (snake_case unless aliased), and numbers
 * only where the query casts them (`count(*)::int`, `::float8`; PostgreSQL sends numeric as text otherwise).
 */
export async function rowsOf<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
