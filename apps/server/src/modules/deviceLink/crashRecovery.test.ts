import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CollectorLink } from '@solarops/simulator';
import { createUser } from '../../../test/factories.ts';
import { freePort, startServer } from '../../../test/serverProcess.ts';
import { openTemplateDataDir } from '../../../test/templateDatabase.ts';
import { openDatabase } from '../../db/openDatabase.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';

describe('a server killed mid-stream', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solarops-crash-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    // A failed run must not leave its server behind.
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  // Two server starts on a new PGlite directory and a reopen: tens of seconds on a busy machine, so sized for one
  // three times slower.
  it(
    'loses and doubles nothing: after the restart the re-sends make the stored count the sent count',
    { timeout: 240_000 },
    async () => {
      const db = await openTemplateDataDir(dir);
      const owner = await createUser(db.db);
      const plant = await createFixturePlant(db.db, { ownerId: owner.id, devices: [{}, {}, {}] });
      await db.close();

      const env = { DATA_DIR: dir, PORT: String(await freePort()), MQTT_PORT: String(await freePort()) };
      server = await startServer(env);
      const c = plant.collectors[0]!;
      const link = new CollectorLink({
        url: `mqtt://127.0.0.1:${env.MQTT_PORT}`,
        serial: c.serial,
        secret: c.secret,
        reconnectMs: 100,
      });
      await link.start();

      const start = Math.floor(Date.now() / 300_000) * 300_000 - 2 * 86_400_000;
      let sent = 0;
      const send = (i: number) => {
        link.sendTelemetry(
          plant.devices.map((d) => ({
            sn: d.serial,
            ts: start + i * 60_000,
            acPowerW: i,
            energyTotalKwh: i / 60,
          })),
        );
        sent += plant.devices.length;
      };
      for (let i = 0; i < 200; i++) {
        send(i);
        // Kill without warning while batches are in flight: some committed and unacknowledged, some not yet stored.
        if (i === 120) server.kill('SIGKILL');
        await new Promise((r) => setImmediate(r));
      }
      await new Promise<void>((r) => server!.once('exit', () => r()));
      expect(link.unackedCount).toBeGreaterThan(0);
      server = await startServer(env);
      await link.drained();
      await link.stop();
      const exited = new Promise<void>((r) => server!.once('exit', () => r()));
      server.kill('SIGTERM');
      await exited;

      const after = await openDatabase({ databaseUrl: undefined, dataDir: dir });
      const rows = (
        (await after.db.execute(
          sql`select count(*)::int as n, count(distinct (device_id, ts))::int as d from telemetry`,
        )) as unknown as {
          rows: { n: number; d: number }[];
        }
      ).rows[0]!;
      await after.close();
      expect(sent).toBe(600);
      expect(rows).toEqual({ n: 600, d: 600 });
    },
  );
});
