import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';
import { seedReferenceData } from '../../apps/server/src/referenceData.ts';

/** The variable naming the migrated template's data directory (set by the global setup for the workers). */
const TEMPLATE_VARIABLE = 'E2E_TEMPLATE_DATA_DIR';

/**
 * Migrates one embedded database per run, in a data directory of its own: each server the suite starts then begins
 * from a copy of it instead of migrating a new database (seconds of CPU per server on a busy machine).
 */
export async function makeTemplateDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'solarops-e2e-template-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  await migrate(database);
  await seedReferenceData(database.db);
  await database.close();
  process.env[TEMPLATE_VARIABLE] = dir;
  return dir;
}

/** A new data directory for a server, holding a copy of the template's database when there is one. */
export function newDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const template = process.env[TEMPLATE_VARIABLE];
  if (template) cpSync(join(template, 'db'), join(dir, 'db'), { recursive: true });
  return dir;
}
