import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, TERMINAL_STATES, type CommandMessage } from '@solarops/contracts';
import { CollectorLink, CommandResponder, DeviceSettings } from '@solarops/simulator';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
import { CommandCenter } from './CommandCenter.ts';
import { createCommands, settingParamsFor } from './createCommands.ts';
import { READ_BACK } from './wire.ts';
import { commands } from './tables.ts';
import { mulberry32 } from '@solarops/simulator';

/**
 * Crash trials, in process: each trial stores a command, lets an instance's CommandCenter take it to a seeded
 * crash point and abandons that instance there (its replies lost, as with a process killed by SIGKILL), then a
 * new CommandCenter on the same database carries on as a restarted server would. 100 real process restarts would
 * take minutes on a slow machine; the database is the whole state a restart keeps, which this reproduces.
 * `crashRecovery.test.ts` kills a real server process for the telemetry path.
 */
const TRIALS = 40;
const SEED = 20_241_124;
const TTL_S = 30;
const CRASH_POINTS = ['afterStore', 'afterPublish', 'afterAck', 'afterReadBack'] as const;

class Crash extends Error {}

describe('a server that dies between storing and publishing a command, and after', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let plant: FixturePlant;
  let link: CollectorLink;
  let responder: CommandResponder;
  let userId: number;
  const quiet = { warn: () => undefined, error: () => undefined };

  beforeAll(async () => {
    t = await createTestApp();
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    userId = (await createUser(t.db, { roleId: ROLE.admin })).id;
    plant = await createFixturePlant(t.db, { ownerId: owner.id, devices: [{ model: 'SO-5K-S1' }] });
    const settings = DeviceSettings.of({ model: 'SO-5K-S1', ratedPowerW: 5000, timeZone: 'Asia/Shanghai' })!;
    const c = plant.collectors[0]!;
    link = new CollectorLink({
      url: `mqtt://127.0.0.1:${broker.port}`,
      serial: c.serial,
      secret: c.secret,
      onCommand: (m) => responder.handle(m),
    });
    responder = new CommandResponder(new Map([[plant.devices[0]!.serial, settings]]), (r) =>
      link.sendReply(r),
    );
    await link.start();
    link.sendTelemetry([{ sn: plant.devices[0]!.serial, ts: Date.now(), acPowerW: 1000 }]);
    await link.drained();
  });
  afterAll(async () => {
    await link.stop();
    await broker.close();
    await t.close();
  });

  const send = (serial: string, m: CommandMessage) => t.app.deps.deviceLink.sendToDevice(serial, m);
  const stateOf = async (id: string) => (await t.db.select().from(commands).where(eq(commands.id, id)))[0]!;

  it(`applies each of ${TRIALS} commands at most once and ends it within its time-to-live + 60 s`, async () => {
    const random = mulberry32(SEED);
    const serial = plant.devices[0]!.serial;
    const outcomes: Record<string, number> = {};
    for (let trial = 0; trial < TRIALS; trial++) {
      const point = CRASH_POINTS[Math.floor(random() * CRASH_POINTS.length)]!;
      const created = await createCommands(t.db, {
        caller: { userId, roleId: ROLE.admin, dealercode: null },
        lang: 'en',
        kind: 'setting',
        route: 'remoteSet',
        serials: [serial],
        confirm: serial,
        ttlS: TTL_S,
        batchParams: null,
        paramsFor: settingParamsFor('remoteSet', { activePowerLimitPct: 10 + trial }, () => true),
      });
      const id = created.ids[0]!;
      const start = Date.now();

      // The instance that will die. Replies reach it until the crash (its read-backs too, up to the crash point).
      let alive = true;
      const doomed = new CommandCenter(
        t.db,
        async (s, m) => {
          if (!alive) throw new Crash();
          if (point === 'afterAck' && m.cmdId.endsWith(READ_BACK)) {
            // Killed just as the read-back was due: it never leaves.
            alive = false;
            throw new Crash();
          }
          await send(s, m);
          if (point === 'afterPublish') {
            // Killed after the broker took it, before `sent` was stored.
            alive = false;
            throw new Crash();
          }
        },
        quiet,
      );
      const acked = new Promise<void>((resolve) => {
        t.app.deps.deviceLink.onReply(async (s, payload) => {
          if (!alive) return; // lost with the dead process
          const cmdId = (JSON.parse(payload.toString()) as { cmdId: string }).cmdId;
          if (point === 'afterReadBack' && cmdId.endsWith(READ_BACK)) {
            // The read-back's answer arrived as the process died: never stored.
            alive = false;
            return resolve();
          }
          await doomed.onReply(s, payload);
          if ((await stateOf(id)).state !== 'queued') resolve();
        });
      });
      if (point !== 'afterStore') {
        await doomed.dispatch({ ids: [id] });
        if (point === 'afterAck' || point === 'afterReadBack') await acked;
      }
      alive = false;
      // A moment of nothing (the restart), seeded.
      await new Promise((r) => setTimeout(r, Math.floor(random() * 50)));

      // The restarted server: its own CommandCenter on the same database, its command job every 100 ms.
      const fresh = new CommandCenter(t.db, send, quiet, { resendAfterMs: 300 });
      t.app.deps.deviceLink.onReply((s, payload) => fresh.onReply(s, payload));
      let row = await stateOf(id);
      while (!TERMINAL_STATES.includes(row.state)) {
        expect(Date.now() - start, `trial ${trial} (${point}) still ${row.state}`).toBeLessThan(
          (TTL_S + 60) * 1000,
        );
        await fresh.expire();
        await fresh.dispatch({ ids: [id] });
        await new Promise((r) => setTimeout(r, 100));
        row = await stateOf(id);
      }
      expect(responder.applied.get(id) ?? 0, `trial ${trial} (${point})`).toBeLessThanOrEqual(1);
      outcomes[`${point} ${row.state}`] = (outcomes[`${point} ${row.state}`] ?? 0) + 1;
    }
    // The device is reachable throughout: every command ends applied, whatever the crash point.
    expect(
      Object.keys(outcomes).every((k) => k.endsWith(' applied')),
      JSON.stringify(outcomes),
    ).toBe(true);
    // Every crash point was tried.
    expect(new Set(Object.keys(outcomes).map((k) => k.split(' ')[0])).size).toBe(CRASH_POINTS.length);
  }, 180_000);
});
