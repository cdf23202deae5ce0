import { eq } from 'drizzle-orm';
import type { SerialRuleBody } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import { conflict, notFound } from '../../http/AppError.ts';
import { serialRules } from './tables.ts';

/** The writes of the serial number rules (one rule per model): add, change, delete. */

/** Adds the rule of a model; 409 when the model has one. */
export async function addSerialRule(db: Database, rule: SerialRuleBody): Promise<void> {
  try {
    await db.insert(serialRules).values(rule);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('serialModelTaken');
    throw err;
  }
}

/** Changes rule `id`; 404 for no such rule, 409 when its new model has a rule. */
export async function updateSerialRule(db: Database, id: number, rule: SerialRuleBody): Promise<void> {
  try {
    const done = await db
      .update(serialRules)
      .set({ ...rule, updatedAt: new Date() })
      .where(eq(serialRules.id, id))
      .returning({ id: serialRules.id });
    if (done.length === 0) throw notFound();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('serialModelTaken');
    throw err;
  }
}

/** Deletes rule `id` and answers its model; 404 for no such rule. */
export async function deleteSerialRule(db: Database, id: number): Promise<string> {
  const done = await db
    .delete(serialRules)
    .where(eq(serialRules.id, id))
    .returning({ model: serialRules.model });
  if (done.length === 0) throw notFound();
  return done[0]!.model;
}
