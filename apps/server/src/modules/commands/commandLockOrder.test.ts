import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import type { SqlSession } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { CommandCenter } from './CommandCenter.ts';
import { moveCommands, type CommandRecord } from './stateMachine.ts';
import { commands } from './tables.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The statements that move several commands at once (the `sent` marks of everything just published, the replies
 * that came meanwhile) run side by side on PostgreSQL. Each locked its rows in an order of its own: the marks in an
 * index's order, the replies in the order they arrived. Two of them with two commands in common, in crossed
 * orders, deadlocked, and PostgreSQL ended one: its requests answered 500 (7 command submissions in a 10-minute
 * soak of 4 506) or its replies were dropped until re-sent. Each now locks its commands by id first, so the second
 * waits for the first instead.
 *
 * Shown with a second connection that holds the command first in id order and then asks for the other: the move
 * under test must be waiting for the first, not holding the second. PGlite runs one statement at a time (nothing
 * runs side by side), so there it checks only that the moves still move.
 */
describe('commands moved together are locked in one order', () => {
  let t: TestApp;
  let plant: FixturePlant;
  let userId: number;
  const onPostgres = Boolean(process.env.DATABASE_URL);

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    userId = (await createUser(t.db, { roleId: ROLE.admin })).id;
    plant = await createFixturePlant(t.db, { ownerId: owner.id, devices: [{}, {}] });
  });
  afterAll(() => t.close());

  let n = 0;
  /**
   * Two queued commands of one collector, stored so that every order but the ids' puts `high` first: stored
   * first, created first, and named after `low`.
   */
  async function twoCommands(): Promise<{ low: CommandRecord; high: CommandRecord }> {
    n++;
    const row = (id: string, device: FixturePlant['devices'][number], createdAgoMs: number) => ({
      id,
      batchId: null,
      // A restart: its message needs no settings profile.
      kind: 'restart' as const,
      route: 'remoteSet',
      plantId: plant.plantId,
      deviceId: device.id,
      deviceSerial: device.serial,
      collectorSerial: device.collectorSerial,
      params: {},
      createdBy: userId,
      expiresAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(Date.now() - createdAgoMs),
    });
    // Stored one by one, `high` first (enqueueCommands leaves the creation time to the database).
    const [high] = await t.db
      .insert(commands)
      .values(row(`lock-order-${n}-b`, plant.devices[0]!, 2000))
      .returning();
    const [low] = await t.db
      .insert(commands)
      .values(row(`lock-order-${n}-a`, plant.devices[1]!, 1000))
      .returning();
    return { low: low!, high: high! };
  }

  /**
   * Runs `move` while another connection holds `low`, waits until the move waits for a lock, then has the other
   * connection take `high` too and let both go. With the move holding `high` already, that is a deadlock and
   * PostgreSQL ends one of the two.
   */
  async function whileLowIsHeld<R>(low: string, high: string, move: () => Promise<R>): Promise<R> {
    const other: SqlSession = await t.database.session();
    try {
      await other.query('begin');
      await other.query('select id from commands where id = $1 for update', [low]);
      let settled = false;
      const moved = move().finally(() => (settled = true));
      // Settled or not, it is awaited below; meanwhile a rejection must not go unhandled.
      moved.catch(() => undefined);
      // The move is waiting for a lock (on `low`, or with the fault on whichever it reached); one that ended
      // without waiting is awaited at once, with its answer or its error.
      while (!settled) {
        const [w] = await rowsOf<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike '%update%commands%'`,
        );
        if (w!.n > 0) break;
        await sleep(20);
      }
      await other.query('select id from commands where id = $1 for update', [high]);
      await other.query('commit');
      return await moved;
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.release();
    }
  }

  it.skipIf(!onPostgres)(
    'marks published commands sent while another writer holds one of them, without a deadlock',
    async () => {
      const { low, high } = await twoCommands();
      const center = new CommandCenter(t.db, async () => undefined, {
        warn: () => undefined,
        error: () => undefined,
      });
      const sent = await whileLowIsHeld(low.id, high.id, () => center.dispatchCreated([high, low]));
      expect(sent.map((c) => [c.id, c.state]).sort()).toEqual([
        [low.id, 'sent'],
        [high.id, 'sent'],
      ]);
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    'moves the commands of replies while another writer holds one of them, without a deadlock',
    async () => {
      const { low, high } = await twoCommands();
      const moved = await whileLowIsHeld(low.id, high.id, () =>
        moveCommands(t.db, [
          { id: high.id, from: ['queued'], to: 'sent' },
          { id: low.id, from: ['queued'], to: 'sent' },
        ]),
      );
      expect(moved.map((c) => [c.id, c.state]).sort()).toEqual([
        [low.id, 'sent'],
        [high.id, 'sent'],
      ]);
    },
    60_000,
  );

  it('moves commands together on either database', async () => {
    const { low, high } = await twoCommands();
    const moved = await moveCommands(t.db, [
      { id: high.id, from: ['queued'], to: 'sent' },
      { id: low.id, from: ['queued'], to: 'sent' },
    ]);
    expect(moved.map((c) => c.state)).toEqual(['sent', 'sent']);
  });
});
