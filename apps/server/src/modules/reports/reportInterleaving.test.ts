import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';
import { ensureTelemetryPartitions } from '../telemetry/partitions.ts';

type Headers = Record<string, string>;

/** A year of readings of 10 inverters, one every 15 minutes: enough that reading them all takes a while. */
const INVERTERS = 10;
const MONTHS = Array.from({ length: 14 }, (_, i) => {
  const m = new Date(Date.UTC(2024, 11 + i, 1));
  return m.toISOString().slice(0, 7);
});

/**
 * While an installer's year report with availability is made, the server goes on answering `/health` and the plant
 * list (on PGlite, which runs one query at a time, the report's readings are read in pieces so that others' queries
 * go between them).
 *
 * Not a timed test: no figure of this machine's speed is asserted. What is asserted is the order of things, and
 * each answer's wait against the report's own length, both measured in the same run: many answers arrive while the
 * report is still being made, and none waited more than a fifth of the report. With the readings read in one query
 * (before), the first request waited for that whole query, a large part of the report, and few answers came while
 * it ran. The absolute waits (the 200 ms the issue names) are printed by `bench/report-latency`.
 */
describe('requests answered while a year report is made', () => {
  let t: TestApp;
  let admin: Headers;
  let installer: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const builder = await createUser(t.db, { roleId: ROLE.installer });
    installer = (await loginAs(t.app, builder)).headers;
    const { plantId } = await createFixturePlant(t.db, {
      ownerId: (await createUser(t.db)).id,
      installerId: builder.id,
      buildDate: '2024-05-01',
      devices: Array.from({ length: INVERTERS }, () => ({ kind: 'stringInverter' as const })),
    });
    await ensureTelemetryPartitions(t.db, MONTHS);
    await t.db.execute(sql`insert into telemetry (device_id, plant_id, ts, received_at, ac_power_w)
      select d.id, d.plant_id, s.ts, s.ts,
        greatest(0, 4000 * sin(pi() * (extract(hour from s.ts at time zone 'Asia/Shanghai') - 6) / 12))
      from devices d cross join generate_series(timestamptz '2024-12-31T16:00:00Z',
        timestamptz '2025-12-31T15:45:00Z', interval '15 minutes') as s(ts)
      where d.plant_id = ${plantId}`);
  }, 600_000);
  afterAll(() => t.close());

  /** An answer to one of the administrator's calls, asked while the report was (or was not) being made. */
  type Answer = { url: string; waitMs: number; duringReport: boolean; status: number };

  /** The installer's year report with availability, and the administrator's calls one after another meanwhile. */
  async function reportWhileAsking(mark: (event: string) => void = () => undefined) {
    let reportDone = false;
    const started = performance.now();
    const report = t.app
      .inject({
        method: 'POST',
        url: '/prod-api/report/custom/preview',
        headers: installer,
        payload: {
          date: '2025-06-15',
          definition: {
            fields: ['energyKwh', 'availability'],
            groupBy: 'plant',
            period: 'year',
            sortBy: 'group',
          },
        },
      })
      .finally(() => (reportDone = true));
    const answers: Answer[] = [];
    while (!reportDone) {
      for (const url of ['/prod-api/health', '/prod-api/plant/list?pageSize=10']) {
        const asked = performance.now();
        mark(`ask ${url}`);
        const res = await t.app.inject({ method: 'GET', url, headers: admin });
        mark(`answered ${url}`);
        answers.push({
          url,
          waitMs: performance.now() - asked,
          duringReport: !reportDone,
          status: res.statusCode,
        });
      }
    }
    const res = await report;
    const reportMs = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toHaveLength(1);
    return { answers, reportMs };
  }

  it('answers /health and the plant list between the report’s pieces', async () => {
    const { answers, reportMs } = await reportWhileAsking();
    const during = answers.filter((a) => a.duringReport);
    const longest = Math.max(...answers.map((a) => a.waitMs));
    const summary = `${during.length} answers during a ${reportMs.toFixed(0)} ms report, longest wait ${longest.toFixed(0)} ms`;
    // Health answered "ready" throughout (it answers 503 when the database does not answer it in time).
    expect(
      answers.filter((a) => a.status !== 200).map((a) => `${a.url} ${a.status}`),
      summary,
    ).toEqual([]);
    // Both kinds were answered many times while the report was being made...
    expect(during.filter((a) => a.url.includes('health')).length, summary).toBeGreaterThanOrEqual(5);
    expect(during.filter((a) => a.url.includes('plant/list')).length, summary).toBeGreaterThanOrEqual(5);
    // ...and none of them waited for a large part of it.
    expect(longest, summary).toBeLessThan(reportMs / 5);
  }, 600_000);

  /**
   * The embedded database runs one statement at a time, in the order they reach it. A plant list makes two (its
   * session, then the page): when the report's next piece was sent while the first ran, the second waited for that
   * piece too, and a plant list waited for two pieces where `/health` waited for one. The order the statements
   * were answered in is logged here (no clock): between a plant list's first statement and its last answer, at
   * most one of the report's pieces may end (the one running when it came).
   */
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'on the embedded database, a plant list waits for at most one of the report’s pieces in all',
    async () => {
      if (t.database.client.kind !== 'pglite') throw new Error('runs on the embedded database only');
      const thread = t.database.client.pglite;
      const query = thread.query.bind(thread);
      const log: string[] = [];
      // The report's pieces of availability count the inverters heard per 5-minute slot (availability.ts).
      const kindOf = (text: string) =>
        text.includes("date_bin('5 minutes'")
          ? 'piece'
          : text.includes('session_families')
            ? 'session'
            : text.includes('with ids as')
              ? 'page'
              : 'other';
      thread.query = (async (text: string, ...rest: unknown[]) => {
        const kind = kindOf(text);
        log.push(`call ${kind}`);
        try {
          return await (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
        } finally {
          log.push(`end ${kind}`);
        }
      }) as typeof thread.query;
      try {
        await reportWhileAsking((event) => log.push(event));
      } finally {
        thread.query = query;
      }
      // Each plant list asked while the pieces were being read: the pieces that ended while its statements waited.
      const firstPiece = log.indexOf('call piece');
      const lastPiece = log.lastIndexOf('end piece');
      const waited: number[] = [];
      for (let i = firstPiece; i < lastPiece; i++) {
        if (log[i] !== 'ask /prod-api/plant/list?pageSize=10') continue;
        const answered = log.indexOf('answered /prod-api/plant/list?pageSize=10', i);
        if (answered > lastPiece) break;
        const mine = log.slice(i, answered);
        const from = mine.indexOf('call session');
        const to = mine.lastIndexOf('end page');
        expect(from, mine.join(', ')).toBeGreaterThan(-1);
        expect(to, mine.join(', ')).toBeGreaterThan(from);
        waited.push(mine.slice(from, to).filter((e) => e === 'end piece').length);
      }
      const summary = `pieces waited for by each plant list: ${waited.join(' ')}`;
      expect(waited.length, summary).toBeGreaterThanOrEqual(5);
      expect(Math.max(...waited), summary).toBeLessThanOrEqual(1);
    },
    600_000,
  );
});
