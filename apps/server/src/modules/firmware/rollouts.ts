import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  COMMAND_LIMITS,
  ROLLOUT_LIMITS,
  UPGRADE_LIMITS,
  type CreateRolloutBody,
  type RolloutHalt,
  type RolloutState,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { badRequest, conflict, notFound } from '../../http/AppError.ts';
import { lockChangesOf, type CommandCenter } from '../commands/index.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { assignablePackage } from './assignment.ts';
import { trustedKeys } from './keys.ts';
import { findPackage } from './packages.ts';
import { judgeSignature } from './signatures.ts';
import { firmwareRolloutDevices, firmwareRollouts } from './tables.ts';
import { firmwareTargetsInScope, packageFits } from './targets.ts';
import { storeUpgrades } from './upgrade.ts';
import { packageDevicesUnapproved } from './upgradeChange.ts';

type Rollout = typeof firmwareRollouts.$inferSelect;

interface Deps {
  db: Database;
  commandCenter: CommandCenter;
  config: { filesDir: string; firmwareChunkBytes?: number };
}

/**
 * Devices per group, in order: each group a count or a share of all devices (at least one). Past the sizes typed,
 * the last size repeats until every device has a group ("2, 4" on 26 devices: 2, 4, 4, 4, 4, 4, 4), never one
 * large group of the rest; shares add up, so "10, 30, 60" ends at 100 %. Only the group at the limit of groups
 * takes all that is left.
 */
export function groupSizesOf(n: number, by: 'percent' | 'count', sizes: readonly number[]): number[] {
  const out: number[] = [];
  let placed = 0;
  let typed = 0;
  for (let i = 0; placed < n; i++) {
    typed += sizes[Math.min(i, sizes.length - 1)]!;
    const end =
      i === ROLLOUT_LIMITS.maxGroups - 1
        ? n
        : by === 'count'
          ? Math.min(n, typed)
          : Math.min(n, Math.max(placed + 1, Math.round((n * Math.min(100, typed)) / 100)));
    out.push(end - placed);
    placed = end;
  }
  return out;
}

/**
 * The serials a rollout's plants or model filter name, in the caller's scope and of the package's models: a
 * plant's other devices are left out, never refused (only devices named one by one are refused when they do not
 * fit).
 */
async function fittingSerials(
  db: Database,
  caller: Caller,
  pkg: Awaited<ReturnType<typeof findPackage>>,
  body: CreateRolloutBody,
): Promise<string[]> {
  if (body.plantIds.length === 0 && !body.byModel) return [];
  const plants = sql.param(body.plantIds);
  const rows = await rowsOf<{ serial: string }>(
    db,
    pkg.type === 'collector'
      ? sql`select c.serial from collectors c join plants pl on pl.id = c.plant_id where ${plantScope(caller)}
          and (c.plant_id = any(${plants}::int[]) or (${body.byModel} and lower(c.model) = lower(${pkg.collectType})))
          order by c.serial`
      : sql`select d.serial from devices d join plants pl on pl.id = d.plant_id where ${plantScope(caller)}
          and d.collector_id is not null
          and (d.plant_id = any(${plants}::int[]) or (${body.byModel} and lower(d.model) = lower(${pkg.snType})))
          order by d.serial`,
  );
  const targets = await firmwareTargetsInScope(
    db,
    caller,
    pkg.type,
    rows.map((r) => r.serial),
  );
  return [...targets.values()].filter((t) => packageFits(pkg, t)).map((t) => t.serial);
}

/**
 * Creates a rollout: its devices pass the one gate (`assignablePackage`), are split into groups in order and wait;
 * when its change (the same user and package within the hour, `upgradeChange.ts`) passes 50 devices it waits for
 * a second user's approval, else it starts at the next turn of the rollout job.
 */
