import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import type { Database } from '../../db/openDatabase.ts';
import { COPY_TELEMETRY } from './readingLines.ts';

/** The pg connection under a Drizzle transaction on PostgreSQL; undefined on PGlite (which has no COPY stream). */
function pgClientOf(tx: Database): pg.Client | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : undefined;
}

/**
 * Stores readings (`input`: chunks of COPY text lines, see readingLines.ts) inside transaction `tx` with COPY FROM
 * STDIN when it runs on PostgreSQL: COPY takes rows at about twice the rate of the insert. COPY cannot skip rows
 * already stored, so it runs under a savepoint; when a row is a duplicate (a batch re-sent after a lost ack, rare),
 * the savepoint is rolled back and false is returned, leaving the rows to the caller's idempotent insert in the
 * same transaction. Returns false too when COPY does not apply (PGlite).
 */
export async function copyReadings(tx: Database, input: readonly (string | Uint8Array)[]): Promise<boolean> {
  const client = pgClientOf(tx);
  if (!client) return false;
  await tx.execute(sql`savepoint readings_copy`);
  try {
    await pipeline(Readable.from(input), client.query(copyFrom(COPY_TELEMETRY)));
  } catch (err) {
    // A reading already stored (a re-sent batch): the caller's idempotent insert takes the rows instead.
    if (!isUniqueViolation(err)) throw err;
    await tx.execute(sql`rollback to savepoint readings_copy`);
    return false;
  }
  await tx.execute(sql`release savepoint readings_copy`);
  return true;
}
