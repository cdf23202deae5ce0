import { sql, type SQL } from 'drizzle-orm';
import {
  COMMAND_STATES,
  profileForModel,
  type CommandBatch,
  type CommandPush,
  type CommandRow,
  type CommandState,
  type SettingsProfileId,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import type { CommandRecord } from './stateMachine.ts';

interface Row {
  id: string;
  batch_id: string | null;
  kind: CommandRow['kind'];
  route: string;
  device_serial: string;
  device_model: string;
  collector_serial: string;
  plant_id: number;
  plant_name: string;
  params: unknown;
  state: CommandState;
  reason: NonNullable<CommandRow['failure']>['reason'] | null;
  reason_detail: string | null;
  old_values: Record<string, number> | null;
  new_values: Record<string, number> | null;
  result: unknown;
  created_by: string;
  approved_by: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  acked_at: Date | string | null;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const failureOf = (reason: Row['reason'], detail: string | null) =>
  reason ? { reason, ...(detail ? { detail } : {}) } : null;

const toRow = (r: Row): CommandRow => ({
  id: r.id,
  batchId: r.batch_id,
  kind: r.kind,
  route: r.route,
  deviceSerial: r.device_serial,
  deviceModel: r.device_model,
  // The profile the command was made with (a device behind an edge agent may have another than its model's).
  profileId:
    (r.params as { profileId?: SettingsProfileId } | null)?.profileId ??
    profileForModel(r.device_model)?.id ??
    null,
  collectorSerial: r.collector_serial,
  plantId: r.plant_id,
  plantName: r.plant_name,
  params: r.params,
  state: r.state,
  failure: failureOf(r.reason, r.reason_detail),
  oldValues: r.old_values,
  newValues: r.new_values,
  result: r.result ?? null,
  createdBy: r.created_by,
  approvedBy: r.approved_by,
  createdAt: iso(r.created_at)!,
  sentAt: iso(r.sent_at),
  ackedAt: iso(r.acked_at),
  finishedAt: iso(r.finished_at),
  expiresAt: iso(r.expires_at),
});

// A collector's own firmware upgrade targets the collector: its model stands for the device's.
const SELECT = sql`select c.id, c.batch_id, c.kind, c.route, c.device_serial,
  coalesce(d.model, co.model, '') as device_model,
  c.collector_serial, c.plant_id, pl.name as plant_name, c.params, c.state, c.reason, c.reason_detail,
  c.old_values, c.new_values, c.result, u.user_code as created_by, au.user_code as approved_by, c.created_at,
  c.sent_at, c.acked_at, c.finished_at, c.expires_at
  from commands c
  left join devices d on d.id = c.device_id and d.serial = c.device_serial
  left join collectors co on co.serial = c.device_serial and d.id is null
  join plants pl on pl.id = c.plant_id
  join users u on u.id = c.created_by
  left join command_batches b on b.id = c.batch_id
  left join users au on au.id = b.approved_by`;

export interface CommandFilter {
  batchId?: string | undefined;
  serial?: string | undefined;
  state?: CommandState | undefined;
  kind?: CommandRow['kind'] | undefined;
  plantId?: number | undefined;
  ids?: string[] | undefined;
}

function where(caller: Caller, f: CommandFilter): SQL {
  const conds = [plantScope(caller)];
  if (f.batchId) conds.push(sql`c.batch_id = ${f.batchId}`);
  if (f.serial) conds.push(sql`c.device_serial = ${f.serial}`);
  if (f.state) conds.push(sql`c.state = ${f.state}`);
  if (f.kind) conds.push(sql`c.kind = ${f.kind}`);
  if (f.plantId !== undefined) conds.push(sql`c.plant_id = ${f.plantId}`);
  if (f.ids) conds.push(sql`c.id = any(${sql.param(f.ids)}::text[])`);
  return sql.join(conds, sql` and `);
}

/** Commands in the caller's scope, newest first. */
export async function listCommands(
  db: Database,
  caller: Caller,
  f: CommandFilter,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: CommandRow[] }> {
  const w = where(caller, f);
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from commands c join plants pl on pl.id = c.plant_id where ${w}`,
  );
  const rows = await rowsOf<Row>(
    db,
    sql`${SELECT} where ${w} order by c.created_at desc, c.id limit ${window.limit} offset ${window.offset}`,
  );
  return { total: count?.n ?? 0, rows: rows.map(toRow) };
}

/** Commands by id in the caller's scope, in the order given. */
export async function commandsById(db: Database, caller: Caller, ids: string[]): Promise<CommandRow[]> {
  if (ids.length === 0) return [];
  const rows = (await rowsOf<Row>(db, sql`${SELECT} where ${where(caller, { ids })}`)).map(toRow);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A batch the caller may see (one of its commands is in scope), with its commands counted by state. */
export async function findBatch(db: Database, caller: Caller, id: string): Promise<CommandBatch | undefined> {
  const [b] = await rowsOf<{
    id: string;
    kind: CommandBatch['kind'];
    route: string;
    params: unknown;
    device_count: number;
    created_by: string;
    created_at: Date | string;
    needs_approval: string;
    approved_by: string | null;
    approved_at: Date | string | null;
  }>(
    db,
    sql`select b.id, b.kind, b.route, b.params, b.device_count, u.user_code as created_by, b.created_at,
      b.needs_approval, au.user_code as approved_by, b.approved_at
      from command_batches b join users u on u.id = b.created_by left join users au on au.id = b.approved_by
      where b.id = ${id} and exists (select 1 from commands c join plants pl on pl.id = c.plant_id
        where c.batch_id = b.id and ${plantScope(caller)})`,
  );
  if (!b) return undefined;
  const counts = Object.fromEntries(COMMAND_STATES.map((s) => [s, 0])) as Record<CommandState, number>;
  for (const r of await rowsOf<{ state: CommandState; n: number }>(
    db,
    sql`select state, count(*)::int as n from commands where batch_id = ${id} group by state`,
  ))
    counts[r.state] = r.n;
  return {
    id: b.id,
    kind: b.kind,
    route: b.route,
    params: b.params,
    deviceCount: b.device_count,
    createdBy: b.created_by,
    createdAt: iso(b.created_at)!,
    awaitingApproval: b.needs_approval === 'pending',
    approvedBy: b.approved_by,
    approvedAt: iso(b.approved_at),
    counts,
  };
}

/**
 * Whether some of a batch's commands go to plants outside the caller's scope: such a caller sees its own part
 * but approves or rejects nothing of the whole (a partial view never decides for devices it cannot see).
 */
export async function batchBeyondScope(db: Database, caller: Caller, id: string): Promise<boolean> {
  const [row] = await rowsOf<{ beyond: boolean }>(
    db,
    sql`select exists (select 1 from commands c join plants pl on pl.id = c.plant_id
      where c.batch_id = ${id} and not ${plantScope(caller)}) as beyond`,
  );
  return row?.beyond ?? false;
}

/**
 * The batches waiting for a second user's approval that touch the caller's scope, oldest first (at most 200),
 * each with its counts, and the id of the user who asked (a requester never approves their own batch).
 */
export async function awaitingBatches(
  db: Database,
  caller: Caller,
): Promise<{ batch: CommandBatch; createdById: number; partialView: boolean }[]> {
  const rows = await rowsOf<{ id: string; created_by: number }>(
    db,
    sql`select b.id, b.created_by from command_batches b
      where b.needs_approval = 'pending' and exists (select 1 from commands c join plants pl on pl.id = c.plant_id
        where c.batch_id = b.id and ${plantScope(caller)})
      order by b.created_at, b.id limit 200`,
  );
  const out: { batch: CommandBatch; createdById: number; partialView: boolean }[] = [];
  for (const r of rows) {
    const batch = await findBatch(db, caller, r.id);
    if (batch)
      out.push({ batch, createdById: r.created_by, partialView: await batchBeyondScope(db, caller, r.id) });
  }
  return out;
}

/**
 * A command just created, as `commandsById` would answer it, from what the request already holds (its stored row,
 * its device, the caller's account code) instead of reading it again.
 */
export const newCommandRow = (
  c: CommandRecord,
  device: { model: string; plantName: string },
  createdBy: string,
): CommandRow =>
  toRow({
    id: c.id,
    batch_id: c.batchId,
    kind: c.kind,
    route: c.route,
    device_serial: c.deviceSerial,
    device_model: device.model,
    collector_serial: c.collectorSerial,
    plant_id: c.plantId,
    plant_name: device.plantName,
    params: c.params,
    state: c.state,
    reason: c.reason,
    reason_detail: c.reasonDetail,
    old_values: c.oldValues as Row['old_values'],
    new_values: c.newValues as Row['new_values'],
    result: c.result,
    created_by: createdBy,
    approved_by: null,
    created_at: c.createdAt,
    sent_at: c.sentAt,
    acked_at: c.ackedAt,
    finished_at: c.finishedAt,
    expires_at: c.expiresAt,
  });

/** What the console is pushed when a command changes. */
export const pushOf = (c: CommandRecord): CommandPush => ({
  id: c.id,
  batchId: c.batchId,
  deviceSerial: c.deviceSerial,
  state: c.state,
  failure: failureOf(c.reason, c.reasonDetail),
  newValues: (c.newValues as Record<string, number> | null) ?? null,
  result: c.result ?? null,
  at: new Date().toISOString(),
});

/** How many commands are in each state not ended yet. */
export type OpenCommandCounts = Record<'queued' | 'sent' | 'acked', number>;

/** The commands not ended yet, by state, across the fleet (the metrics' gauge). */
export async function openCommandCounts(db: Database): Promise<OpenCommandCounts> {
  const rows = await rowsOf<{ state: CommandState; n: number }>(
    db,
    sql`select state, count(*)::int as n from commands where state in ('queued', 'sent', 'acked') group by state`,
  );
  const count = (state: CommandState) => rows.find((r) => r.state === state)?.n ?? 0;
  return { queued: count('queued'), sent: count('sent'), acked: count('acked') };
}
