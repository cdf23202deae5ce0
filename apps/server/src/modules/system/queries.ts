import { count, desc } from 'drizzle-orm';
import type { ErrorLogBody, ErrorLogRow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { errorLog } from './tables.ts';

/** Keeps an error a console caught, with who saw it. */
export async function recordConsoleError(
  db: Database,
  userCode: string,
  report: ErrorLogBody,
): Promise<void> {
  const { message, stack, url, info } = report;
  await db.insert(errorLog).values({ userCode, message, stack, url, info: info ?? null });
}

/** One page of the errors consoles reported, newest first. */
export async function listConsoleErrors(
  db: Database,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: ErrorLogRow[] }> {
  const [total] = await db.select({ n: count() }).from(errorLog);
  const rows = await db
    .select()
    .from(errorLog)
    .orderBy(desc(errorLog.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
