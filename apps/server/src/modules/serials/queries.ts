import { count, eq, ilike, sql } from 'drizzle-orm';
import type { SerialRuleRow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { serialViolation } from './checkSerial.ts';
import { serialRules } from './tables.ts';

const toRow = (r: typeof serialRules.$inferSelect): SerialRuleRow => ({
  id: r.id,
  model: r.model,
  kind: r.kind,
  prefix: r.prefix,
  length: r.length,
  charset: r.charset,
  checkDigit: r.checkDigit,
  description: r.description,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listSerialRules(
  db: Database,
  model: string | undefined,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: SerialRuleRow[] }> {
  const where = model ? ilike(serialRules.model, `%${escapeLike(model)}%`) : undefined;
  const [total] = await db.select({ n: count() }).from(serialRules).where(where);
  const rows = await db
    .select()
    .from(serialRules)
    .where(where)
    .orderBy(serialRules.model)
    .limit(window.limit)
    .offset(window.offset);
  return { total: total?.n ?? 0, rows: rows.map(toRow) };
}

/** Every rule keyed by model, for checking many serials at once (a shipment file). */
export async function serialRulesByModel(db: Database): Promise<Map<string, SerialRuleRow>> {
  const rows = await db.select().from(serialRules);
  return new Map(rows.map((r) => [r.model.toLowerCase(), toRow(r)]));
}

/**
 * Why `sn` is not a valid serial of `model` (a message key), or null when it is. A model without a rule is
 * refused: every serial that enters the system is checked against its model's rule.
 */
export async function checkSerial(db: Database, model: string, sn: string): Promise<string | null> {
  const [rule] = await db
    .select()
    .from(serialRules)
    .where(eq(sql`lower(${serialRules.model})`, model.toLowerCase()));
  return rule ? serialViolation(rule, sn) : 'serialModelUnknown';
}
