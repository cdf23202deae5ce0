import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type CommandRow } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { makerKey, uploadSignedPackage } from '../../../test/firmwareFleet.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { commands } from '../commands/tables.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
// The agent's own parts: its package format and the supervisor that runs it on a gateway, and the Modbus TCP
// server of its tests serving a register image recorded from a real inverter.
import { packPackage, type PackageEntry } from '../../../../agent/src/update/agentPackage.ts';
import { supervise, type Supervisor } from '../../../../agent/src/update/supervisor.ts';
import { AGENT_VERSION } from '../../../../agent/src/version.ts';
import { ImageServer, loadImage, registerMap } from '../../../../agent/test/imageServer.ts';

type Headers = Record<string, string>;

const AGENT_DIR = path.resolve(import.meta.dirname, '../../../../agent');

/**
 * An agent package of this repository's agent, run from its sources as `bin/solarops-agent.mjs` runs them, saying
 * `version` as its own; `broken`: its entry throws at once, as a build that cannot start.
 */
function agentPackage(version: string, broken = false): Buffer {
  const files: PackageEntry[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(AGENT_DIR, rel))) {
      const r = `${rel}/${name}`;
      if (statSync(path.join(AGENT_DIR, r)).isDirectory()) walk(r);
      else
        files.push({
          path: `apps/agent/${r}`,
          kind: 'file',
          mode: 0o644,
          data: readFileSync(path.join(AGENT_DIR, r)),
        });
    }
  };
  walk('src');
  const manifest = JSON.parse(readFileSync(path.join(AGENT_DIR, 'package.json'), 'utf8')) as object;
  files.push(
    {
      path: 'apps/agent/package.json',
      kind: 'file',
      mode: 0o644,
      data: Buffer.from(JSON.stringify({ ...manifest, version })),
    },
    {
      path: 'apps/agent/bin/solarops-agent.mjs',
      kind: 'file',
      mode: 0o755,
      data: readFileSync(path.join(AGENT_DIR, 'bin/solarops-agent.mjs')),
    },
  );
  if (broken) {
    const main = files.find((f) => f.path === 'apps/agent/src/main.ts')!;
    main.data = Buffer.from("throw new Error('this build cannot start');\n");
  }
  return packPackage({ version, entry: 'apps/agent/bin/solarops-agent.mjs' }, files);
}

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

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}?langType=en`, headers: admin, payload });

  /** A gateway: its agent, version AGENT_VERSION as packaged, run by the supervisor on its own install folder. */
  function gateway(plant: FixturePlant): { installDir: string } {
    const c = plant.collectors[0]!;
    const dir = path.join(root, c.serial);
    const config = path.join(root, `${c.serial}.yaml`);
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
    supervisors.push(
      supervise({
        installDir,
        packagedEntry: path.join(AGENT_DIR, 'bin/solarops-agent.mjs'),
        args: ['run', '--config', config],
        restartDelayMs: 100,
        stopGraceMs: 10_000,
        log: () => undefined,
      }),
    );
    return { installDir };
  }

  const firmwareOf = async (serial: string) =>
    (
      await rowsOf<{ v: string }>(
        t.db,
        sql`select firmware_version as v from collectors where serial = ${serial}`,
      )
    )[0]?.v;

  const ended = async (id: string) => {
    let row: typeof commands.$inferSelect | undefined;
    await expect
      .poll(
        async () => {
          [row] = await t.db.select().from(commands).where(eq(commands.id, id));
          return row?.finishedAt !== null;
        },
        { timeout: 240_000, interval: 250 },
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
    for (let i = 0; i < 2; i++) plants.push(await createFixturePlant(t.db, { ownerId: owner.id }));
    await t.db.execute(sql`update collectors set model = 'solarops-agent', network = '4G'`);
    for (const p of plants) gateway(p);
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
  });

  it('one agent installs its package and reports the new version; the other cannot start its own and goes back', async () => {
    const [a, b] = plants.map((p) => p.collectors[0]!.serial) as [string, string];
    const good = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'solarops-agent',
      version: '0.9.0',
      image: agentPackage('0.9.0'),
    });
    const broken = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'solarops-agent',
      version: '0.9.1',
      image: agentPackage('0.9.1', true),
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
});
