import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type CreatedCommands } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type OpenedDatabase } from '../../db/openDatabase.ts';
import { createMailer } from '../../mail/createMailer.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';
import { startCommandFanout } from './commandFanout.ts';

describe.runIf(Boolean(process.env.DATABASE_URL))('command states pushed across two server instances', () => {
  let t: TestApp;
  let otherDb: OpenedDatabase;
  let other: App;
  const stops: (() => Promise<void>)[] = [];
  const logger = { error: () => undefined };

  beforeAll(async () => {
    t = await createTestApp();
    // A second instance: its own pool, device link and command center on the same database.
    otherDb = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    const mailer = createMailer(t.config, otherDb.db, { info: () => undefined });
    other = await buildApp({ config: t.config, db: otherDb.db, mailer, logger: false });
    await other.ready();
    stops.push(
      await startCommandFanout(t.database, t.app.deps.commandCenter, logger),
      await startCommandFanout(otherDb, other.deps.commandCenter, logger),
    );
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await other.close();
    await otherDb.close();
    await t.close();
  });

  it('streams on one instance a command created and cancelled on the other, to its owner only', async () => {
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const installer = await createUser(t.db, { roleId: ROLE.installer });
    const stranger = await createUser(t.db, { roleId: ROLE.installer });
    const plant = await createFixturePlant(t.db, {
      ownerId: owner.id,
      installerId: installer.id,
      devices: [{ model: 'SO-5K-S1' }],
    });
    const serial = plant.devices[0]!.serial;
    const mine = (await loginAs(t.app, installer)).headers;
    const theirs = (await loginAs(t.app, stranger)).headers;

    await other.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.server.address() as AddressInfo;
    const open = (headers: http.OutgoingHttpHeaders) =>
      new Promise<{ text: () => string; res: http.IncomingMessage }>((resolve) => {
        http.get({ host: '127.0.0.1', port, path: '/prod-api/commands/stream', headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          resolve({ text: () => text, res });
        });
      });
    const myStream = await open(mine);
    const theirStream = await open(theirs);
    expect(myStream.res.statusCode).toBe(200);

    // Created on the first instance; the collector is offline, so it waits queued, and is cancelled there.
    const created = await t.app.inject({
      method: 'POST',
      url: '/prod-api/commands/settings',
      headers: mine,
      payload: {
        route: 'remoteSet',
        serials: [serial],
        values: { activePowerLimitPct: 55 },
        confirm: serial,
      },
    });
    expect(created.statusCode).toBe(200);
    const id = (created.json().data as CreatedCommands).commands[0]!.id;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/prod-api/commands/${id}/cancel`,
      headers: mine,
    });
    expect(cancel.statusCode).toBe(200);

    await expect
      .poll(() => myStream.text(), { timeout: 30_000 })
      .toMatch(new RegExp(`"id":"${id}"[^}]*"state":"cancelled"`));
    expect(theirStream.text()).not.toContain(id);
    myStream.res.destroy();
    theirStream.res.destroy();
  });
});
