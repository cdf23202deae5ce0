import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { ROLE, deviceTopics, faultCodeOf } from '@solarops/contracts';
import { testReading as reading } from '../../../test/readings.ts';
import { createUser } from '../../../test/factories.ts';
import { mosquittoMissing, startMosquitto } from '../../../test/mosquitto.ts';
import { exited, freePort, startServer } from '../../../test/serverProcess.ts';
import { openTestDatabase } from '../../../test/templateDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { DynamicSecurityAccounts } from './DynamicSecurityAccounts.ts';

const missing =
  mosquittoMissing() ??
  (process.env.DATABASE_URL
    ? undefined
    : 'two servers share one PostgreSQL (DATABASE_URL); PGlite is one process’s');

const PLANTS = 12;
const DEVICES_PER_PLANT = 5;
const BATCHES_PER_COLLECTOR = 30;
/**
 * A collector re-sends a batch still without its down/ack once it has waited this long since its last send, and
 * twice as long after each re-send, up to `RESEND_MAX_MS`: servers slowed down by load get the batches they are
 * late with again, not every batch at every tick (on a loaded machine that was most of their work).
 */
const RESEND_MS = 4_000;
const RESEND_MAX_MS = 16_000;

/** A collector as the device protocol describes it: keeps each batch until its ack, re-sends the others. */
class Collector {
  readonly unacked = new Map<number, { text: string; dueAt: number; waitMs: number }>();
  /** Batches acknowledged (the first ack of each). */
  acked = 0;
  resent = 0;
  private timer: NodeJS.Timeout | undefined;
  constructor(
    readonly client: MqttClient,
    readonly serial: string,
  ) {
    client.on('message', (_topic, payload) => {
      const ack = JSON.parse(payload.toString()) as { seq: number };
      if (this.unacked.delete(ack.seq)) this.acked++;
    });
    this.timer = setInterval(() => {
      const now = Date.now();
      for (const batch of this.unacked.values()) {
        if (batch.dueAt > now) continue;
        this.resent++;
        batch.waitMs = Math.min(batch.waitMs * 2, RESEND_MAX_MS);
        batch.dueAt = now + batch.waitMs;
        client.publish(deviceTopics(serial).telemetry, batch.text, { qos: 1 });
      }
    }, 250);
  }
  send(seq: number, body: object) {
    const text = JSON.stringify(body);
    this.unacked.set(seq, { text, dueAt: Date.now() + RESEND_MS, waitMs: RESEND_MS });
    this.client.publish(deviceTopics(this.serial).telemetry, text, { qos: 1 });
  }
  async end() {
    clearInterval(this.timer);
    await this.client.endAsync(true);
  }
}

/** An alarm stream (server-sent events) of one server, as the console's top bar opens it. */
function alarmStream(port: number, authorization: string) {
  const chunks: string[] = [];
  let req: http.ClientRequest | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    req = http.get(
      { host: '127.0.0.1', port, path: '/prod-api/alarm/manager/stream', headers: { authorization } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (c: string) => chunks.push(c));
        resolve();
      },
    );
    req.on('error', reject);
  });
  return { chunks, opened, close: () => req?.destroy() };
}

