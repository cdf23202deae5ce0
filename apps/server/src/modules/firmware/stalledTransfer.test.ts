import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/createTestApp.ts';
import {
  InProcessFleet,
  firmwareTransferSetup,
  makerKey,
  rollOut,
  transferTurn,
  type FirmwareTransferSetup,
} from '../../../test/firmwareFleet.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { RESTARTS_BEFORE_FAILING, restartStalledTransfers } from './stalledTransfers.ts';
import type { UpgradeResult } from './transfer.ts';

const CHUNK = 1024;
const IMAGE = 100 * CHUNK;

/**
 * Two devices lose their upgrade a quarter of the way through while their collectors stay online: one is swapped
 * (it knows nothing of the upgrade and waits), the other never answers again. Before, both stayed at a quarter
 * until the upgrade's time-to-live ended days later; now the first is started again and installs, and the second
 * fails as stalled after three starts without an answer.
 */
describe('a firmware transfer its device stopped asking for', () => {
  let setup: FirmwareTransferSetup;
  let t: TestApp;
  let fleet: InProcessFleet;
  let swapped: string;
  let silent: string;
  const maker = makerKey();
  const upgradeOf = async (serial: string) =>
    (
      await rowsOf<{ state: string; reason: string | null; result: UpgradeResult | null }>(
        t.db,
        sql`select state, reason, result from commands where kind = 'upgrade' and device_serial = ${serial}`,
      )
    )[0]!;
  /** The job's clock, `minutes` from now. */
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  beforeAll(async () => {
    setup = await firmwareTransferSetup({ chunkBytes: CHUNK, collectors: 2, imageBytes: IMAGE, maker });
    t = setup.t;
    [swapped, silent] = setup.serials as [string, string];
    // Each device loses power 30 % of the way through and stays off far longer than the test.
    fleet = new InProcessFleet(t.db, t.config.filesDir, [swapped, silent], {
      version: '2.0.0',
      maker,
      retryMs: 100,
      rebootMs: 600_000,
    });
    for (const serial of [swapped, silent]) fleet.failuresOf.get(serial)!.rebootAtPct = 30;
  }, 120_000);
  afterAll(async () => {
    fleet.close();
    await t.close();
  });

  it('starts a lost download again, and fails one whose device stays silent after three starts', async () => {
    await rollOut(setup);
    const turn = () => transferTurn(t, fleet);
    // Both stop part of the way, with their progress stored.
    await expect
      .poll(
        async () => {
          await turn();
          return Promise.all(
            [swapped, silent].map(async (s) => {
              const u = await upgradeOf(s);
              return fleet.updaters.get(s)!.progress >= 30 && (u.result?.progress ?? 0) > 0;
            }),
          );
        },
        { timeout: 60_000, interval: 100 },
      )
      .toEqual([true, true]);
    const fresh = fleet.loseTransfer(swapped)!;
    fleet.loseTransfer(silent, false);
    const stalledAt = (await upgradeOf(swapped)).result!.progress;
    expect(stalledAt).toBeGreaterThan(0);
    expect(stalledAt).toBeLessThan(100);

    // A slow device is left alone: nothing happens within the first minutes of silence.
    expect(await restartStalledTransfers({ db: t.db, commandCenter: fleet.center }, inMinutes(5))).toEqual({
      restarted: 0,
      failed: 0,
    });
    expect(await restartStalledTransfers({ db: t.db, commandCenter: fleet.center }, inMinutes(11))).toEqual({
      restarted: 2,
      failed: 0,
    });
    // The swapped device takes the repeated start as a new upgrade and gets the whole image.
    await expect
      .poll(
        async () => {
          await turn();
          const u = await upgradeOf(swapped);
          return [u.state, fresh.version];
        },
        { timeout: 60_000, interval: 100 },
      )
      .toEqual(['applied', '3.0.0']);
    expect(fresh.bytesReceived).toBe(IMAGE);

    // The silent one is started again, each time ten minutes after the last, and then fails.
    for (let i = 2; i <= RESTARTS_BEFORE_FAILING; i++)
      expect(
        await restartStalledTransfers({ db: t.db, commandCenter: fleet.center }, inMinutes(11 * i)),
      ).toEqual({ restarted: 1, failed: 0 });
    expect(await upgradeOf(silent)).toMatchObject({ state: 'acked', result: { restarts: 3 } });
    expect(
      await restartStalledTransfers(
        { db: t.db, commandCenter: fleet.center },
        inMinutes(11 * (RESTARTS_BEFORE_FAILING + 1)),
      ),
    ).toEqual({ restarted: 0, failed: 1 });
    expect(await upgradeOf(silent)).toMatchObject({ state: 'failed', reason: 'stalled' });
    // Its rollout counts it as failed and the other as done.
    const rollout = (
      await t.app.inject({ method: 'GET', url: '/prod-api/firmware/rollout/list', headers: setup.admin })
    ).json();
    expect(rollout.rows[0].counts).toMatchObject({ done: 1, failed: 1 });
  }, 180_000);
});
