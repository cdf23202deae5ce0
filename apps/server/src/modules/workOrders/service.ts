import { sql } from 'drizzle-orm';
import {
  ROLE,
  WORK_ORDER_FINAL_STATES,
  WORK_ORDER_MOVES,
  type WorkOrderMove,
  type WorkOrderPriority,
  type WorkOrderState,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/AppError.ts';
import { plantScope, seesPlant, type Caller } from '../plants/plantScope.ts';
import { canSeeUser, seesAll } from '../users/dataScope.ts';

/**
 * How far back an order reaches for earlier occurrences of its alarm when it is opened: a flapping alarm
 * (recovering and raising again) of the past hour is one fault, and its occurrences join the one order.
 */
const FLAP_WINDOW = sql`interval '1 hour'`;

/** Supervisors approve, assign, send back and cancel: administrators, staff and distributors (decision 0014). */
export const isSupervisor = (caller: Pick<Caller, 'roleId'>) =>
  seesAll(caller) || caller.roleId === ROLE.distributor;

const PRIORITY_BY_LEVEL: Record<number, WorkOrderPriority> = { 3: 'high', 2: 'normal', 1: 'low' };

/** The open-state list of SQL conditions (`not in` the final states). */
const OPEN = sql.raw(`(${WORK_ORDER_FINAL_STATES.map((s) => `'${s}'`).join(', ')})`);

/**
 * Links to every open order the alarms of its subject and code raised since an hour before it was opened, so
 * that a flapping alarm gives one order with all its occurrences. Run when an order opens and by the job.
 */
export async function linkOccurrences(db: Database, workOrderId?: number): Promise<void> {
  await db.execute(sql`insert into work_order_alarms (work_order_id, alarm_id)
    select wo.id, a.id from work_orders wo
      join alarms a on a.subject = wo.subject and a.code = wo.code and a.occurred_at >= wo.created_at - ${FLAP_WINDOW}
    where wo.state not in ${OPEN} ${workOrderId ? sql`and wo.id = ${workOrderId}` : sql``}
    on conflict do nothing`);
}

/**
 * Opens a work order for an alarm of the caller's scope. The alarm's subject and code may have one open order
 * only: a second one is refused with 409 naming it.
 */
export async function createFromAlarm(
  db: Database,
  caller: Caller,
  input: { alarmId: number; priority?: WorkOrderPriority | undefined; note?: string | undefined },
): Promise<number> {
  const [alarm] = await rowsOf<{ subject: string; code: number; level: number }>(
    db,
    sql`select a.subject, a.code, a.level from alarms a join plants pl on pl.id = a.plant_id
      where a.id = ${input.alarmId} and ${plantScope(caller)}`,
  );
  if (!alarm) throw notFound();
  const priority = input.priority ?? PRIORITY_BY_LEVEL[alarm.level] ?? 'normal';
  const [created] = await rowsOf<{ id: number }>(
    db,
    sql`with wo as (
        insert into work_orders (plant_id, subject, code, level, device_id, collector_id, priority, created_by)
        select a.plant_id, a.subject, a.code, a.level, a.device_id, a.collector_id, ${priority}, ${caller.userId}
        from alarms a where a.id = ${input.alarmId}
        on conflict do nothing returning id)
      insert into work_order_events (work_order_id, move, to_state, actor_id, note)
      select id, 'create', 'new', ${caller.userId}, ${input.note ?? ''} from wo returning work_order_id as id`,
  );
  if (!created) {
    const [open] = await rowsOf<{ id: number }>(
      db,
      sql`select id from work_orders where subject = ${alarm.subject} and code = ${alarm.code}
        and state not in ${OPEN}`,
    );
    throw new AppError(409, 'workOrderExists', { params: { id: open?.id ?? '' } });
  }
  await linkOccurrences(db, created.id);
  return created.id;
}

/**
 * Opens orders for the open alarms that match a rule (level at least, code, plant) and have lasted its minutes
 * at `now`; an alarm whose subject and code already have an open order joins it instead (`linkOccurrences`).
 * Where several rules match, the most urgent priority wins. Returns the ids of the new orders.
 */
export async function runWorkOrderRules(db: Database, now: Date): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with matched as (
        select distinct on (a.subject, a.code) a.plant_id, a.subject, a.code, a.level, a.device_id,
          a.collector_id, r.priority, r.id as rule_id
        from alarms a
        join work_order_rules r on a.level >= r.min_level
          and (r.code is null or r.code = a.code) and (r.plant_id is null or r.plant_id = a.plant_id)
          and a.occurred_at <= ${now.toISOString()}::timestamptz - make_interval(mins => r.min_minutes)
        where a.recovered_at is null
          and not exists (select 1 from work_orders wo
            where wo.subject = a.subject and wo.code = a.code and wo.state not in ${OPEN})
        order by a.subject, a.code,
          array_position(array['urgent', 'high', 'normal', 'low'], r.priority), r.id),
      wo as (
        insert into work_orders (plant_id, subject, code, level, device_id, collector_id, priority, rule_id,
          created_at, updated_at)
        select plant_id, subject, code, level, device_id, collector_id, priority, rule_id,
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from matched
        on conflict do nothing returning id, created_at)
      insert into work_order_events (work_order_id, move, to_state, at)
      select id, 'create', 'new', created_at from wo returning work_order_id as id`,
  );
  await linkOccurrences(db);
  return rows.map((r) => r.id);
}

/** An order of the caller's scope, with what the moves check; 404 outside the scope. */
export async function scopedOrder(db: Database, caller: Caller, id: number) {
  const [row] = await rowsOf<{ id: number; state: WorkOrderState; assignee_id: number | null }>(
    db,
    sql`select wo.id, wo.state, wo.assignee_id from work_orders wo join plants pl on pl.id = wo.plant_id
      where wo.id = ${id} and ${plantScope(caller)}`,
  );
  if (!row) throw notFound();
  return row;
}

/** State and move names in both languages, for the refusal message and the service report. */
export const STATE_NAMES: Record<WorkOrderState, [zh: string, en: string]> = {
  new: ['新建', 'new'],
  assigned: ['已指派', 'assigned'],
  inProgress: ['处理中', 'in progress'],
  onHold: ['挂起', 'on hold'],
  resolved: ['已解决', 'resolved'],
  pendingApproval: ['待审批', 'pending approval'],
  closed: ['已关闭', 'closed'],
  cancelled: ['已取消', 'cancelled'],
};
export const MOVE_NAMES: Record<WorkOrderMove, [zh: string, en: string]> = {
  assign: ['指派', 'assigned'],
  start: ['开始处理', 'started'],
  hold: ['挂起', 'put on hold'],
  resume: ['恢复处理', 'resumed'],
  resolve: ['标记解决', 'resolved'],
  submit: ['提交审批', 'submitted for approval'],
  approve: ['审批关闭', 'approved'],
  rework: ['退回返工', 'sent back for rework'],
  cancel: ['取消', 'cancelled'],
};

/** 409: the order's state does not allow the move. */
const moveRefused = (move: WorkOrderMove, state: WorkOrderState) =>
  new AppError(409, 'workOrderMoveRefused', {
    params: {
      moveZh: MOVE_NAMES[move][0],
      move: MOVE_NAMES[move][1],
      stateZh: STATE_NAMES[state][0],
      state: STATE_NAMES[state][1],
    },
  });

/** Whether `caller` is the one `WORK_ORDER_MOVES[move].by` names for this order. */
function actsAs(caller: Caller, move: WorkOrderMove, assigneeId: number | null): boolean {
  const by = WORK_ORDER_MOVES[move].by;
  if (by === 'assignee') return assigneeId === caller.userId;
  // Four eyes: the assignee never approves its own work, even when it is a supervisor too.
  if (move === 'approve' && assigneeId === caller.userId) return false;
  return isSupervisor(caller);
}

/** The moves `caller` may make on an order in `state` (what the console shows as buttons). */
export function movesFor(caller: Caller, state: WorkOrderState, assigneeId: number | null): WorkOrderMove[] {
  return (Object.keys(WORK_ORDER_MOVES) as WorkOrderMove[]).filter(
    (m) =>
      (WORK_ORDER_MOVES[m].from as readonly WorkOrderState[]).includes(state) &&
      actsAs(caller, m, assigneeId),
  );
}

/**
 * An assignee: a user the caller may see who works on plants (not an end user or an enterprise) and who sees the
 * order's plant: an order given to someone outside its plant's scope could never be opened by them (404), nor
 * should its plant be shown to them (decision 0024).
 */
async function checkAssignee(db: Database, caller: Caller, orderId: number, assigneeId: number | undefined) {
  if (!assigneeId) throw badRequest('workOrderAssigneeMissing');
  const [user] = await rowsOf<{ role_id: number; enabled: boolean }>(
    db,
    sql`select role_id, enabled from users where id = ${assigneeId}`,
  );
  const works = user && user.enabled && user.role_id !== ROLE.endUser && user.role_id !== ROLE.enterprise;
  if (!works || !(await canSeeUser(db, caller, assigneeId))) throw badRequest('workOrderAssigneeInvalid');
  const [sees] = await rowsOf<{ id: number }>(
    db,
    sql`select u.id from users u where u.id = ${assigneeId}
      and ${seesPlant(sql`(select plant_id from work_orders where id = ${orderId})`)}`,
  );
  if (!sees) throw badRequest('workOrderAssigneeOutsidePlant');
}

/**
 * Makes one move of the transition table: 409 when the order's state does not allow it (with the state named),
 * 403 when the caller is not who makes it. The state change and its event are one statement, conditional on the
 * state read, so two moves racing on one order never both happen.
 */
export async function moveWorkOrder(
  db: Database,
  caller: Caller,
  id: number,
  body: { move: WorkOrderMove; assigneeId?: number | undefined; note?: string | undefined },
): Promise<WorkOrderState> {
  const order = await scopedOrder(db, caller, id);
  const rule = WORK_ORDER_MOVES[body.move];
  const refused = () => moveRefused(body.move, order.state);
  if (!(rule.from as readonly WorkOrderState[]).includes(order.state)) throw refused();
  if (!actsAs(caller, body.move, order.assignee_id)) {
    throw forbidden(rule.by === 'assignee' ? 'workOrderAssigneeOnly' : 'workOrderSupervisorOnly');
  }
  if (body.move === 'assign') await checkAssignee(db, caller, id, body.assigneeId);
  if (body.move === 'submit') await requireSignature(db, id);
  const assignee = body.move === 'assign' ? body.assigneeId! : order.assignee_id;
  const [moved] = await rowsOf<{ id: number }>(
    db,
    sql`with moved as (
        update work_orders set state = ${rule.to}, assignee_id = ${assignee}, updated_at = now()
        where id = ${id} and state = ${order.state} returning id)
      insert into work_order_events (work_order_id, move, from_state, to_state, actor_id, note)
      select id, ${body.move}, ${order.state}, ${rule.to}, ${caller.userId}, ${body.note ?? ''} from moved
      returning work_order_id as id`,
  );
  if (!moved) throw refused();
  return rule.to;
}

/** Work goes to approval only with the signature of whoever accepted it on site. */
async function requireSignature(db: Database, id: number) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from work_order_evidence where work_order_id = ${id} and kind = 'signature'`,
  );
  if (!row?.n) throw new AppError(409, 'workOrderSignatureMissing');
}

