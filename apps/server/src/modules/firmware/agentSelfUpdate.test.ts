import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type CommandRow } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { AGENT_DIR, sourceAgentPackage } from '../../../test/agentPackage.ts';
import { makerKey, uploadSignedPackage } from '../../../test/firmwareFleet.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { commands } from '../commands/tables.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
// The agent's own parts: the supervisor that runs it on a gateway, and the Modbus TCP server of its tests serving
// a register image recorded from a real inverter.
import { supervise, type Supervisor } from '../../../../agent/src/update/supervisor.ts';
import { AGENT_VERSION } from '../../../../agent/src/version.ts';
import { ImageServer, loadImage, registerMap } from '../../../../agent/test/imageServer.ts';

type Headers = Record<string, string>;

/** The update builder an agent's maker runs (npm run package:update -w @solarops/agent). */
const BUILDER = path.join(AGENT_DIR, 'packaging/build-update.mjs');

const run = (file: string, args: string[], timeout: number) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(file, args, { timeout, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('an edge agent updates itself through the console, and goes back by itself', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let modbus: ImageServer;
  let admin: Headers;
  const plants: FixturePlant[] = [];
  const supervisors: Supervisor[] = [];
  const maker = makerKey();
  const makerRaw = maker.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
  // The gateways' folders live inside the repository so that the agent run from a version's folder finds the
  // repository's node_modules, as the packaged agent finds its own.
  const root = mkdtempSync(path.join(AGENT_DIR, '.update-test-'));
  // The gateway that installs the built package: nothing of the repository above it.
  const outside = mkdtempSync(path.join(os.tmpdir(), 'agent-gateway-'));
  let built: { installDir: string; supervisor: Supervisor };

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}?langType=en`, headers: admin, payload });

  /**
   * A gateway: its agent, version AGENT_VERSION as packaged, run by the supervisor on its own install folder in
   * `under` (a folder outside the repository for a package that must run from its own files alone).
   */
  function gateway(plant: FixturePlant, under = root): { installDir: string; supervisor: Supervisor } {
    const c = plant.collectors[0]!;
    const dir = path.join(under, c.serial);
    const config = path.join(under, `${c.serial}.yaml`);
    writeFileSync(
      config,
      `server: { mqttUrl: "mqtt://127.0.0.1:${broker.port}" }
collector: { serial: ${c.serial}, secret: "${c.secret}" }
intervalS: 5
dataDir: ${JSON.stringify(path.join(dir, 'data'))}
update: { trustedKeys: [${makerRaw}] }
links:
  - tcp: { host: 127.0.0.1, port: ${modbus.port} }
    devices:
      - { sn: ${plant.devices[0]!.serial}, unitId: 126 }
`,
    );
    const installDir = path.join(dir, 'install');
    const supervisor = supervise({
      installDir,
      packagedEntry: path.join(AGENT_DIR, 'bin/solarops-agent.mjs'),
      args: ['run', '--config', config],
      restartDelayMs: 100,
      stopGraceMs: 10_000,
      log: () => undefined,
    });
    supervisors.push(supervisor);
    return { installDir, supervisor };
  }

  const firmwareOf = async (serial: string) =>
    (
      await rowsOf<{ v: string }>(
        t.db,
        sql`select firmware_version as v from collectors where serial = ${serial}`,
      )
    )[0]?.v;

  const ended = async (id: string, timeout = 240_000) => {
    let row: typeof commands.$inferSelect | undefined;
    await expect
      .poll(
        async () => {
          [row] = await t.db.select().from(commands).where(eq(commands.id, id));
          return row?.finishedAt !== null;
        },
        { timeout, interval: 250 },
      )
      .toBe(true);
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp({ firmwareChunkBytes: 16 * 1024 });
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    modbus = new ImageServer([
      { unitId: 126, registers: registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518')) },
    ]);
    await modbus.start();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const owner = await createUser(t.db);
    for (let i = 0; i < 3; i++) plants.push(await createFixturePlant(t.db, { ownerId: owner.id }));
    await t.db.execute(sql`update collectors set model = 'solarops-agent', network = '4G'`);
    gateway(plants[0]!);
    gateway(plants[1]!);
    built = gateway(plants[2]!, outside);
    // Both agents online, saying the packaged version.
    for (const p of plants) {
      const serial = p.collectors[0]!.serial;
      while ((await firmwareOf(serial)) !== AGENT_VERSION) await new Promise((r) => setTimeout(r, 250));
    }
  }, 180_000);

  afterAll(async () => {
    for (const s of supervisors) await s.stop();
    await modbus?.stop();
    await broker?.close();
    await t?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('one agent installs its package and reports the new version; the other cannot start its own and goes back', async () => {
    const [a, b] = plants.map((p) => p.collectors[0]!.serial) as [string, string];
    const good = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'solarops-agent',
      version: '0.9.0',
      image: sourceAgentPackage('0.9.0'),
    });
    const broken = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'solarops-agent',
      version: '0.9.1',
      image: sourceAgentPackage('0.9.1', true),
      trust: false,
    });
    const upgradeA = await post('/firmware/upgrade', { packageId: good, serial: a });
    const upgradeB = await post('/firmware/upgrade', { packageId: broken, serial: b });
    expect([upgradeA.statusCode, upgradeB.statusCode]).toEqual([200, 200]);

    const rowA = await ended((upgradeA.json().data as CommandRow).id);
    expect(rowA.state).toBe('applied');
    expect(rowA.result).toMatchObject({ stage: 'done', running: '0.9.0' });
    expect(await firmwareOf(a)).toBe('0.9.0');

    const rowB = await ended((upgradeB.json().data as CommandRow).id);
    expect(rowB.state).toBe('failed');
    expect(rowB.reasonDetail).toMatch(
      new RegExp(
        `rolled back to ${AGENT_VERSION.replace(/\./g, '\\.')}: 0\\.9\\.1 stopped 3 times without reaching the server`,
      ),
    );
    await expect.poll(() => firmwareOf(b), { timeout: 60_000, interval: 250 }).toBe(AGENT_VERSION);
  }, 300_000);

  // The builder installs the agent's production dependencies into the package (npm ci): minutes on a loaded
  // machine; the package's tens of megabytes then travel in 16 KB chunks.
  it('a package made by the update builder, uploaded as firmware, is installed by an agent under its supervisor, which then runs it and reports its version', async () => {
    const serial = plants[2]!.collectors[0]!.serial;
    const keyFile = path.join(outside, 'maker-private.pem');
    writeFileSync(keyFile, maker.privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    const build = await run(
      process.execPath,
      [BUILDER, '--version', '0.9.5', '--key', keyFile, '--out', outside],
      600_000,
    );
    expect(build.code, build.stderr).toBe(0);
    // What the maker pastes into the upload dialog: the image and the signature printed for it.
    const imageFile = /^image: (\S+) /m.exec(build.stdout)?.[1];
    const sha256 = /^sha256: (\S+)$/m.exec(build.stdout)?.[1];
    const signature = /^signature: (\S+)$/m.exec(build.stdout)?.[1];
    expect(imageFile, build.stdout).toBe(path.join(outside, `solarops-agent-0.9.5-${archOf()}.tar.gz`));
    expect([sha256, signature], build.stdout).not.toContain(undefined);
    const packageId = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'solarops-agent',
      version: '0.9.5',
      image: readFileSync(imageFile!),
      signature: signature!,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/prod-api/firmware/package/list?pageSize=100',
      headers: admin,
    });
    expect(listed.json().rows).toContainEqual(
      expect.objectContaining({ id: packageId, version: '0.9.5', sha256, signature: 'valid' }),
    );

    const upgrade = await post('/firmware/upgrade', { packageId, serial });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const row = await ended((upgrade.json().data as CommandRow).id, 600_000);
    expect(row.state, row.reasonDetail ?? '').toBe('applied');
    expect(row.result).toMatchObject({ stage: 'done', running: '0.9.5' });
    expect(await firmwareOf(serial)).toBe('0.9.5');
    // What runs now is the package's production build, from the version's own folder.
    expect(readlinkSync(path.join(built.installDir, 'current'))).toBe(path.join('versions', '0.9.5'));
    expect(built.supervisor.child?.spawnfile).toBe(
      path.join(built.installDir, 'versions/0.9.5/apps/agent/dist/solarops-agent.mjs'),
    );
  }, 900_000);
});

/** This machine's architecture as the builder names it by default (Debian's names). */
function archOf(): string {
  return (
    ({ x64: 'amd64', arm64: 'arm64', arm: 'armhf' } as Record<string, string>)[process.arch] ?? process.arch
  );
}
