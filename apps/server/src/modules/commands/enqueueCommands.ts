import type { Database } from '../../db/openDatabase.ts';
import type { CommandRecord } from './stateMachine.ts';
import { commands } from './tables.ts';

/** A command to store as `queued`: everything but the states, replies and times the command model fills in. */
export type NewCommand = Pick<
  typeof commands.$inferInsert,
  | 'id'
  | 'batchId'
  | 'kind'
  | 'route'
  | 'plantId'
  | 'deviceId'
  | 'deviceSerial'
  | 'collectorSerial'
  | 'params'
  | 'createdBy'
  | 'expiresAt'
>;

/**
 * Stores new commands as `queued` and answers them as stored: the one way any module creates commands (the
 * command screens through `createCommands`, firmware upgrades through `storeUpgrades`), so that the command
 * model's table has one writer of new rows. `db` may be a transaction. Sending is the command center's
 * (`dispatchCreated`, or its job for commands whose collector is offline).
 */
export async function enqueueCommands(db: Database, rows: readonly NewCommand[]): Promise<CommandRecord[]> {
  const stored: CommandRecord[] = [];
  // In slices: one INSERT of thousands of rows runs into the database's limit of bound parameters.
  for (let i = 0; i < rows.length; i += 500)
    stored.push(
      ...(await db
        .insert(commands)
        .values(rows.slice(i, i + 500))
        .returning()),
    );
  return stored;
}
