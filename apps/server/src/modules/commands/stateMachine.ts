import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { COMMAND_STATES, TERMINAL_STATES, canTransition, type CommandState } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { commands } from './tables.ts';

export type CommandRecord = typeof commands.$inferSelect;

/** What a move may change beside the state. */
export type Patch = Partial<
  Pick<
    CommandRecord,
    | 'reason'
    | 'reasonDetail'
    | 'oldValues'
    | 'newValues'
    | 'result'
    | 'sentAt'
    | 'sends'
    | 'ackedAt'
    | 'finishedAt'
  >
>;

/**
 * One command to move: from one of `from` (the states it was seen in) to `to`, through the states `via` when
 * one reply took it several steps at once (a reply to a queued command: sent, then acked).
 */
export interface Move {
  id: string;
  from: readonly CommandState[];
  via?: readonly CommandState[];
  to: CommandState;
  patch?: Patch;
}

/** Whether the table allows every step of `from → ...via → to`. */
const allowedPath = (from: CommandState, via: readonly CommandState[], to: CommandState) =>
  [from, ...via, to].every((s, i, path) => i === 0 || canTransition(path[i - 1]!, s));

/** The states from which `to` may be reached (COMMAND_TRANSITIONS read backwards). */
export const statesBefore = (to: CommandState): CommandState[] =>
  COMMAND_STATES.filter((from) => canTransition(from, to));

const COLUMNS = getTableColumns(commands);

/** A `commands` row as a raw query returns it (snake_case, driver values) made a record. */
export function recordOf(raw: Record<string, unknown>): CommandRecord {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(COLUMNS)) {
    const v = raw[column.name];
    out[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
  }
  return out as CommandRecord;
}

/** The columns a patch may set, with the SQL type they travel as in the moves' JSON. */
const PATCHED: Record<keyof Patch, string> = {
  reason: 'text',
  reasonDetail: 'text',
  oldValues: 'jsonb',
  newValues: 'jsonb',
  result: 'jsonb',
  sentAt: 'timestamptz',
  sends: 'int',
  ackedAt: 'timestamptz',
  finishedAt: 'timestamptz',
};
const PATCH_KEYS = Object.keys(PATCHED) as (keyof Patch)[];

/**
 * Runs `update` (an `update commands ...` without its `returning`) and, in the same statement, writes every
 * command it ended to the operation log (actor by account code, target, `command <kind>`, result, and in
 * `detail` the parameters, old and new values, end state and reason): an end and its audit entry are stored
 * together or not at all, in one round trip. Returns the updated rows.
 */
export async function auditedUpdate(db: Database, update: SQL): Promise<CommandRecord[]> {
  const ended = sql.join(
    TERMINAL_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with moved as (${update} returning commands.*),
      logged as (
        insert into operation_log (user_id, user_code, action, method, path, target, ip, result, status, detail)
        select m.created_by, u.user_code, 'command ' || m.kind, 'CMD', '/commands/' || m.id, m.device_serial, '',
          case when m.state = 'applied' then 'success' else 'failure' end,
          case when m.state = 'applied' then 200 else 409 end,
          jsonb_build_object('commandId', m.id, 'state', m.state, 'reason', m.reason,
            'reasonDetail', m.reason_detail, 'params', m.params, 'oldValues', m.old_values,
            'newValues', m.new_values)
        from moved m left join users u on u.id = m.created_by
        where m.state in (${ended})
      )
      select * from moved`,
  );
  return rows.map(recordOf);
}

/**
 * The condition (for an UPDATE's WHERE) that first locks the commands `which` selects (a condition on the alias
 * `locked`) in the order of their ids, `column` being the updated table's id column. Every statement that changes
 * several commands takes their locks this way, so that two of them never wait for each other: each locked its rows
 * in an order of its own before (the `sent` marks in an index's order, the replies in the order they came), and
 * two with commands in common in crossed orders deadlocked on PostgreSQL, which then ended one of them (a command
 * submission answered 500, or a group of replies was dropped until re-sent). The outer conditions stay: a row
 * moved while the statement waited for it is checked again.
 */
export function lockedInIdOrder(column: SQL, which: SQL): SQL {
  return sql`${column} in (select locked.id from commands locked where ${which} order by locked.id for update of locked)`;
}

/** {@link lockedInIdOrder} for a list of ids. */
export const idsLockedInOrder = (column: SQL, ids: readonly string[]): SQL =>
  lockedInIdOrder(column, sql`locked.id = any(${sql.param([...ids])}::text[])`);

/**
 * Moves many commands at once, each only if it is still in one of its `from` states and the table allows
 * `from → ...via → to` (one conditional UPDATE for all: two instances, a late reply and the time-out job can race, and
 * exactly one of them wins each command). Ends are audited in the same statement (`auditedUpdate`). Returns the
 * rows that moved; a command absent from the answer was elsewhere (or gone). One move per command.
 */
export async function moveCommands(db: Database, moves: readonly Move[]): Promise<CommandRecord[]> {
  const allowed = moves
    .map((m) => ({ ...m, from: m.from.filter((f) => allowedPath(f, m.via ?? [], m.to)) }))
    .filter((m) => m.from.length > 0);
  if (allowed.length === 0) return [];
  const json = JSON.stringify(
    allowed.map((m) => ({
      id: m.id,
      from_states: m.from,
      state: m.to,
      // Which columns the patch names (a null it names is written, an absent one kept).
      set_cols: Object.keys(m.patch ?? {}),
      ...Object.fromEntries(
        Object.entries(m.patch ?? {}).map(([k, v]) => [COLUMNS[k as keyof Patch].name, v]),
      ),
    })),
  );
  const fields = sql.raw(
    ['id text', 'from_states text[]', 'state text', 'set_cols text[]']
      .concat(PATCH_KEYS.map((k) => `${COLUMNS[k].name} ${PATCHED[k]}`))
      .join(', '),
  );
  const sets = sql.raw(
    PATCH_KEYS.map((k) => {
      const col = COLUMNS[k].name;
      return `${col} = case when '${k}' = any(v.set_cols) then v.${col} else commands.${col} end`;
    }).join(', '),
  );
  // The ids again as an array, locked in order: the planner then reads the commands by primary key instead of
  // joining the whole table to a set it cannot estimate.
  return auditedUpdate(
    db,
    sql`update commands set state = v.state, ${sets}
      from jsonb_to_recordset(${json}::jsonb) as v(${fields})
      where commands.id = v.id and commands.state = any(v.from_states)
        and commands.id = any(${sql.param(allowed.map((m) => m.id))}::text[])
        and ${idsLockedInOrder(
          sql`commands.id`,
          allowed.map((m) => m.id),
        )}`,
  );
}

/**
 * Moves one command to `to` if its current state allows it (`moveCommands`). Returns the updated row, or
 * undefined when the transition was refused (the command is elsewhere, or gone).
 */
export async function moveCommand(
  db: Database,
  id: string,
  to: CommandState,
  patch: Patch = {},
): Promise<CommandRecord | undefined> {
  const [row] = await moveCommands(db, [{ id, from: statesBefore(to), to, patch }]);
  return row;
}
