import { sql, type SQL } from 'drizzle-orm';
import {
  ROLE,
  type WorkOrderDetail,
  type WorkOrderEvent,
  type WorkOrderEvidence,
  type WorkOrderNotice,
  type WorkOrderPriority,
  type WorkOrderQuery,
  type WorkOrderRow,
  type WorkOrderState,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import type { Lang } from '../../i18n/messages.ts';
import { plantScope, seesPlant, type Caller } from '../plants/plantScope.ts';
import { visibleUserIds } from '../users/dataScope.ts';
import { slaStanding } from './sla.ts';
import { slaTargets, stateChanges } from './slaWarnings.ts';
import { mayAddEvidence, movesFor, scopedOrder } from './service.ts';

const iso = (v: string | Date) => new Date(v).toISOString();

interface RawOrder {
  id: number;
  state: WorkOrderState;
  priority: WorkOrderPriority;
  plant_id: number;
  plant_name: string;
  time_zone: string;
  device_serial: string | null;
  collector_serial: string | null;
  code: number;
  level: number;
  description: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  occurrences: number;
  alarm_recovered: boolean | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

const SELECT = (lang: Lang) => sql`select wo.id, wo.state, wo.priority, wo.plant_id, pl.name as plant_name,
    pl.time_zone, d.serial as device_serial, c.serial as collector_serial, wo.code, wo.level,
    ${lang === 'en' ? sql`fc.description_en` : sql`fc.description_zh`} as description,
    wo.assignee_id, au.name as assignee_name, cu.name as created_by, wo.created_at, wo.updated_at,
    (select count(*)::int from work_order_alarms woa where woa.work_order_id = wo.id) as occurrences,
    (select a.recovered_at is not null from work_order_alarms woa join alarms a on a.id = woa.alarm_id
      where woa.work_order_id = wo.id order by a.occurred_at desc limit 1) as alarm_recovered
  from work_orders wo
  join plants pl on pl.id = wo.plant_id
  left join devices d on d.id = wo.device_id
  left join collectors c on c.id = coalesce(wo.collector_id, d.collector_id)
  left join fault_catalogue fc on fc.code = wo.code
  left join users au on au.id = wo.assignee_id
  left join users cu on cu.id = wo.created_by`;

function filters(caller: Caller, q: Partial<WorkOrderQuery>): SQL {
  const conds: SQL[] = [plantScope(caller)];
  if (q.state) conds.push(sql`wo.state = ${q.state}`);
  if (q.priority) conds.push(sql`wo.priority = ${q.priority}`);
  if (q.mine === 'true') conds.push(sql`wo.assignee_id = ${caller.userId}`);
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword.replace(/^#/, ''))}%`;
    conds.push(
      sql`(pl.name ilike ${k} or d.serial ilike ${k} or c.serial ilike ${k} or wo.id::text ilike ${k})`,
    );
  }
  return sql.join(conds, sql` and `);
}

/** Presents orders with where their SLA clock stands at `now`. */
async function present(db: Database, rows: RawOrder[], now: Date): Promise<WorkOrderRow[]> {
  if (rows.length === 0) return [];
  const targets = await slaTargets(db);
  const changes = await stateChanges(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    state: r.state,
    priority: r.priority,
    plantId: r.plant_id,
    plantName: r.plant_name,
    deviceSerial: r.device_serial ?? r.collector_serial,
    code: r.code,
    level: r.level,
    description: r.description ?? `#${r.code}`,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name,
    occurrences: r.occurrences,
    alarmRecovered: r.alarm_recovered ?? false,
    createdBy: r.created_by ?? '',
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    sla: slaStanding(changes.get(r.id) ?? [], targets[r.priority], r.time_zone, now.getTime()),
  }));
}