export async function createRollout(
  deps: Deps,
  caller: Caller & { userId: number },
  body: CreateRolloutBody,
): Promise<string> {
  const { db, config } = deps;
  const pkg = await findPackage(db, body.packageId);
  const serials = [...new Set([...body.serials, ...(await fittingSerials(db, caller, pkg, body))])];
  if (serials.length === 0) throw badRequest('firmware.noTargets');
  const { targets } = await assignablePackage(db, config.filesDir, caller, pkg.id, serials);
  const reachable = targets.filter((t) => t.collectorSerial);
  if (reachable.length === 0) throw badRequest('firmware.noTargets');
  const sizes = groupSizesOf(reachable.length, body.groups.by, body.groups.sizes);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    // Counted and stored under the author's change lock: the devices this package reached from the same user in
    // the past hour without a second person count with these (the two-person rule per change, not per request).
    await lockChangesOf(tx, caller.userId);
    const before = await packageDevicesUnapproved(tx as unknown as Database, {
      userId: caller.userId,
      packageId: pkg.id,
    });
    const awaiting = before + reachable.length > COMMAND_LIMITS.approvalAbove;
    await tx.insert(firmwareRollouts).values({
      id,
      packageId: pkg.id,
      state: awaiting ? 'awaitingApproval' : 'running',
      groupSizes: sizes,
      successPct: body.successPct,
      errorPct: body.errorPct,
      minFinished: body.minFinished,
      ratePerMinute: body.ratePerMinute ?? null,
      installWindow: body.installWindow,
      lowPowerPct: body.lowPowerPct,
      nightFrom: body.nightFrom,
      nightTo: body.nightTo,
      chunkBytes: config.firmwareChunkBytes ?? UPGRADE_LIMITS.defaultChunkBytes,
      createdBy: caller.userId,
    });
    let group = 0;
    let inGroup = 0;
    const rows = reachable.map((t, position) => {
      if (inGroup === sizes[group]) {
        group++;
        inGroup = 0;
      }
      inGroup++;
      return {
        rolloutId: id,
        serial: t.serial,
        targetId: t.id,
        plantId: t.plantId,
        collectorSerial: t.collectorSerial!,
        groupIndex: group,
        position,
      };
    });
    for (let i = 0; i < rows.length; i += 1000)
      await tx.insert(firmwareRolloutDevices).values(rows.slice(i, i + 1000));
  });
  return id;
}

const rolloutOf = async (db: Database, id: string): Promise<Rollout> => {
  const [r] = await db.select().from(firmwareRollouts).where(eq(firmwareRollouts.id, id));
  if (!r) throw notFound();
  return r;
};

/** Moves a rollout from one of `from` to `to`; 409 when it is elsewhere (someone else moved it first). */
async function move(
  db: Database,
  id: string,
  from: RolloutState[],
  to: RolloutState,
  set: Partial<Rollout> = {},
): Promise<Rollout> {
  const [r] = await db
    .update(firmwareRollouts)
    .set({ ...set, state: to })
    .where(and(eq(firmwareRollouts.id, id), sql`${firmwareRollouts.state} = any(${sql.param(from)}::text[])`))
    .returning();
  if (!r) throw conflict('firmware.rolloutState');
  return r;
}

/**
 * A person's decision on a rollout. `approve`: another user than its author, once. `pause`: no device starts
 * any more; those started go on. `resume` (paused or stopped): errors are judged again from now on, among the
 * devices that finish after it, and a group whose end paused it is left behind. `cancel`: devices not started
 * never start (queued upgrades are cancelled), those under way finish and report.
 */
export async function actOnRollout(
  deps: Deps,
  caller: Caller & { userId: number },
  id: string,
  action: 'approve' | 'pause' | 'resume' | 'cancel',
): Promise<void> {
  const { db, commandCenter } = deps;
  const r = await rolloutOf(db, id);
  switch (action) {
    case 'approve':
      if (r.createdBy === caller.userId) throw badRequest('commands.ownBatch');
      await move(db, id, ['awaitingApproval'], 'running', {
        approvedBy: caller.userId,
        approvedAt: new Date(),
        judgedFrom: new Date(),
      });
      return;
    case 'pause':
      await move(db, id, ['running'], 'paused', { halt: 'manual' });
      return;
    case 'resume': {
      const stats = await groupStats(db, r);
      // A group that ended under its success threshold: the person resuming lets the next one start.
      const next =
        r.halt === 'successBelow' && stats.finished === stats.total ? r.currentGroup + 1 : r.currentGroup;
      const done = next >= r.groupSizes.length;
      await move(db, id, ['paused', 'stopped'], done ? 'done' : 'running', {
        halt: null,
        currentGroup: Math.min(next, r.groupSizes.length - 1),
        judgedFrom: new Date(),
      });
      return;
    }
    case 'cancel': {
      await move(db, id, ['awaitingApproval', 'running', 'paused', 'stopped'], 'cancelled', { halt: null });
      const queued = await rowsOf<{ id: string }>(
        db,
        sql`select c.id from firmware_rollout_devices rd join commands c on c.id = rd.command_id
          where rd.rollout_id = ${id} and c.state = 'queued'`,
      );
      await commandCenter.cancelQueued(queued.map((q) => q.id));
      await cancelHeldDownloads(deps, id);
    }
  }
}

