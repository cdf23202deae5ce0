import { eq } from 'drizzle-orm';
import type { SlaTarget, WorkOrderRule } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
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

const ruleOf = (r: typeof workOrderRules.$inferSelect): WorkOrderRule => ({
  id: r.id,
  minLevel: r.minLevel,
  code: r.code,
  plantId: r.plantId,
  minMinutes: r.minMinutes,
  priority: r.priority,
});

export async function listRules(db: Database): Promise<WorkOrderRule[]> {
  return (await db.select().from(workOrderRules).orderBy(workOrderRules.id)).map(ruleOf);
}

export async function addRule(db: Database, rule: Omit<WorkOrderRule, 'id'>): Promise<WorkOrderRule> {
  const [row] = await db.insert(workOrderRules).values(rule).returning();
  return ruleOf(row!);
}

/** Removes a rule; the orders it opened stay. False when there was none. */
export async function deleteRule(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(workOrderRules).where(eq(workOrderRules.id, id)).returning();
  return rows.length > 0;
}
