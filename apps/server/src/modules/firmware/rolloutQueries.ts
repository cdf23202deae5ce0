import { sql, type SQL } from 'drizzle-orm';
import {
  ROLLOUT_DEVICE_STAGES,
  type RolloutDeviceRow,
  type RolloutDeviceStage,
  type RolloutRow,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';

/**
 * A rollout device's stage, from its upgrade command as the database holds it: a cancelled upgrade, or a device
 * not started when its rollout was cancelled, is `cancelled` (it never starts); else not started or not yet taken
 * by the device is `queued`, an ended command `done` or `failed`, one under way the stage the device reported last.
 */
const STAGE = sql`case when c.state = 'cancelled' or (c.id is null and ro.state = 'cancelled') then 'cancelled'
  when c.id is null or c.state in ('queued', 'sent') then 'queued'
  when c.state = 'applied' then 'done'
  when c.state in ('failed', 'expired') then 'failed'
  else coalesce(c.result->>'stage', 'downloading') end`;

const DEVICES = sql`firmware_rollout_devices rd join plants pl on pl.id = rd.plant_id
  join firmware_rollouts ro on ro.id = rd.rollout_id left join commands c on c.id = rd.command_id`;

interface RolloutSql {
  id: string;
  package_id: number;
  package_name: string;
  version: string;
  state: RolloutRow['state'];
  halt: RolloutRow['halt'];
  group_sizes: number[];
  current_group: number;
  success_pct: number;
  error_pct: number;
  min_finished: number;
  rate_per_minute: number | null;
  install_window: RolloutRow['installWindow'];
  created_by_id: number;
  created_by: string;
  created_at: Date | string;
  approved_by: string | null;
  device_count: number;
  partial_view: boolean;
  counts: Partial<Record<RolloutDeviceStage, number>> | null;
  /** How many rows the query had before its page was cut. */
  total: number;
}

/** Per rollout (of `id` alone, if given), its devices in the caller's scope: how many, and how many at each stage. */
const perRollout = (caller: Caller, id?: string) => sql`counted as (
    select rd.rollout_id, ${STAGE} as stage, count(*)::int as n from ${DEVICES}
    where ${plantScope(caller)} ${id === undefined ? sql`` : sql`and rd.rollout_id = ${id}`} group by 1, 2
  ), per as (
    select rollout_id, jsonb_object_agg(stage, n) as counts, sum(n)::int as device_count
    from counted group by rollout_id
  )`;

/** One page of the rollouts with a device in the caller's scope, newest first, and how many there are. */
export async function pageOfRollouts(
  db: Database,
  caller: Caller & { userId: number },
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: RolloutRow[] }> {
  const rows = await selectRollouts(db, caller, window);
  // The page's rows carry the total; a page past the end has none to carry it, and only then is it counted alone.
  const total =
    rows[0]?.total ??
    (window.offset > 0
      ? ((
          await rowsOf<{ total: number }>(
            db,
            sql`with ${perRollout(caller)} select count(*)::int as total from per`,
          )
        )[0]?.total ?? 0)
      : 0);
  return { total, rows: rows.map((r) => rolloutRowOf(r, caller)) };
}

/** The rollout of `id` if it has a device in the caller's scope, its devices in scope counted by stage. */
export async function findRollout(
  db: Database,
  caller: Caller & { userId: number },
  id: string,
): Promise<RolloutRow | undefined> {
  const [row] = await selectRollouts(db, caller, { id });
  return row && rolloutRowOf(row, caller);
}

/** Rollouts with a device in the caller's scope, newest first: the one of `id`, or a page of them. */
function selectRollouts(
  db: Database,
  caller: Caller,
  only: { id: string } | { limit: number; offset: number },
): Promise<RolloutSql[]> {
  const tail: SQL =
    'id' in only
      ? sql`where r.id = ${only.id}`
      : sql`order by r.created_at desc, r.id limit ${only.limit} offset ${only.offset}`;
  return rowsOf<RolloutSql>(
    db,
    sql`with ${perRollout(caller, 'id' in only ? only.id : undefined)}
      select r.id, r.package_id, p.name as package_name, p.version, r.state, r.halt, r.group_sizes,
        r.current_group, r.success_pct, r.error_pct, r.min_finished, r.rate_per_minute, r.install_window,
        r.created_by as created_by_id, u.user_code as created_by, r.created_at, au.user_code as approved_by,
        per.device_count, per.counts, count(*) over ()::int as total,
        exists (select 1 from firmware_rollout_devices rd join plants pl on pl.id = rd.plant_id
          where rd.rollout_id = r.id and not ${plantScope(caller)}) as partial_view
      from firmware_rollouts r join per on per.rollout_id = r.id
      join firmware_packages p on p.id = r.package_id
      join users u on u.id = r.created_by
      left join users au on au.id = r.approved_by
      ${tail}`,
  );
}

function rolloutRowOf(r: RolloutSql, caller: Caller & { userId: number }): RolloutRow {
  return {
    id: r.id,
    packageId: r.package_id,
    packageName: r.package_name,
    version: r.version,
    state: r.state,
    halt: r.halt,
    deviceCount: r.device_count,
    groupSizes: r.group_sizes,
    currentGroup: r.current_group,
    successPct: r.success_pct,
    errorPct: r.error_pct,
    minFinished: r.min_finished,
    ratePerMinute: r.rate_per_minute,
    installWindow: r.install_window,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
    approvedBy: r.approved_by,
    canApprove: r.state === 'awaitingApproval' && r.created_by_id !== caller.userId && !r.partial_view,
    partialView: r.partial_view,
    counts: Object.fromEntries(
      ROLLOUT_DEVICE_STAGES.map((s) => [s, r.counts?.[s] ?? 0]),
    ) as RolloutRow['counts'],
  };
}

interface DeviceSql {
  serial: string;
  plant_name: string;
  group_index: number;
  command_id: string | null;
  stage: RolloutDeviceStage;
  progress: number | null;
  last_error: string | null;
  updated_at: Date | string | null;
}

/** The devices of a rollout in the caller's scope (`scheduleList`), by group and in the order they start. */
export async function rolloutDevices(db: Database, caller: Caller, id: string): Promise<RolloutDeviceRow[]> {
  const rows = await rowsOf<DeviceSql>(
    db,
    sql`select rd.serial, pl.name as plant_name, rd.group_index, rd.command_id, ${STAGE} as stage,
        case when c.state = 'applied' then 100 else (c.result->>'progress')::float8 end as progress,
        case when c.state in ('failed', 'expired', 'cancelled')
          then coalesce(c.reason_detail, c.reason) end as last_error,
        coalesce(c.finished_at, c.acked_at, c.sent_at, rd.started_at) as updated_at
      from ${DEVICES}
      where rd.rollout_id = ${id} and ${plantScope(caller)}
      order by rd.group_index, rd.position`,
  );
  return rows.map((r) => ({
    serial: r.serial,
    plantName: r.plant_name,
    group: r.group_index,
    commandId: r.command_id,
    stage: r.stage,
    progress: r.progress ?? 0,
    lastError: r.last_error,
    updatedAt: r.updated_at === null ? null : new Date(r.updated_at).toISOString(),
  }));
}
