import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { buildApp, type App } from '../app.ts';
import { dataSummary, summaryDifferences, type DataSummary } from '../db/dataSummary.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase, type OpenedDatabase } from '../db/openDatabase.ts';
import { createMailer } from '../mail/createMailer.ts';
import { backfillTelemetry } from '../modules/fleet/backfillTelemetry.ts';
import { seedDemoFleet } from '../modules/fleet/seedDemoFleet.ts';
import { noBrokerAccounts } from '../modules/devices/BrokerAccounts.ts';
import { compactHistory } from '../modules/telemetry/compactHistory.ts';
import { seedReferenceData } from '../referenceData.ts';
import { testConfig } from '../../test/createTestApp.ts';
import { createUser, loginAs } from '../../test/factories.ts';
import { TEST_DB_PREFIX, withDatabase } from '../../test/templateDatabase.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const serverUrl = process.env.DATABASE_URL;

/** The command as a user runs it (through tsx, as `npm run migrate-data` does): its exit code and output. */
const migrateData = (args: string[]) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/migrateData/cli.ts', ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });

// The embedded → PostgreSQL copy needs a PostgreSQL server: it runs in the API suite's PostgreSQL pass only.
describe.skipIf(!serverUrl)('npm run migrate-data: the embedded database into an empty PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solarops-migrate-'));
  const targetName = `${TEST_DB_PREFIX}migrate_${randomBytes(4).toString('hex')}`;
  const targetUrl = serverUrl ? withDatabase(serverUrl, targetName) : '';
  const admin = async (sqlText: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sqlText);
    } finally {
      await c.end();
    }
  };
  let administrator: { userCode: string; password: string };
  let summary: DataSummary;

  beforeAll(async () => {
    // The server's embedded database as a first start leaves it, with a demo fleet of 2 plants and a day of
    // 5-minute history (the demo's 30 plants and 14 days take minutes to seed on a slow machine).
    const source = await openDatabase({ databaseUrl: undefined, dataDir });
    await migrate(source);
    await seedReferenceData(source.db);
    administrator = await createUser(source.db, { roleId: ROLE.admin });
    const fleet = generateDemoFleet({ seed: 11, plants: 2 });
    const seeded = await seedDemoFleet(source.db, fleet, noBrokerAccounts);
    await backfillTelemetry(source.db, fleet.plants, seeded.deviceIds, {
      days: 2,
      endMs: Date.now(),
      seed: 11,
    });
    // The days before today (UTC) compacted, as the history job leaves them after two days.
    await compactHistory(source.db, new Date(new Date().toISOString().slice(0, 10)));
    summary = await dataSummary(source.db);
    await source.close();
    await admin(`create database ${targetName}`);
  }, 600_000);
  afterAll(async () => {
    await admin(`drop database if exists ${targetName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'copies every table, checks the counts and totals, and says what to set next',
    { timeout: 240_000 },
    async () => {
      const run = await migrateData(['--to', targetUrl, '--data-dir', dataDir]);
      expect(run.out).toMatch(/telemetry: \d+ rows/);
      expect(run.out).toMatch(/telemetry_days: [1-9]\d* rows/);
      expect(run.out).toContain(`readings ${summary.totals.readings}`);
      expect(run.out).toMatch(/Checked: \d+ tables with the same row counts/);
      expect(run.out).toContain('Next: start the server with DATABASE_URL=');
      expect(run.code).toBe(0);
    },
  );

  it(
    'shows the same plant figures from PostgreSQL as from the embedded database',
    { timeout: 120_000 },
    async () => {
      const open = async (databaseUrl: string | undefined): Promise<[OpenedDatabase, App]> => {
        const database = await openDatabase({ databaseUrl, dataDir });
        const config = testConfig({ databaseUrl, dataDir });
        const app = await buildApp({
          config,
          db: database.db,
          mailer: createMailer(config, database.db, { info: () => undefined }),
        });
        return [database, app];
      };
      const answers = async (app: App) => {
        const { headers } = await loginAs(app, administrator);
        const get = async (url: string) => {
          const res = await app.inject({ url: `/prod-api${url}`, headers });
          expect(res.statusCode, url).toBe(200);
          return res.json() as { data?: unknown; rows?: { id: number }[] };
        };
        const list = await get('/plant/list?pageNum=1&pageSize=20');
        const plants: Record<string, unknown> = { list };
        for (const { id } of list.rows ?? []) {
          plants[`summary ${id}`] = (await get(`/plant/${id}/summary`)).data;
          plants[`power ${id}`] = (await get(`/plant/${id}/power`)).data;
          plants[`month ${id}`] = (await get(`/plant/${id}/energy?period=month`)).data;
        }
        return plants;
      };
      const [embedded, embeddedApp] = await open(undefined);
      const before = await answers(embeddedApp);
      await embeddedApp.close();
      await embedded.close();
      const [copy, copyApp] = await open(targetUrl);
      const after = await answers(copyApp);
      await copyApp.close();
      await copy.close();
      expect((before.list as { rows: unknown[] }).rows).toHaveLength(2);
      expect(after).toEqual(before);
    },
  );

  it('refuses a database that is not empty, and changes nothing', { timeout: 120_000 }, async () => {
    const again = await migrateData(['--to', targetUrl, '--data-dir', dataDir]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('Not copied: the target database is not empty');
    const bad = await migrateData(['--to', 'mysql://somewhere/db', '--data-dir', dataDir]);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--to must be a PostgreSQL URL');
  });

  it('fails the check of a copy that lost a compacted day', { timeout: 120_000 }, async () => {
    const copy = await openDatabase({ databaseUrl: targetUrl, dataDir });
    try {
      await copy.db.execute(
        sql`delete from telemetry_days where (device_id, day) =
          (select device_id, day from telemetry_days where energy_total_kwh is not null limit 1)`,
      );
      const differences = summaryDifferences(summary, await dataSummary(copy.db));
      expect(differences.map((d) => d.split(':')[0])).toEqual(
        expect.arrayContaining(['telemetry_days', 'readings', 'readings.energy_total_kwh']),
      );
    } finally {
      await copy.close();
    }
  });
});
