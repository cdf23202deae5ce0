import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/createTestApp.ts';
import { scheduleJobs } from './scheduleJobs.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `cond` holds (polling), failing after `ms`. */
async function until(cond: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await sleep(10);
  }
}

describe('background jobs', () => {
  let t: TestApp;
  const onPostgres = Boolean(process.env.DATABASE_URL);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs a job at start and on each turn, never two runs of it at once, and goes on after a failure', async () => {
    const errors: string[] = [];
    let runs = 0;
    let active = 0;
    let most = 0;
    const stop = scheduleJobs(t.database, { error: (o: object) => errors.push(JSON.stringify(o)) }, [
      {
        name: 'slow',
        lockKey: 990_001,
        everyMs: 20,
        atStart: true,
        run: async () => {
          runs++;
          active++;
          most = Math.max(most, active);
          // Slower than its period: the turns that come meanwhile skip.
          await sleep(80);
          active--;
          if (runs === 2) throw new Error('second run fails');
        },
      },
    ]);
    await until(() => runs >= 4);
    await stop();
    expect(active).toBe(0);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('slow');
    // Stopped: no more runs.
    const after = runs;
    await sleep(100);
    expect(runs).toBe(after);
  });

  it('runs more jobs at once than the database has connections for queries, each making its queries', async () => {
    // A job holds its lock's session while its work queries the database. Sessions drawn from the queries' pool
    // (10 connections): 12 jobs due at once took all 10 and each waited for an eleventh, forever, and with them
    // every request and stored reading of the server.
    const jobs = 12;
    let done = 0;
    const stop = scheduleJobs(
      t.database,
      { error: () => undefined },
      Array.from({ length: jobs }, (_, i) => ({
        name: `busy ${i}`,
        lockKey: 990_100 + i,
        everyMs: 3_600_000,
        atStart: true,
        run: async () => {
          await t.db.execute(sql`select 1`);
          done++;
        },
      })),
    );
    await until(() => done === jobs, 30_000);
    await stop();
    expect(done).toBe(jobs);
  });

  it('waits for its first turn unless asked to run at start', async () => {
    const startedAt = performance.now();
    let firstRunAt = 0;
    const stop = scheduleJobs(t.database, { error: () => undefined }, [
      {
        name: 'later',
        lockKey: 990_002,
        everyMs: 150,
        run: async () => void (firstRunAt ||= performance.now()),
      },
    ]);
    await until(() => firstRunAt > 0);
    await stop();
    expect(firstRunAt - startedAt).toBeGreaterThanOrEqual(145);
  });

  it.runIf(onPostgres)('leaves a job to the instance that holds its lock', async () => {
    const other = await t.database.session();
    try {
      await other.query('select pg_advisory_lock($1)', [990_003]);
      let runs = 0;
      const stop = scheduleJobs(t.database, { error: () => undefined }, [
        { name: 'locked', lockKey: 990_003, everyMs: 20, atStart: true, run: async () => void runs++ },
      ]);
      await sleep(200);
      expect(runs).toBe(0);
      await other.query('select pg_advisory_unlock($1)', [990_003]);
      await until(() => runs > 0);
      await stop();
    } finally {
      await other.release();
    }
  });
});
