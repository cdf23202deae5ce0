import { sql } from 'drizzle-orm';
import type { SlaTargetRow, WorkOrderPriority, WorkOrderState } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import type { Mailer } from '../../mail/Mailer.ts';
import { workOrderSlaTargets } from './tables.ts';
import { DEFAULT_SLA_TARGETS, slaStanding, type StateChange } from './sla.ts';

/** The shares of the target at which the assignee is warned, once each. */
export const SLA_THRESHOLDS = [80, 100] as const;

/** The SLA targets in force: administrators' rows (`custom`) over the defaults. */
export async function slaTargets(db: Database): Promise<Record<WorkOrderPriority, SlaTargetRow>> {
  const rows = await db.select().from(workOrderSlaTargets);
  const targets = Object.fromEntries(
    Object.values(DEFAULT_SLA_TARGETS).map((d) => [d.priority, { ...d, custom: false }]),
  ) as Record<WorkOrderPriority, SlaTargetRow>;
  for (const r of rows) targets[r.priority] = { ...r, custom: true };
  return targets;
}

/** The state changes of the given orders, oldest first, by order id. */
export async function stateChanges(db: Database, ids: number[]): Promise<Map<number, StateChange[]>> {
  const rows = await rowsOf<{ work_order_id: number; to_state: WorkOrderState; at: string }>(
    db,
    sql`select work_order_id, to_state, at from work_order_events
      where work_order_id = any(${sql.param(ids)}::int[]) order by work_order_id, at, id`,
  );
  const byOrder = new Map<number, StateChange[]>();
  for (const r of rows) {
    const list = byOrder.get(r.work_order_id) ?? [];
    list.push({ toState: r.to_state, atMs: new Date(r.at).getTime() });
    byOrder.set(r.work_order_id, list);
  }
  return byOrder;
}

interface OpenOrder {
  id: number;
  priority: WorkOrderPriority;
  time_zone: string;
  plant_name: string;
  code: number;
  /** Who is warned: the assignee, or the plant's installer while nobody is assigned. */
  user_id: number | null;
  email: string | null;
}

const warningMail = (o: OpenOrder, threshold: number, percent: number) => ({
  to: o.email!,
  subject:
    threshold >= 100
      ? `[SolarOps] 工单已超时 Work order overdue: #${o.id} ${o.plant_name}`
      : `[SolarOps] 工单即将超时 Work order due soon: #${o.id} ${o.plant_name}`,
  text: [
    `工单 Work order: #${o.id}`,
    `电站 Plant: ${o.plant_name}`,
    `告警代码 Alarm code: #${o.code}`,
    `已用时限 SLA used: ${percent} %`,
  ].join('\n'),
});

/**
 * Warns the assignee of every open order whose resolution clock passed 80 % and 100 % of its target at `now`
 * (the clock is injectable: the job passes the time, tests drive it): a console notice and a mail, each
 * threshold once per order whatever how often the job runs or how many instances run it.
 */
export async function sendSlaWarnings(deps: { db: Database; mailer: Mailer }, now: Date): Promise<number> {
  const { db } = deps;
  const orders = await rowsOf<OpenOrder>(
    db,
    sql`select wo.id, wo.priority, pl.time_zone, pl.name as plant_name, wo.code, u.id as user_id, u.email
      from work_orders wo join plants pl on pl.id = wo.plant_id
      left join users u on u.id = coalesce(wo.assignee_id, pl.installer_id)
      where wo.state not in ('closed', 'cancelled')`,
  );
  if (orders.length === 0) return 0;
  const targets = await slaTargets(db);
  const changes = await stateChanges(
    db,
    orders.map((o) => o.id),
  );
  let sent = 0;
  for (const o of orders) {
    const standing = slaStanding(changes.get(o.id) ?? [], targets[o.priority], o.time_zone, now.getTime());
    for (const threshold of SLA_THRESHOLDS) {
      if (standing.percent < threshold) continue;
      const inserted = await rowsOf<{ threshold: number }>(
        db,
        sql`insert into work_order_sla_warnings (work_order_id, threshold, user_id, at)
          values (${o.id}, ${threshold}, ${o.user_id}, ${now.toISOString()})
          on conflict do nothing returning threshold`,
      );
      if (inserted.length === 0) continue;
      sent += 1;
      if (o.email) await deps.mailer.send(warningMail(o, threshold, standing.percent));
    }
  }
  return sent;
}
