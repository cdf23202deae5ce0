import { and, eq, inArray } from 'drizzle-orm';
import { COMMAND_STATES, canTransition, type CommandState } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { commands } from './tables.ts';

export type CommandRecord = typeof commands.$inferSelect;
type Patch = Partial<Omit<CommandRecord, 'id' | 'state'>>;

/** The states from which `to` may be reached (COMMAND_TRANSITIONS read backwards). */
export const statesBefore = (to: CommandState): CommandState[] =>
  COMMAND_STATES.filter((from) => canTransition(from, to));

/**
 * Moves a command to `to` if its current state allows it, in one conditional UPDATE: two instances, a late
 * reply and the time-out job can race, and exactly one of them wins. Returns the updated row, or undefined when
 * the transition was refused (the command is elsewhere, or gone).
 */
export async function moveCommand(
  db: Database,
  id: string,
  to: CommandState,
  patch: Patch = {},
): Promise<CommandRecord | undefined> {
  const [row] = await db
    .update(commands)
    .set({ ...patch, state: to })
    .where(and(eq(commands.id, id), inArray(commands.state, statesBefore(to))))
    .returning();
  return row;
}
