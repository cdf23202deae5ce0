import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLE, TERMINAL_STATES, type CommandRow } from '@solarops/contracts';
import { CollectorLink, CommandResponder, DeviceSettings } from '@solarops/simulator';
import { createUser } from '../../../test/factories.ts';
import { exited, freePort, startServer } from '../../../test/serverProcess.ts';
import { openTemplateDataDir } from '../../../test/templateDatabase.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';
import { CRASH_POINT_VARIABLE, CRASH_POINTS, type CrashPoint } from './testCrashPoint.ts';
import { mulberry32 } from '@solarops/simulator';

/**
 * Real crash trials: a server process on an embedded database's directory takes a setting over HTTP and kills
 * itself with SIGKILL at a seeded crash point (`testCrashPoint`: after storing the command and before publishing
 * it, or after publishing it and before marking it `sent`), is started again on the same directory, and its
 * command job finishes the work. The in-process trials (`commandCrash.test.ts`) try more points, quicker.
 */
// CI runs a few trials (each is a server restart); `CRASH_TRIALS=100` runs the hundred.
const TRIALS = Number(process.env.CRASH_TRIALS ?? 5);
const SEED = 20_261_124;
// Long enough for a restart on a very busy machine (a restart slower than this ends the command `expired`).
const TTL_S = 300;
const MODEL = 'SO-5K-S1';

describe('a server process killed with SIGKILL between storing and publishing a command', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solarops-command-kill-'));
  let server: ChildProcess | undefined;
  let link: CollectorLink | undefined;
  afterAll(async () => {
    await link?.stop();
    // A failed run must not leave its server behind.
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  // TRIALS + 1 server starts on an embedded database, each about two seconds on a quiet machine (the built server)
  // and up to a minute on one as busy as ten; sized for that.
  it(
    `applies each of ${TRIALS} commands at most once and ends it within its time-to-live + 60 s`,
    { timeout: 120_000 + TRIALS * 60_000 },
    async () => {
      const db = await openTemplateDataDir(dir);
      const admin = await createUser(db.db, { roleId: ROLE.admin });
      const owner = await createUser(db.db, { roleId: ROLE.endUser });
      const plant = await createFixturePlant(db.db, { ownerId: owner.id, devices: [{ model: MODEL }] });
      await db.close();

      const random = mulberry32(SEED);
      const points: CrashPoint[] = Array.from(
        { length: TRIALS },
        () => CRASH_POINTS[Math.floor(random() * CRASH_POINTS.length)]!,
      );
      const ports = { PORT: String(await freePort()), MQTT_PORT: String(await freePort()) };
      const start = (point: CrashPoint | undefined) =>
        startServer({
          ...ports,
          DATA_DIR: dir,
          NODE_ENV: 'test',
          PASSWORD_HASH_COST: '14',
          COMMAND_JOB_SECONDS: '1',
          ...(point ? { [CRASH_POINT_VARIABLE]: point } : {}),
        });
      const base = `http://127.0.0.1:${ports.PORT}/prod-api`;
      server = await start(points[0]);

      // The collector outlives the server, as a datalogger does: it reconnects and remembers what it applied.
      const device = plant.devices[0]!.serial;
      const settings = DeviceSettings.of({ model: MODEL, ratedPowerW: 5000, timeZone: 'Asia/Shanghai' })!;
      const c = plant.collectors[0]!;
      const collector = new CollectorLink({
        url: `mqtt://127.0.0.1:${ports.MQTT_PORT}`,
        serial: c.serial,
        secret: c.secret,
        reconnectMs: 100,
        onCommand: (m) => responder.handle(m),
      });
      link = collector;
      const responder = new CommandResponder(new Map([[device, settings]]), (r) => collector.sendReply(r));
      await collector.start();

      // Signed in again after each restart: a hundred trials outlast an access token.
      const auth = { authorization: '' };
      const signIn = async () => {
        const form = new FormData();
        form.set('username', admin.userCode);
        form.set('password', admin.password);
        const res = await fetch(`${base}/authentication/form`, {
          method: 'POST',
          headers: { authorization: `Basic ${Buffer.from('console:console-secret').toString('base64')}` },
          body: form,
        });
        const body = (await res.json()) as { data: { token: { access_token: string } } };
        auth.authorization = `Bearer ${body.data.token.access_token}`;
      };
      await signIn();
      const commandsOfDevice = async (): Promise<CommandRow[]> => {
        const res = await fetch(`${base}/commands?serial=${device}&pageSize=200`, { headers: auth });
        expect(res.status).toBe(200);
        return ((await res.json()) as { rows: CommandRow[] }).rows;
      };
      // The collector is online (its status stored) before the first command, so that it is sent at once.
      await expect
        .poll(
          async () =>
            (
              (await (
                await fetch(`${base}/commands/devices?search=${device}`, { headers: auth })
              ).json()) as {
                data: { online: boolean }[];
              }
            ).data[0]?.online,
          { timeout: 60_000 },
        )
        .toBe(true);

      const outcomes: string[] = [];
      let atMostOnce = 0;
      const ended = new Set<string>();
      let worstMs = 0;
      for (let trial = 0; trial < TRIALS; trial++) {
        // Within the point's range (0–100 %) whatever the number of trials; a trial's command is the one with its
        // limit that no earlier trial ended.
        const limit = 10 + (trial % 90);
        const started = Date.now();
        // The answer never comes: the server dies on its way to sending the command.
        const answer = await fetch(`${base}/commands/settings`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            route: 'remoteSet',
            serials: [device],
            values: { activePowerLimitPct: limit },
            confirm: device,
            ttlS: TTL_S,
          }),
        }).catch(() => undefined);
        expect(answer, `trial ${trial} (${points[trial]}) answered`).toBeUndefined();
        await exited(server);
        expect(server.signalCode, `trial ${trial}`).toBe('SIGKILL');

        // Started again on the same directory (armed for the next trial: only a new command reaches the point).
        server = await start(points[trial + 1]);
        await signIn();
        const ofTrial = (rows: CommandRow[]) =>
          rows.find(
            (r) =>
              !ended.has(r.id) &&
              (r.params as { values: { activePowerLimitPct: number } }).values.activePowerLimitPct === limit,
          );
        let row: CommandRow | undefined;
        await expect
          .poll(
            async () => {
              row = ofTrial(await commandsOfDevice());
              return row && TERMINAL_STATES.includes(row.state);
            },
            { timeout: (TTL_S + 60) * 1000, interval: 250 },
          )
          .toBe(true);
        const tookMs = Date.now() - started;
        expect(tookMs, `trial ${trial}`).toBeLessThan((TTL_S + 60) * 1000);
        worstMs = Math.max(worstMs, tookMs);
        const times = responder.applied.get(row!.id) ?? 0;
        expect(times, `trial ${trial} (${points[trial]})`).toBeLessThanOrEqual(1);
        if (times <= 1) atMostOnce++;
        outcomes.push(`${points[trial]} ${row!.state}`);
        ended.add(row!.id);
      }
      const last = server;
      last.kill('SIGTERM');
      await exited(last);
      console.log(
        `crash trials: ${TRIALS}, applied at most once: ${atMostOnce}, ended applied: ${outcomes.filter((o) => o.endsWith(' applied')).length}, worst time to terminal: ${(worstMs / 1000).toFixed(1)} s (limit ${TTL_S + 60} s)`,
      );
      // The device was reachable throughout: every command ended applied, and both points were tried.
      expect(outcomes.filter((o) => !o.endsWith(' applied'))).toEqual([]);
      expect(new Set(points)).toEqual(new Set(CRASH_POINTS));
    },
  );
});
