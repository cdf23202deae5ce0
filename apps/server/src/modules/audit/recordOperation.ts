import type { Database } from '../../db/openDatabase.ts';
import { operationLog } from './tables.ts';

export interface OperationEntry {
  userId: number | null;
  userCode: string | null;
  action: string;
  method: string;
  path: string;
  target: string | null;
  ip: string;
  status: number;
}

/** Appends entries to the operation log in one INSERT; each result follows its HTTP status. */
export async function recordOperations(db: Database, entries: readonly OperationEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(operationLog)
    .values(
      entries.map((e) => ({ ...e, result: e.status < 400 ? ('success' as const) : ('failure' as const) })),
    );
}

/** Appends one entry to the operation log. */
export function recordOperation(db: Database, entry: OperationEntry): Promise<void> {
  return recordOperations(db, [entry]);
}
