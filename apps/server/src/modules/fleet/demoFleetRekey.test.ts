import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { readableLog } from '../../../test/readableLog.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
import { demoFleetHook, FLEET_FILE } from './demoFleetHook.ts';

interface LogLine {
  level: number;
  msg: string;
  collectors?: string[] | number;
  collector?: string;
}

/**
 * A simulated collector re-keyed in the console: the demo server starts with the rest of its fleet and says which
 * collector is refused, instead of stopping at every start; re-keyed while the fleet runs, the collector signs in
 * with its new secret, also after the next start.
 */
describe('the demo fleet after a collector is re-keyed', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let admin: Record<string, string>;
  const { logger, lines } = readableLog<LogLine>();

  beforeAll(async () => {
    // A small fleet with no history, live at once; its file of secrets in the app's DATA_DIR.
    t = await createTestApp({ simulator: true, simulatorPlants: 2, simulatorBackfillDays: 0 });
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
  }, 120_000);
  afterAll(async () => {
    await broker.close();
    await t.close();
  });

  const start = async () => {
    const stop = await demoFleetHook.start({
      config: t.config,
      database: t.database,
      deps: t.app.deps,
      logger,
    });
    if (!stop) throw new Error('the demo fleet did not start');
    return stop;
  };
  const secrets = () =>
    (
      JSON.parse(readFileSync(path.join(t.config.dataDir, FLEET_FILE), 'utf8')) as {
        secrets: Record<string, string>;
      }
    ).secrets;
  const rekey = async (serial: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/prod-api/collector/${serial}/secret`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { secret: string }).secret;
  };
  const connected = () => t.app.deps.deviceLink.metrics().connectedCollectors;
  /** Waits until the broker holds `n` collectors' connections (connects and closes are not instant). */
  const connectedBecomes = async (n: number) => {
    for (let i = 0; i < 600 && connected() !== n; i++) await new Promise((r) => setTimeout(r, 50));
    expect(connected()).toBe(n);
  };

  it('starts without the refused collector, names it, and signs it in once it is re-keyed again', async () => {
    // First start: the fleet is seeded and every collector signs in.
    let stop = await start();
    const all = Object.keys(secrets());
    expect(all.length).toBeGreaterThanOrEqual(2);
    await connectedBecomes(all.length);
    await stop();
    await connectedBecomes(0);

    // Re-keyed while the simulator is not running: the secret it kept is refused at the next start. The server
    // starts all the same, with every other collector, and says which one and what to do.
    const serial = all[0]!;
    const lost = await rekey(serial);
    expect(secrets()[serial]).not.toBe(lost);
    stop = await start();
    await connectedBecomes(all.length - 1);
    const warning = lines.find((l) => l.level === 40 && /refused at sign-in/.test(l.msg));
    expect(warning?.collectors).toEqual([serial]);
    expect(warning?.msg).toMatch(/Re-key them again in the console/);

    // Re-keyed again while it runs: the simulator keeps the new secret and the collector signs in with it.
    const secret = await rekey(serial);
    await connectedBecomes(all.length);
    expect(secrets()[serial]).toBe(secret);
    await stop();
    await connectedBecomes(0);

    // And after the next start, with the kept secret, the whole fleet signs in.
    const before = lines.length;
    stop = await start();
    await connectedBecomes(all.length);
    expect(lines.slice(before).some((l) => /refused/.test(l.msg))).toBe(false);
    await stop();
  }, 180_000);

  it('signs a running collector in again with the secret it is given, the others untouched', async () => {
    const stop = await start();
    const all = Object.keys(secrets());
    await connectedBecomes(all.length);
    const serial = all[1]!;
    const secret = await rekey(serial);
    // The broker closed its connection of the old secret; the collector is back with the new one.
    const signedIn = () =>
      lines.some((l) => l.msg === 'demo collector signed in with its new secret' && l.collector === serial);
    for (let i = 0; i < 600 && !signedIn(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(signedIn()).toBe(true);
    await connectedBecomes(all.length);
    expect(secrets()[serial]).toBe(secret);
    await stop();
  }, 180_000);
});
