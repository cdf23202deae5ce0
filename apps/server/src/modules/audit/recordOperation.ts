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

/** Appends one entry to the operation log; the result follows the HTTP status. */
export async function recordOperation(db: Database, entry: OperationEntry): Promise<void> {
  await db.insert(operationLog).values({ ...entry, result: entry.status < 400 ? 'success' : 'failure' });
}
