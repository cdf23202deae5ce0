import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type CommandRow } from '@solarops/contracts';
import { CollectorLink, CommandResponder, FirmwareUpdater, type UpgradeFailures } from '@solarops/simulator';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { makerKey, uploadSignedPackage } from '../../../test/firmwareFleet.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { commands } from '../commands/tables.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
import type { UpgradeResult } from './transfer.ts';

type Headers = Record<string, string>;

const CHUNK = 1024;

describe('upgrading one collector through the command model, over the embedded broker', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let admin: Headers;
  let installer: Headers;
  let own: FixturePlant;
  let stranger: FixturePlant;
  let link: CollectorLink;
  let updater: FirmwareUpdater;
  const failures: UpgradeFailures = {};
  const maker = makerKey();
  const cmdsOnBroker: { collector: string; cmdId: string }[] = [];
  let stopWatching: () => void;

  const post = (url: string, headers: Headers, payload: object, lang = 'en') =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}?langType=${lang}`, headers, payload });

  /** Uploads an image signed by the trusted maker and answers its package id. */
  const uploadPackage = (version: string, size: number) =>
    uploadSignedPackage(t.app, admin, maker, { collectType: 'SC-4G', version, size, trust: false });

  const upgrade = (packageId: number, serial = own.collectors[0]!.serial, headers = admin, lang = 'en') =>
    post('/firmware/upgrade', headers, { packageId, serial }, lang);

  /** The command as the database holds it once it has ended. */
  const ended = async (id: string) => {
    let row: typeof commands.$inferSelect | undefined;
    await expect
      .poll(
        async () => {
          [row] = await t.db.select().from(commands).where(eq(commands.id, id));
          return row?.finishedAt !== null;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp({ firmwareChunkBytes: CHUNK });
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    stopWatching = broker.watch('dev/+/down/cmd', (topic, payload) => {
      cmdsOnBroker.push({
        collector: topic.split('/')[1]!,
        cmdId: (JSON.parse(payload.toString()) as { cmdId: string }).cmdId,
      });
    });
    const dist = await createUser(t.db, { roleId: ROLE.distributor });
    const inst = await createUser(t.db, { roleId: ROLE.installer, parent: dist });
    const owner = await createUser(t.db, { roleId: ROLE.endUser, parent: inst });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    installer = (await loginAs(t.app, inst)).headers;
    own = await createFixturePlant(t.db, { ownerId: owner.id, installerId: inst.id });
    stranger = await createFixturePlant(t.db, { ownerId: (await createUser(t.db)).id });
    await t.db.execute(sql`update collectors set model = 'SC-4G', network = '4G'`);
    const publicKey = maker.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
    expect((await post('/firmware/key/add', admin, { name: 'maker', publicKey })).statusCode).toBe(200);

    const c = own.collectors[0]!;
    updater = new FirmwareUpdater((r) => link.sendReply(r), {
      version: '1.0.0',
      trustedKeys: [maker.publicKey],
      failures,
      retryMs: 500,
      stepMs: 10,
    });
    const responder = new CommandResponder(new Map(), (r) => link.sendReply(r), {
      firmware: new Map([[c.serial, updater]]),
    });
    link = new CollectorLink({
      url: `mqtt://127.0.0.1:${broker.port}`,
      serial: c.serial,
      secret: c.secret,
      reconnectMs: 100,
      onCommand: (m) => responder.handle(m),
    });
    await link.start();
    // Online once its status message is stored.
    for (let i = 0; i < 600; i++) {
      if ((await rowsOf(t.db, sql`select 1 from collectors where online`)).length === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 120_000);
  afterAll(async () => {
    stopWatching();
    await link.stop();
    await broker.close();
    await t.close();
  });

  it('sends the image in chunks and ends done when the device runs the new version', async () => {
    const size = 20 * CHUNK + 100;
    const res = await upgrade(await uploadPackage('2.0.0', size));
    expect(res.statusCode).toBe(200);
    const row = await ended((res.json().data as CommandRow).id);
    expect(row.state).toBe('applied');
    expect(row.result).toMatchObject({ stage: 'done', running: '2.0.0', progress: 100 });
    expect(updater.version).toBe('2.0.0');
    const chunkIds = cmdsOnBroker.filter((m) => m.cmdId.startsWith(`${row.id}.c`));
    expect(chunkIds.length).toBeGreaterThanOrEqual(21);
  }, 90_000);

  it('resumes after a power cycle at 50 % from the last verified chunk, sending under 160 % of the image', async () => {
    const size = 60 * CHUNK;
    const before = updater.bytesReceived;
    const res = await upgrade(await uploadPackage('2.1.0', size));
    const id = (res.json().data as CommandRow).id;
    await expect.poll(() => updater.progress, { timeout: 30_000, interval: 5 }).toBeGreaterThanOrEqual(50);
    // Power off: the link drops and the RAM is lost; the flash keeps the verified chunks.
    updater.powerOff();
    await link.stop();
    const atCut = updater.bytesReceived - before;
    await new Promise((r) => setTimeout(r, 300));
    await link.start();
    updater.powerOn();
    const row = await ended(id);
    expect(row.state).toBe('applied');
    expect(updater.version).toBe('2.1.0');
    // Nothing before the cut was received twice, and the server sent well under 160 % of the image.
    expect(updater.bytesReceived - before).toBe(size);
    expect(atCut).toBeGreaterThanOrEqual(size / 2);
    expect((row.result as UpgradeResult).bytesSent).toBeLessThan(1.6 * size);
  }, 90_000);

  it('never installs an image whose checksum does not match: the device keeps its version', async () => {
    const installed = [...updater.installed];
    failures.badChecksum = true;
    const res = await upgrade(await uploadPackage('2.2.0', 8 * CHUNK));
    const row = await ended((res.json().data as CommandRow).id);
    failures.badChecksum = false;
    expect(row.state).toBe('failed');
    expect(row.reasonDetail).toMatch(/checksum mismatch/);
    expect(row.result).toMatchObject({ stage: 'failed' });
    expect(updater.version).toBe('2.1.0');
    expect(updater.installed).toEqual(installed);
  }, 90_000);

  it('refuses an offline device with the spec message, in zh and en', async () => {
    const pkg = await uploadPackage('2.4.0', 2 * CHUNK);
    const offline = stranger.collectors[0]!.serial;
    const en = await upgrade(pkg, offline);
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('Device offline cannot be upgraded!');
    const zh = await upgrade(pkg, offline, admin, 'zh');
    expect(zh.json().msg).toBe('设备离线，无法升级！');
  });

  it('lets an installer upgrade only its own devices: nothing reaches the broker for another', async () => {
    const pkg = await uploadPackage('2.5.0', 2 * CHUNK);
    await t.db.execute(
      sql`update collectors set online = true where serial = ${stranger.collectors[0]!.serial}`,
    );
    const sentBefore = cmdsOnBroker.length;
    const res = await upgrade(pkg, stranger.collectors[0]!.serial, installer);
    expect(res.statusCode).toBe(404);
    expect(
      cmdsOnBroker.slice(sentBefore).filter((m) => m.collector === stranger.collectors[0]!.serial),
    ).toEqual([]);
    const mine = await upgrade(pkg, own.collectors[0]!.serial, installer);
    expect(mine.statusCode).toBe(200);
    expect((await ended((mine.json().data as CommandRow).id)).state).toBe('applied');
    const list = await t.app.inject({
      method: 'GET',
      url: '/prod-api/firmware/upgrade/list',
      headers: installer,
    });
    const serials = (list.json().rows as CommandRow[]).map((r) => r.deviceSerial);
    expect(serials).not.toContain(stranger.collectors[0]!.serial);
    expect(serials).toContain(own.collectors[0]!.serial);
  }, 90_000);
});