/** Whether the caller may add evidence: the assignee or a supervisor, while the order is open. */
export function mayAddEvidence(caller: Caller, state: WorkOrderState, assigneeId: number | null) {
  if (WORK_ORDER_FINAL_STATES.includes(state)) return false;
  return assigneeId === caller.userId || isSupervisor(caller);
}

/** Checks that the caller may add evidence to an order now: 404 outside its scope, 409 once final, else 403. */
export async function checkEvidenceAllowed(db: Database, caller: Caller, id: number): Promise<void> {
  const order = await scopedOrder(db, caller, id);
  if (WORK_ORDER_FINAL_STATES.includes(order.state)) throw new AppError(409, 'workOrderFinal');
  if (!mayAddEvidence(caller, order.state, order.assignee_id)) throw forbidden('workOrderAssigneeOnly');
}

/** Records a note, photo or signature on an order of the caller's scope. */
export async function addEvidence(
  db: Database,
  caller: Caller,
  id: number,
  evidence: { kind: 'note' | 'photo' | 'signature'; text?: string; file?: string },
): Promise<void> {
  await checkEvidenceAllowed(db, caller, id);
  await db.execute(sql`insert into work_order_evidence (work_order_id, kind, text, file, author_id)
    values (${id}, ${evidence.kind}, ${evidence.text ?? ''}, ${evidence.file ?? null}, ${caller.userId})`);
}