interface GroupStats {
  total: number;
  done: number;
  finished: number;
  /** Finished since `judgedFrom`, and of those the failed ones. */
  judged: number;
  judgedFailed: number;
}

async function groupStats(db: Database, r: Rollout): Promise<GroupStats> {
  const [s] = await rowsOf<GroupStats>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where c.state = 'applied')::int as done,
        count(*) filter (where c.finished_at is not null)::int as finished,
        count(*) filter (where c.finished_at >= ${r.judgedFrom})::int as judged,
        count(*) filter (where c.finished_at >= ${r.judgedFrom} and c.state <> 'applied')::int as "judgedFailed"
      from firmware_rollout_devices rd left join commands c on c.id = rd.command_id
      where rd.rollout_id = ${r.id} and rd.group_index = ${r.currentGroup}`,
  );
  return s!;
}

const halt = (db: Database, r: Rollout, to: 'paused' | 'stopped', why: RolloutHalt) =>
  db
    .update(firmwareRollouts)
    .set({ state: to, halt: why })
    .where(and(eq(firmwareRollouts.id, r.id), eq(firmwareRollouts.state, 'running')));

/**
 * One turn of a running rollout: the error threshold first (judged once `minFinished` devices of the group have
 * finished since `judgedFrom`: over it, the rollout stops before anything more starts); a group all finished
 * goes on to the next when its successes reach the threshold, else pauses for a person; then devices of the
 * current group start, as many as the rate limit leaves this minute.
 */
async function stepRollout(deps: Deps, start: Rollout, now: Date): Promise<void> {
  const { db, commandCenter } = deps;
  let r = start;
  for (;;) {
    const s = await groupStats(db, r);
    if (s.judged >= r.minFinished && s.judgedFailed * 100 > r.errorPct * s.judged) {
      await halt(db, r, 'stopped', 'errorAbove');
      return;
    }
    if (s.finished < s.total) break;
    if (s.done * 100 < r.successPct * s.total) {
      await halt(db, r, 'paused', 'successBelow');
      return;
    }
    const last = r.currentGroup + 1 >= r.groupSizes.length;
    const [next] = await db
      .update(firmwareRollouts)
      .set(last ? { state: 'done' } : { currentGroup: r.currentGroup + 1 })
      .where(and(eq(firmwareRollouts.id, r.id), eq(firmwareRollouts.state, 'running')))
      .returning();
    if (!next || last) return;
    r = next;
  }
  let allowance = Number.MAX_SAFE_INTEGER;
  if (r.ratePerMinute !== null) {
    const [recent] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from firmware_rollout_devices
        where rollout_id = ${r.id} and started_at > ${now.toISOString()}::timestamptz - interval '1 minute'`,
    );
    allowance = r.ratePerMinute - (recent?.n ?? 0);
  }
  if (allowance <= 0) return;
  const waiting = await db
    .select()
    .from(firmwareRolloutDevices)
    .where(
      and(
        eq(firmwareRolloutDevices.rolloutId, r.id),
        eq(firmwareRolloutDevices.groupIndex, r.currentGroup),
        sql`${firmwareRolloutDevices.commandId} is null`,
      ),
    )
    // Devices start in the order they were targeted, whatever order the table returns them in otherwise.
    .orderBy(firmwareRolloutDevices.position)
    .limit(Math.min(allowance, 5000));
  if (waiting.length === 0) return;
  // The signature is judged again at every start: a key no longer trusted stops the rollout.
  const pkg = await findPackage(db, r.packageId);
  if (judgeSignature(pkg.sha256, pkg.signature, await trustedKeys(db)).state !== 'valid') {
    await halt(db, r, 'stopped', 'manual');
    return;
  }
  const made = await storeUpgrades(db, {
    pkg,
    targets: waiting.map((w) => ({
      id: w.targetId,
      plantId: w.plantId,
      serial: w.serial,
      collectorSerial: w.collectorSerial,
    })),
    createdBy: r.createdBy,
    chunkBytes: r.chunkBytes,
    ttlS: COMMAND_LIMITS.maxTtlS,
    holdInstall: r.installWindow !== 'any',
  });
  await db.execute(
    sql`update firmware_rollout_devices rd set command_id = m.command_id, started_at = ${now.toISOString()}::timestamptz
      from unnest(${sql.param(made.map((c) => c.deviceSerial))}::text[], ${sql.param(made.map((c) => c.id))}::text[])
        as m(serial, command_id)
      where rd.rollout_id = ${r.id} and rd.serial = m.serial`,
  );
  // Offline devices' upgrades stay queued until their collector is back (the command job sends them then).
  await commandCenter.dispatch({ ids: made.map((c) => c.id) });
}

