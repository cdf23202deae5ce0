import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { TEST_DB_PREFIX, openTestDatabase, withDatabase } from '../../test/templateDatabase.ts';
import { createFixturePlant } from '../modules/devices/deviceFixtures.ts';
import { ensureTelemetryPartitions } from '../modules/telemetry/partitions.ts';
import { dataSummary } from './dataSummary.ts';
import { migrate } from './migrate.ts';
import { openDatabase, type OpenedDatabase } from './openDatabase.ts';
import { seedReferenceData } from '../referenceData.ts';

/** Some of everything a backup must keep: an account, a plant with its collector and devices, readings. */
async function seed(database: OpenedDatabase) {
  const plant = await createFixturePlant(database.db, { ownerId: (await createUser(database.db)).id });
  const now = Date.now();
  await ensureTelemetryPartitions(database.db, [
    ...new Set([0, 1].map((d) => new Date(now - d * 3_600_000).toISOString().slice(0, 7))),
  ]);
  const lines = [1, 2, 3].map(
    (i) =>
      `(${plant.devices[0]!.id}, ${plant.plantId}, to_timestamp(${(now - i * 300_000) / 1000}), now(), ${i * 100})`,
  );
  await database.session().then(async (s) => {
    await s.query(
      `insert into telemetry (device_id, plant_id, ts, received_at, ac_power_w) values ${lines.join(', ')}`,
    );
    await s.release();
  });
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'solarops-backup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// docs/operations.md, "Backup and restore": what an operator runs, run here on the suite's database kind.
describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore of the embedded database', () => {
  it(
    'a copy of the stopped server’s DATA_DIR, unpacked elsewhere, opens with the same data',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(tmp, 'data');
      const original = await openDatabase({ databaseUrl: undefined, dataDir });
      await migrate(original);
      await seedReferenceData(original.db);
      await seed(original);
      const before = await dataSummary(original.db);
      await original.close();

      execFileSync('tar', ['-czf', path.join(tmp, 'backup.tgz'), '-C', dataDir, '.']);
      const restored = path.join(tmp, 'restored');
      execFileSync('mkdir', ['-p', restored]);
      execFileSync('tar', ['-xzf', path.join(tmp, 'backup.tgz'), '-C', restored]);

      const copy = await openDatabase({ databaseUrl: undefined, dataDir: restored });
      try {
        expect(await dataSummary(copy.db)).toEqual(before);
        expect(before.rows.telemetry).toBe(3);
        expect((await migrate(copy)).applied).toEqual([]);
      } finally {
        await copy.close();
      }
    },
  );
});

const pgBin = (() => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => path.join(root, v, 'bin')).find((b) => existsSync(path.join(b, 'pg_dump')));
})();

describe.skipIf(!process.env.DATABASE_URL || !pgBin)(
  'backup and restore of PostgreSQL (pg_dump, pg_restore)',
  () => {
    it(
      'a custom-format dump restored into an empty database has the same data',
      { timeout: 180_000 },
      async () => {
        const { database, databaseUrl } = await openTestDatabase();
        const restoredName = `${TEST_DB_PREFIX}restore_${randomBytes(4).toString('hex')}`;
        const serverUrl = process.env.DATABASE_URL!;
        const admin = async (text: string) => {
          const c = new pg.Client({ connectionString: serverUrl });
          await c.connect();
          await c.query(text).finally(() => c.end());
        };
        try {
          await seed(database);
          const before = await dataSummary(database.db);
          const dump = path.join(tmp, 'solarops.dump');
          execFileSync(path.join(pgBin!, 'pg_dump'), ['-Fc', '-f', dump, '-d', databaseUrl!]);
          await admin(`create database ${restoredName}`);
          const restoredUrl = withDatabase(serverUrl, restoredName);
          execFileSync(path.join(pgBin!, 'pg_restore'), [
            '--no-owner',
            '--exit-on-error',
            '-d',
            restoredUrl,
            dump,
          ]);
          const copy = await openDatabase({ databaseUrl: restoredUrl, dataDir: tmp });
          try {
            expect(await dataSummary(copy.db)).toEqual(before);
            expect(before.rows.telemetry).toBe(3);
            expect((await migrate(copy)).applied).toEqual([]);
          } finally {
            await copy.close();
          }
        } finally {
          await database.close();
          await admin(`drop database if exists ${restoredName} with (force)`);
        }
      },
    );
  },
);