/** The caller's work orders, newest first. */
export async function listWorkOrders(
  db: Database,
  caller: Caller,
  q: WorkOrderQuery,
  window: { limit: number; offset: number },
  lang: Lang,
) {
  const where = filters(caller, q);
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from work_orders wo join plants pl on pl.id = wo.plant_id
      left join devices d on d.id = wo.device_id
      left join collectors c on c.id = coalesce(wo.collector_id, d.collector_id) where ${where}`,
  );
  const rows = await rowsOf<RawOrder>(
    db,
    sql`${SELECT(lang)} where ${where} order by wo.id desc limit ${window.limit} offset ${window.offset}`,
  );
  return { total: total?.n ?? 0, rows: await present(db, rows, new Date()) };
}

/** Every open (not closed nor cancelled) order of the caller's scope, with where its SLA clock stands now. */
export async function openWorkOrders(db: Database, caller: Caller, lang: Lang): Promise<WorkOrderRow[]> {
  const rows = await rowsOf<RawOrder>(
    db,
    sql`${SELECT(lang)} where ${plantScope(caller)} and wo.state not in ('closed', 'cancelled') order by wo.id`,
  );
  return present(db, rows, new Date());
}

/** One order of the caller's scope with its timeline, evidence, occurrences and the caller's moves. */
export async function workOrderDetail(
  db: Database,
  caller: Caller,
  id: number,
  lang: Lang,
): Promise<WorkOrderDetail | undefined> {
  const [raw] = await rowsOf<RawOrder>(
    db,
    sql`${SELECT(lang)} where wo.id = ${id} and ${plantScope(caller)}`,
  );
  if (!raw) return undefined;
  const [row] = await present(db, [raw], new Date());
  const events = await rowsOf<{
    id: number;
    move: string;
    from_state: WorkOrderState | null;
    to_state: WorkOrderState;
    actor: string | null;
    note: string;
    at: string;
  }>(
    db,
    sql`select e.id, e.move, e.from_state, e.to_state, u.name as actor, e.note, e.at
      from work_order_events e left join users u on u.id = e.actor_id
      where e.work_order_id = ${id} order by e.at, e.id`,
  );
  const evidence = await rowsOf<{
    id: number;
    kind: WorkOrderEvidence['kind'];
    text: string;
    file: string | null;
    author: string;
    at: string;
  }>(
    db,
    sql`select e.id, e.kind, e.text, e.file, u.name as author, e.at
      from work_order_evidence e join users u on u.id = e.author_id
      where e.work_order_id = ${id} order by e.at, e.id`,
  );
  const occurrences = await rowsOf<{ id: number; occurred_at: string; recovered_at: string | null }>(
    db,
    sql`select a.id, a.occurred_at, a.recovered_at from work_order_alarms woa join alarms a on a.id = woa.alarm_id
      where woa.work_order_id = ${id} order by a.occurred_at desc`,
  );
  return {
    ...row!,
    timeZone: raw.time_zone,
    collectorSerial: raw.collector_serial,
    events: events.map((e): WorkOrderEvent => ({
      id: e.id,
      move: e.move,
      fromState: e.from_state,
      toState: e.to_state,
      actor: e.actor ?? '',
      note: e.note,
      at: iso(e.at),
    })),
    evidence: evidence.map((e) => ({
      id: e.id,
      kind: e.kind,
      text: e.text,
      picture: e.file,
      author: e.author,
      at: iso(e.at),
    })),
    occurrenceList: occurrences.map((o) => ({
      alarmId: Number(o.id),
      occurredAt: iso(o.occurred_at),
      recoveredAt: o.recovered_at ? iso(o.recovered_at) : null,
    })),
    moves: movesFor(caller, raw.state, raw.assignee_id),
    canAddEvidence: mayAddEvidence(caller, raw.state, raw.assignee_id),
  };
}

/** The SLA warnings of orders assigned to the caller that are still open, newest first (the console's notice). */
export async function slaNotices(db: Database, caller: Caller): Promise<WorkOrderNotice[]> {
  const rows = await rowsOf<{ work_order_id: number; threshold: number; plant_name: string; at: string }>(
    db,
    sql`select w.work_order_id, w.threshold, pl.name as plant_name, w.at
      from work_order_sla_warnings w join work_orders wo on wo.id = w.work_order_id
      join plants pl on pl.id = wo.plant_id
      where w.user_id = ${caller.userId} and wo.state not in ('closed', 'cancelled', 'resolved', 'pendingApproval')
      order by w.at desc limit 50`,
  );
  return rows.map((r) => ({
    workOrderId: r.work_order_id,
    threshold: r.threshold,
    plantName: r.plant_name,
    at: iso(r.at),
  }));
}

/**
 * Users the caller may assign orders to: service users in its scope (itself included); for one order, only those
 * who see its plant, the ones an assignment accepts (`checkAssignee`). An order outside the caller's scope is 404,
 * as everywhere: its assignees would tell who works on another tenant's plant.
 */
export async function assignees(db: Database, caller: Caller, workOrderId?: number) {
  if (workOrderId !== undefined) await scopedOrder(db, caller, workOrderId);
  const ids = visibleUserIds(caller);
  const ofOrder =
    workOrderId === undefined
      ? sql``
      : sql`and ${seesPlant(sql`(select plant_id from work_orders where id = ${workOrderId})`)}`;
  return rowsOf<{ id: number; name: string; userCode: string }>(
    db,
    sql`select u.id, u.name, u.user_code as "userCode" from users u
      where u.enabled and u.role_id not in (${ROLE.endUser}, ${ROLE.enterprise}) ${ids ? sql`and u.id in ${ids}` : sql``}
      ${ofOrder}
      order by u.name limit 500`,
  );
}

/** The SLA warnings sent for one order (80 and 100 per cent), oldest first: the service report lists them. */
export async function sentSlaWarnings(
  db: Database,
  id: number,
): Promise<{ threshold: number; at: string }[]> {
  const rows = await rowsOf<{ threshold: number; at: string }>(
    db,
    sql`select threshold, at from work_order_sla_warnings where work_order_id = ${id} order by threshold`,
  );
  return rows.map((r) => ({ threshold: r.threshold, at: iso(r.at) }));
}