/**
 * Lets the held downloads of rollouts with a maintenance window install when their plant is in it: producing
 * under `lowPowerPct` of its capacity, or at night in its own time zone. Each go-ahead is first marked on its
 * upgrade (`released` in its result, by the same conditional UPDATE that a cancel races with): from then on the
 * install is under way, a cancel of the rollout leaves it to finish and report, and the go-ahead is sent again
 * every turn until the device moves on (it ignores a repeat), whatever the window and the rollout's state.
 */
async function releaseInstalls(deps: Deps, now: Date): Promise<void> {
  const { db, commandCenter } = deps;
  const hour = sql`extract(hour from ${now.toISOString()}::timestamptz at time zone pl.time_zone)`;
  // The held commands are locked in id order, as every statement that moves several commands does
  // (commands/stateMachine.ts lockedInIdOrder): replies moving some of them at the same time then wait instead of
  // deadlocking with this one.
  const held = await rowsOf<{ id: string }>(
    db,
    sql`update commands set result = coalesce(result, '{}'::jsonb) || '{"released": true}'::jsonb
      where state = 'acked' and result->>'stage' = 'downloaded' and id in (
        select c.id from commands c
        join firmware_rollout_devices rd on rd.command_id = c.id
        join firmware_rollouts r on r.id = rd.rollout_id
        join plants pl on pl.id = c.plant_id
        left join plant_live_figures f on f.plant_id = pl.id
        where c.state = 'acked' and c.result->>'stage' = 'downloaded'
          and (coalesce((c.result->>'released')::boolean, false)
            or (r.state <> 'cancelled' and r.install_window = 'lowPowerOrNight'
              and (coalesce(f.power_w, 0) < r.low_power_pct / 100 * pl.capacity_w
                or (r.night_from > r.night_to and (${hour} >= r.night_from or ${hour} < r.night_to))
                or (r.night_from <= r.night_to and ${hour} >= r.night_from and ${hour} < r.night_to))))
        order by c.id limit 5000 for update of c)
      returning id`,
  );
  for (const { id } of held) {
    const c = await commandCenter.openCommand(id);
    if (c)
      await commandCenter.publishFor(c, {
        cmdId: `${c.id}.i`,
        type: 'firmwareUpgrade',
        target: c.deviceSerial,
        args: { op: 'install' },
        expiresAt: c.expiresAt?.getTime(),
      });
  }
}

/**
 * Ends the upgrades of cancelled rollouts with a maintenance window that have not been let install: the device
 * downloads, or holds its image, waiting for a go-ahead that a cancelled rollout never gives, so its upgrade would
 * otherwise wait out its time-to-live. One whose go-ahead was sent is under way and left to report. Each becomes `cancelled` and its device is told to drop the image
 * (`op: cancel`). Run at the cancel (of `rolloutId`) and at every turn, for the upgrades acknowledged only after it.
 */
async function cancelHeldDownloads(deps: Deps, rolloutId?: string): Promise<void> {
  const held = await rowsOf<{ id: string }>(
    deps.db,
    sql`select c.id from firmware_rollouts r
      join firmware_rollout_devices rd on rd.rollout_id = r.id
      join commands c on c.id = rd.command_id
      where r.state = 'cancelled' ${rolloutId === undefined ? sql`` : sql`and r.id = ${rolloutId}`}
        and c.state = 'acked' and (c.params->>'holdInstall')::boolean
        and coalesce(c.result->>'stage', 'downloading') in ('downloading', 'downloaded')
        and not coalesce((c.result->>'released')::boolean, false)
      limit 5000`,
  );
  await deps.commandCenter.cancelHeld(
    held.map((h) => h.id),
    (c) => ({
      cmdId: `${c.id}.x`,
      type: 'firmwareUpgrade',
      target: c.deviceSerial,
      args: { op: 'cancel' },
    }),
  );
}

/**
 * One turn of every running rollout, then the installs their windows allow (the rollout job). `now` is the
 * clock the rate limit and the maintenance window are judged by (tests set it).
 */
export async function rolloutTurn(deps: Deps, now = new Date()): Promise<void> {
  const running = await deps.db.select().from(firmwareRollouts).where(eq(firmwareRollouts.state, 'running'));
  for (const r of running) await stepRollout(deps, r, now);
  await releaseInstalls(deps, now);
  await cancelHeldDownloads(deps);
}
