import type { Database } from './db/openDatabase.ts';
import { seedFaultCatalogue } from './modules/alarms/service.ts';
import { ensureBuiltinRoles } from './modules/users/seedAccounts.ts';

/**
 * The rows every installation starts with, added after the migrations and before anything is served: the built-in
 * roles and the shipped fault catalogue. Each step adds only what is missing, so administrators' edits are kept.
 * `main.ts` runs it at every start, and the API suite's template database is made with it.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await ensureBuiltinRoles(db);
  await seedFaultCatalogue(db);
}