describe.skipIf(missing)(
  `two servers behind Mosquitto 2 on one PostgreSQL${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    it('splits the collectors’ batches, loses none and doubles none when one server is SIGKILLed mid-stream, and pushes an alarm to consoles on both', async () => {
      // Where the test's time goes, printed with its figures: seconds from the start to the end of each phase.
      const began = Date.now();
      const phases: string[] = [];
      const phase = (name: string) => phases.push(`${name} ${((Date.now() - began) / 1000).toFixed(1)}`);
      const broker = await startMosquitto();
      phase('broker');
      const { database, databaseUrl } = await openTestDatabase();
      phase('database');
      const accounts = new DynamicSecurityAccounts({
        url: broker.url(),
        ...broker.admin,
        clientId: 'cluster-test-admin',
      });
      const dirs: string[] = [];
      const servers: ChildProcess[] = [];
      const collectors: Collector[] = [];
      const streams: ReturnType<typeof alarmStream>[] = [];
      try {
        const db = database.db;
        const admin = await createUser(db, { roleId: ROLE.admin });
        const owner = await createUser(db, { roleId: ROLE.endUser });
        const plants: FixturePlant[] = [];
        for (let i = 0; i < PLANTS; i++) {
          plants.push(
            await createFixturePlant(db, {
              ownerId: owner.id,
              devices: Array.from({ length: DEVICES_PER_PLANT }, () => ({})),
              brokerAccounts: accounts,
            }),
          );
        }
        phase('plants');
        const ports = { a: await freePort(), b: await freePort() };
        /** What each server logged, its first and its restarted process together. */
        const logs = { a: '', b: '' };
        const start = (name: 'a' | 'b') => {
          const dir = mkdtempSync(path.join(os.tmpdir(), `solarops-cluster-${name}-`));
          dirs.push(dir);
          return startServer(
            {
              DATABASE_URL: databaseUrl!,
              MQTT_URL: broker.url(broker.server),
              MQTT_CLIENT_ID: `cluster-${name}`,
              MQTT_ADMIN_USERNAME: broker.admin.username,
              MQTT_ADMIN_PASSWORD: broker.admin.password,
              PORT: String(ports[name]),
              DATA_DIR: dir,
              NODE_ENV: 'test',
              PASSWORD_HASH_COST: '14',
              // Each job run is logged at debug level with its start and length.
              LOG_LEVEL: 'debug',
            },
            { onOutput: (text) => (logs[name] += text) },
          ).then((child) => {
            servers.push(child);
            return child;
          });
        };
        let [serverA] = await Promise.all([start('a'), start('b')]);
        phase('servers started');
        const signIn = async (port: number, user: { userCode: string; password: string }) => {
          const form = new FormData();
          form.set('username', user.userCode);
          form.set('password', user.password);
          const res = await fetch(`http://127.0.0.1:${port}/prod-api/authentication/form`, {
            method: 'POST',
            headers: { authorization: `Basic ${Buffer.from('console:console-secret').toString('base64')}` },
            body: form,
          });
          const body = (await res.json()) as { data: { token: { access_token: string } } };
          return `Bearer ${body.data.token.access_token}`;
        };
        const adminOn = { a: await signIn(ports.a, admin), b: await signIn(ports.b, admin) };
        phase('signed in');
        /** Readings the instance stored since it started (re-sent ones included: storage ignores them). */
        const storedBy = async (name: 'a' | 'b') =>
          (
            (await (
              await fetch(`http://127.0.0.1:${ports[name]}/prod-api/device/v1/metrics`, {
                headers: { authorization: adminOn[name] },
              })
            ).json()) as { data: { readingsStored: number } }
          ).data.readingsStored;

        // The collectors connect through the broker with the accounts the server side gave it.
        for (const p of plants) {
          const c = p.collectors[0]!;
          const client = await mqtt.connectAsync(broker.url(), {
            clientId: c.serial,
            username: c.serial,
            password: c.secret,
            protocolVersion: 4,
            reconnectPeriod: 500,
          });
          await client.subscribeAsync(deviceTopics(c.serial).ack, { qos: 1 });
          collectors.push(new Collector(client, c.serial));
        }
        const sent = PLANTS * BATCHES_PER_COLLECTOR * DEVICES_PER_PLANT;
        const base = Math.floor(Date.now() / 60_000) * 60_000 - 2 * 86_400_000;
        const t0 = Date.now();
        /** Batches each collector has sent so far. */
        let rounds = 0;
        const sending = (async () => {
          for (let k = 0; k < BATCHES_PER_COLLECTOR; k++) {
            plants.forEach((p, i) =>
              collectors[i]!.send(k, {
                seq: k,
                readings: p.devices.map((d) => reading(d.serial, base + k * 60_000)),
              }),
            );
            rounds = k + 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();
        // Mid-stream: once a third of the batches are acknowledged, server A dies without a word while the
        // collectors go on sending (watched beside the sending, not after it, when little would be in flight).
        const acked = () => collectors.reduce((n, c) => n + c.acked, 0);
        await expect
          .poll(acked, { timeout: 90_000, interval: 100 })
          .toBeGreaterThanOrEqual((PLANTS * BATCHES_PER_COLLECTOR) / 3);
        const killedAfter = acked();
        const sentBeforeKill = rounds * PLANTS;
        phase('a third acked');
        const byA = await storedBy('a');
        serverA.kill('SIGKILL');
        await exited(serverA);
        // It comes back under the same client id and takes up its persistent sessions' messages.
        serverA = await start('a');
        phase('A restarted');
        await sending;
        await expect
          .poll(() => collectors.reduce((n, c) => n + c.unacked.size, 0), { timeout: 90_000, interval: 250 })
          .toBe(0);
        const settledS = (Date.now() - t0) / 1000;
        phase('all acked');

        const [counts] = await rowsOf<{ n: number; distinct: number }>(
          db,
          sql`select count(*)::int as n, count(distinct (device_id, ts))::int as distinct
              from telemetry where plant_id = any(${sql.param(plants.map((p) => p.plantId))}::int[])`,
        );
        const byB = await storedBy('b');
        expect(counts).toEqual({ n: sent, distinct: sent });
        // The shared subscription gave both instances a share: A before it was killed, B over the whole run.
        expect(byA).toBeGreaterThan(0);
        expect(byB).toBeGreaterThan(0);
        // A console on each server; an alarm raised by a device through whichever server takes the message.
        const [ownerOnA, ownerOnB] = await Promise.all([signIn(ports.a, owner), signIn(ports.b, owner)]);
        streams.push(alarmStream(ports.a, ownerOnA), alarmStream(ports.b, ownerOnB));
        await Promise.all(streams.map((s) => s.opened));
        const device = plants[0]!.devices[0]!;
        const fault = faultCodeOf('gridUnderVoltage');
        const raisedAt = Date.now();
        collectors[0]!.client.publish(
          deviceTopics(collectors[0]!.serial).event,
          JSON.stringify({
            seq: 1000,
            events: [
              {
                sn: device.serial,
                ts: raisedAt - 1_000,
                code: fault.code,
                level: fault.level,
                state: 'raised',
              },
            ],
          }),
          { qos: 1 },
        );
        const pushed = (s: (typeof streams)[number]) =>
          s.chunks.join('').includes('event: alarm') &&
          s.chunks.join('').includes(`"plantId":${plants[0]!.plantId}`);
        await expect.poll(() => streams.every(pushed), { timeout: 60_000, interval: 200 }).toBe(true);
        const pushMs = Date.now() - raisedAt;
        phase('alarm pushed');
        // Jobs run on one instance at a time: of all the runs both servers logged, no two of a job overlap.
        const runs = (['a', 'b'] as const).flatMap((name) =>
          logs[name]
            .split('\n')
            .filter((line) => line.includes('"job ran"'))
            .map((line) => {
              const r = JSON.parse(line) as { job: string; startMs: number; ms: number };
              return { server: name, job: r.job, from: r.startMs, to: r.startMs + r.ms };
            }),
        );
        const jobs = new Set(runs.map((r) => r.job));
        expect([...jobs]).toEqual(expect.arrayContaining(['rollups', 'offline', 'partitions']));
        for (const job of jobs) {
          const list = runs.filter((r) => r.job === job).sort((x, y) => x.from - y.from);
          for (let i = 1; i < list.length; i++)
            expect(list[i]!.from, job).toBeGreaterThanOrEqual(list[i - 1]!.to);
        }
        const resent = collectors.reduce((n, c) => n + c.resent, 0);
        console.log(
          `cluster: ${sent} readings from ${PLANTS} collectors through Mosquitto to 2 servers on one PostgreSQL; ` +
            `server A SIGKILLed after ${killedAfter} acked batches of ${sentBeforeKill} sent and restarted; all acked in ${settledS.toFixed(1)} s ` +
            `(${resent} batches re-sent); stored ${counts!.n}, distinct ${counts!.distinct}; ` +
            `server A took ${byA} readings before the kill, server B ${byB} over the run (re-sent ones included); alarm pushed to consoles on both in ${pushMs} ms; ` +
            `${runs.length} job runs (A ${runs.filter((r) => r.server === 'a').length}, B ${runs.filter((r) => r.server === 'b').length}), none overlapping another of its job; seconds from the start: ${phases.join(', ')}`,
        );
      } finally {
        for (const s of streams) s.close();
        await Promise.all(collectors.map((c) => c.end()));
        for (const s of servers) s.kill('SIGKILL');
        await Promise.all(servers.map(exited));
        await accounts.close();
        await database.close();
        await broker.stop();
        for (const d of dirs) rmSync(d, { recursive: true, force: true });
      }
    }, 400_000);
  },
);
