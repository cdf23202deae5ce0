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
import type { UpgradeResult } from './transfer.ts';

const COLLECTORS = 20;
const CHUNK = 1024;
const IMAGE = 24 * CHUNK;
/** The transfer's budget in this test: one window of 8 chunks for all twenty devices together. */
const BUDGET = 8 * CHUNK;

/**
 * The collectors of `serials` that run 3.0.0 and whose upgrade the server has stored as applied: a device runs its
 * new version a moment before the server has stored its last reply, and a check of the stored states in between
 * sees one still acked (and the database closed under the reply being stored).
 */
async function upgradedAndApplied(t: TestApp, fleet: InProcessFleet, serials: readonly string[]) {
  const rows = await rowsOf<{ device_serial: string }>(
    t.db,
    sql`select device_serial from commands where kind = 'upgrade' and state = 'applied'
      and device_serial = any(${sql.param([...serials])}::text[])`,
  );
  const applied = new Set(rows.map((r) => r.device_serial));
  return serials.filter((s) => applied.has(s) && fleet.updaters.get(s)!.version === '3.0.0');
}

/**
 * Twenty collectors upgraded at once over one congested link (every message waits for the one before it), their
 * devices asking again for what has not come every 100 ms, far sooner than a window can arrive: what the server
 * holds stays within its budget, and the retries neither pile up nor send the image again and again.
 */
describe('an image sent to more devices than the way down carries', () => {
  let setup: FirmwareTransferSetup;
  let t: TestApp;
  let fleet: InProcessFleet;
  let serials: string[];
  const maker = makerKey();

  beforeAll(async () => {
    setup = await firmwareTransferSetup({
      chunkBytes: CHUNK,
      collectors: COLLECTORS,
      imageBytes: IMAGE,
      maker,
    });
    ({ t, serials } = setup);
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
    await rollOut(setup);
    try {
      await expect
        .poll(
          async () => {
            await transferTurn(t, fleet);
            return (await upgradedAndApplied(t, fleet, serials)).length;
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

/**
 * A device asking again faster than the server, busy, takes one request (its retry comes before the server has
 * read the command of the request it is taking): each request is replaced by the next while it waits, yet every
 * request taken sends at least its first chunk, so the device still gets its image and installs it.
 */
describe('an image sent to a device that asks again faster than the server takes a request', () => {
  const SMALL = 12 * CHUNK;
  let setup: FirmwareTransferSetup;
  let t: TestApp;
  let fleet: InProcessFleet;
  let serial: string;
  const maker = makerKey();

  beforeAll(async () => {
    setup = await firmwareTransferSetup({ chunkBytes: CHUNK, collectors: 1, imageBytes: SMALL, maker });
    t = setup.t;
    serial = setup.serials[0]!;
    fleet = new InProcessFleet(t.db, t.config.filesDir, [serial], { version: '2.0.0', maker, retryMs: 20 });
    slowServer(fleet);
  }, 120_000);
  afterAll(async () => {
    fleet.close();
    await t.close();
  });

  /**
   * The server is always one request behind: it reads the command of a chunk request only once the device has
   * spoken again (ordered by events, not by timing), so a newer request is waiting whenever one is served.
   */
  function slowServer(f: InProcessFleet): void {
    let downloading = false;
    let spoke: (() => void)[] = [];
    const onReply = f.center.onReply.bind(f.center);
    f.center.onReply = (collectorSerial, payload) => {
      const reply = JSON.parse(payload.toString()) as { state: string; result?: { stage?: string } };
      if (reply.state === 'progress') {
        downloading = reply.result?.stage === 'downloading';
        // The held read goes on in a later microtask: the transfer has queued this request by then.
        for (const wake of spoke) wake();
        spoke = [];
      }
      return onReply(collectorSerial, payload);
    };
    const openCommand = f.center.openCommand.bind(f.center);
    f.center.openCommand = async (id) => {
      if (downloading) await new Promise<void>((r) => spoke.push(r));
      return openCommand(id);
    };
  }

  it('sends the first chunk of every request it takes, and the device installs the image', async () => {
    await rollOut(setup);
    const updater = fleet.updaters.get(serial)!;
    await expect
      .poll(
        async () => {
          await transferTurn(t, fleet);
          return upgradedAndApplied(t, fleet, [serial]);
        },
        { timeout: 30_000, interval: 100 },
      )
      .toEqual([serial]);
    expect(updater.bytesReceived).toBe(SMALL);
  }, 120_000);
});
