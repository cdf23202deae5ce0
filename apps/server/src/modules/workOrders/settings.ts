import { eq, sql } from 'drizzle-orm';
import type { SlaTarget, WorkOrderPriority, WorkOrderRule } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { fieldError } from '../../http/AppError.ts';
import { workOrderRules, workOrderSlaTargets } from './tables.ts';

/** Sets one priority's resolution target (replacing the default or an earlier setting). */
export async function setSlaTarget(db: Database, target: SlaTarget): Promise<void> {
  await db
    .insert(workOrderSlaTargets)
    .values(target)
    .onConflictDoUpdate({
      target: workOrderSlaTargets.priority,
      set: { targetMinutes: target.targetMinutes, businessHours: target.businessHours },
    });
}

/** Puts one priority back on its built-in target. False when it had none of its own. */
export async function resetSlaTarget(db: Database, priority: WorkOrderPriority): Promise<boolean> {
  const rows = await db
    .delete(workOrderSlaTargets)
    .where(eq(workOrderSlaTargets.priority, priority))
    .returning();
  return rows.length > 0;
}

type RuleFields = Omit<WorkOrderRule, 'id' | 'plantName'>;

/** The rules with their plant's name, oldest first (or the one `id`). */
async function rulesWhere(db: Database, id?: number): Promise<WorkOrderRule[]> {
  return rowsOf<WorkOrderRule>(
    db,
    sql`select r.id, r.min_level as "minLevel", r.code, r.plant_id as "plantId", r.min_minutes as "minMinutes",
        r.priority, p.name as "plantName"
      from work_order_rules r left join plants p on p.id = r.plant_id
      ${id === undefined ? sql`` : sql`where r.id = ${id}`} order by r.id`,
  );
}

export const listRules = (db: Database) => rulesWhere(db);

/** A rule's plant must exist: a rule for a plant that is not there would never match, silently. */
async function checkPlant(db: Database, plantId: number | null): Promise<void> {
  if (plantId === null) return;
  const [plant] = await rowsOf<{ id: number }>(db, sql`select id from plants where id = ${plantId}`);
  if (!plant) throw fieldError('plantId', 'workOrderRulePlantUnknown');
}

export async function addRule(db: Database, rule: RuleFields): Promise<WorkOrderRule> {
  await checkPlant(db, rule.plantId);
  const [row] = await db.insert(workOrderRules).values(rule).returning({ id: workOrderRules.id });
  return (await rulesWhere(db, row!.id))[0]!;
}

/** Changes a rule; the orders it opened stay as they are. Undefined when there is no such rule. */
export async function updateRule(
  db: Database,
  id: number,
  rule: RuleFields,
): Promise<WorkOrderRule | undefined> {
  await checkPlant(db, rule.plantId);
  const rows = await db
    .update(workOrderRules)
    .set(rule)
    .where(eq(workOrderRules.id, id))
    .returning({ id: workOrderRules.id });
  return rows.length > 0 ? (await rulesWhere(db, id))[0] : undefined;
}

/** Removes a rule; the orders it opened stay. False when there was none. */
export async function deleteRule(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(workOrderRules).where(eq(workOrderRules.id, id)).returning();
  return rows.length > 0;
}
