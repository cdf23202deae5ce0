import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { InProcessFleet, makerKey, uploadSignedPackage } from '../../../test/firmwareFleet.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';
import { rolloutTurn } from './rollouts.ts';
import type { UpgradeResult } from './transfer.ts';

const COLLECTORS = 20;
const CHUNK = 1024;
const IMAGE = 24 * CHUNK;
/** The transfer's budget in this test: one window of 8 chunks for all twenty devices together. */
const BUDGET = 8 * CHUNK;

/**
 * Twenty collectors upgraded at once over one congested link (every message waits for the one before it), their
 * devices asking again for what has not come every 100 ms, far sooner than a window can arrive: what the server
 * holds stays within its budget, and the retries neither pile up nor send the image again and again.
 */
describe('an image sent to more devices than the way down carries', () => {
  let t: TestApp;
  let fleet: InProcessFleet;
  let plantId: number;
  let packageId: number;
  let serials: string[];
  let admin: Record<string, string>;
  const maker = makerKey();

  beforeAll(async () => {
    t = await createTestApp({ firmwareChunkBytes: CHUNK });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const plant = await createFixturePlant(t.db, { ownerId: owner.id, collectors: COLLECTORS });
    plantId = plant.plantId;
    serials = plant.collectors.map((c) => c.serial);
    await t.db.execute(sql`update collectors set model = 'SC-4G', network = '4G', online = true`);
    packageId = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'SC-4G',
      version: '3.0.0',
      size: IMAGE,
    });
    fleet = new InProcessFleet(t.db, t.config.filesDir, serials, {
      version: '2.0.0',
      maker,
      retryMs: 100,
      linkMs: 2,
      chunkBytesInFlight: BUDGET,
    });
  }, 120_000);
  afterAll(async () => {
    fleet.close();
    await t.close();
  });

  it('keeps the chunks in flight within the budget, and sends each device under 160 % of the image', async () => {
    let most = 0;
    let waited = 0;
    const sample = setInterval(() => {
      most = Math.max(most, fleet.transfer.inFlight.bytes);
      waited = Math.max(waited, fleet.transfer.inFlight.waiting);
    }, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/firmware/rollout?langType=en',
      headers: admin,
      payload: { packageId, plantIds: [plantId] },
    });
    expect(res.statusCode).toBe(200);
    try {
      await expect
        .poll(
          async () => {
            await fleet.center.dispatch();
            await rolloutTurn({ db: t.db, commandCenter: fleet.center, config: t.config });
            return serials.filter((s) => fleet.updaters.get(s)!.version === '3.0.0').length;
          },
          { timeout: 90_000, interval: 200 },
        )
        .toBe(COLLECTORS);
    } finally {
      clearInterval(sample);
    }
    // The budget was used to the full, devices waited for their share, and it was never exceeded.
    expect(most).toBe(BUDGET);
    expect(waited).toBeGreaterThan(0);
    const rows = await rowsOf<{ state: string; result: UpgradeResult }>(
      t.db,
      sql`select state, result from commands where kind = 'upgrade' and device_serial = any(${sql.param(serials)}::text[])`,
    );
    expect(rows.map((r) => r.state)).toEqual(serials.map(() => 'applied'));
    const sent = rows.map((r) => r.result.bytesSent);
    expect(Math.max(...sent)).toBeLessThan(1.6 * IMAGE);
    // Every device got the whole image, once.
    expect(serials.map((s) => fleet.updaters.get(s)!.bytesReceived)).toEqual(serials.map(() => IMAGE));
  }, 120_000);
});
