import { and, count, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import type { OperationLogQuery, OperationLogRow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { operationLog } from './tables.ts';
import { escapeLike } from '../../db/escapeLike.ts';

/** Most rows one operation-log export holds. */
export const LOG_EXPORT_MAX_ROWS = 50_000;

/** The operation-log screen's filters as a where-condition. */
const logWhere = (q: Partial<OperationLogQuery>) =>
  and(
    q.userCode ? eq(sql`lower(${operationLog.userCode})`, q.userCode.toLowerCase()) : undefined,
    q.action ? ilike(operationLog.action, `%${escapeLike(q.action)}%`) : undefined,
    q.result ? eq(operationLog.result, q.result) : undefined,
    q.startDate ? gte(operationLog.createdAt, q.startDate) : undefined,
    q.endDate ? lte(operationLog.createdAt, q.endDate) : undefined,
  );

/** One page of the filtered operation log, newest first. */
export async function listOperationLog(
  db: Database,
  q: Partial<OperationLogQuery>,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: OperationLogRow[] }> {
  const where = logWhere(q);
  const [total] = await db.select({ n: count() }).from(operationLog).where(where);
  const rows = await db
    .select()
    .from(operationLog)
    .where(where)
    .orderBy(desc(operationLog.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ userId: _userId, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** The filtered operation log for an export, newest first, at most `limit` ({@link LOG_EXPORT_MAX_ROWS}) entries. */
export function operationLogForExport(db: Database, q: Partial<OperationLogQuery>, limit: number) {
  return db.select().from(operationLog).where(logWhere(q)).orderBy(desc(operationLog.id)).limit(limit);
}
