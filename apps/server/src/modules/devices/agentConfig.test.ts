import { sql } from 'drizzle-orm';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_COLLECTOR_MODEL, ROLE, type AgentConfigFile } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from './deviceFixtures.ts';
// The agent's own reading of its configuration file: what the console hands out must pass it.
import { agentConfig } from '../../../../agent/src/run/config.ts';

describe('an edge agent’s configuration, given once with a new secret', () => {
  let t: TestApp;
  let installer: Record<string, string>;
  let owner: Record<string, string>;
  let mine: FixturePlant;
  let logger: FixturePlant;
  let theirs: FixturePlant;

  const hash = async (serial: string) =>
    (
      (await t.db.execute(sql`select secret_hash from collectors where serial = ${serial}`)) as unknown as {
        rows: { secret_hash: string }[];
      }
    ).rows[0]!.secret_hash;
  const ask = (serial: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/prod-api/collector/${serial}/agent-config?langType=en`, headers });
  /** The collector's status over HTTP with `secret`: 200 when the server takes that secret. */
  const statusWith = async (serial: string, secret: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/prod-api/device/v1/status',
        headers: { authorization: `Basic ${Buffer.from(`${serial}:${secret}`).toString('base64')}` },
        payload: { state: 'online' },
      })
    ).statusCode;

  beforeAll(async () => {
    t = await createTestApp();
    const me = await createUser(t.db, { roleId: ROLE.installer });
    const other = await createUser(t.db, { roleId: ROLE.installer });
    const endUser = await createUser(t.db, { roleId: ROLE.endUser });
    mine = await createFixturePlant(t.db, {
      ownerId: endUser.id,
      installerId: me.id,
      timeZone: 'Europe/Berlin',
      devices: [{}, { kind: 'meter', ratedPowerW: 0, pvStrings: 0 }],
    });
    logger = await createFixturePlant(t.db, { ownerId: endUser.id, installerId: me.id });
    theirs = await createFixturePlant(t.db, { ownerId: endUser.id, installerId: other.id });
    for (const p of [mine, theirs]) {
      await t.db.execute(
        sql`update collectors set model = ${AGENT_COLLECTOR_MODEL} where serial = ${p.collectors[0]!.serial}`,
      );
    }
    installer = (await loginAs(t.app, me)).headers;
    owner = (await loginAs(t.app, endUser)).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the installer its agent.yaml and QR code with a new secret: the agent reads it, only that secret works', async () => {
    const c = mine.collectors[0]!;
    const res = await ask(c.serial, installer);
    expect(res.statusCode).toBe(200);
    const file = res.json().data as AgentConfigFile;
    expect(file.serial).toBe(c.serial);
    expect(file.fileName).toBe(`agent-${c.serial}.yaml`);
    const config = agentConfig.parse(parse(file.config));
    expect(config.collector).toEqual({ serial: c.serial, secret: file.secret });
    expect(config.timeZone).toBe('Europe/Berlin');
    // Its devices by serial, so the installer types none of them.
    expect(config.links[0]!.devices.map((d) => d.sn)).toEqual(mine.devices.map((d) => d.serial).sort());
    expect(config.server.mqttUrl).toMatch(/^mqtt:\/\/[^/]+:\d+$/);
    expect(config.server.httpUrl).toMatch(/^http:\/\//);
    expect(file.qrSvg).toMatch(/^<svg[^>]*>/);
    // The new secret signs the agent in; the one it had no longer does.
    expect(await statusWith(c.serial, file.secret)).toBe(200);
    expect(await statusWith(c.serial, c.secret)).toBe(401);
    // Shown once: asked again, it is another secret, and the first stops working.
    const again = (await ask(c.serial, installer)).json().data as AgentConfigFile;
    expect(again.secret).not.toBe(file.secret);
    expect(await statusWith(c.serial, file.secret)).toBe(401);
  });

  it('refuses another installer’s agent, a datalogger, an end user and a malformed serial, changing nothing', async () => {
    const before = {
      theirs: await hash(theirs.collectors[0]!.serial),
      logger: await hash(logger.collectors[0]!.serial),
      mine: await hash(mine.collectors[0]!.serial),
    };
    expect((await ask(theirs.collectors[0]!.serial, installer)).statusCode).toBe(404);
    const datalogger = await ask(logger.collectors[0]!.serial, installer);
    expect(datalogger.statusCode).toBe(409);
    expect(datalogger.json().msg).toBe(
      'This collector is not an edge agent: its secret is in its firmware, it has no agent configuration',
    );
    expect((await ask(mine.collectors[0]!.serial, owner)).statusCode).toBe(403);
    expect((await ask('X'.repeat(40), installer)).statusCode).toBe(400);
    expect(await hash(theirs.collectors[0]!.serial)).toBe(before.theirs);
    expect(await hash(logger.collectors[0]!.serial)).toBe(before.logger);
    expect(await hash(mine.collectors[0]!.serial)).toBe(before.mine);
  });

  describe('a new edge agent added from the console', () => {
    const add = (body: object, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/prod-api/collector/agent?langType=en', headers, payload: body });
    const collectorCount = async () =>
      (
        (await t.db.execute(sql`select count(*)::int as n from collectors`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;

    it('is made in the installer’s plant as an agent, and its configuration comes with it, once', async () => {
      const res = await add({ plantId: mine.plantId, serial: 'AGT-ROOF-01' }, installer);
      expect(res.statusCode).toBe(200);
      const file = res.json().data as AgentConfigFile;
      expect(file.serial).toBe('AGT-ROOF-01');
      expect(file.fileName).toBe('agent-AGT-ROOF-01.yaml');
      const config = agentConfig.parse(parse(file.config));
      expect(config.collector).toEqual({ serial: 'AGT-ROOF-01', secret: file.secret });
      expect(config.timeZone).toBe('Europe/Berlin');
      // No device to name yet: one unit, which the agent names by what its discovery finds.
      expect(config.links[0]!.devices).toEqual([{ unitId: 1, profile: 'sunspec' }]);
      expect(file.qrSvg).toMatch(/^<svg[^>]*>/);
      // It signs in with that secret, and its card is the installer's, in that plant, as an agent.
      expect(await statusWith('AGT-ROOF-01', file.secret)).toBe(200);
      const card = await t.app.inject({
        method: 'GET',
        url: '/prod-api/collector/AGT-ROOF-01',
        headers: installer,
      });
      expect(card.statusCode).toBe(200);
      expect(card.json().data).toMatchObject({
        serial: 'AGT-ROOF-01',
        plantId: mine.plantId,
        model: AGENT_COLLECTOR_MODEL,
        online: true,
      });
      // The plant's collectors list it, though no device reports through it yet; another's plant lists none.
      const listed = await t.app.inject({
        method: 'GET',
        url: `/prod-api/plant/${mine.plantId}/collectors`,
        headers: installer,
      });
      expect((listed.json().data as { serial: string }[]).map((c) => c.serial)).toContain('AGT-ROOF-01');
      const other = await t.app.inject({
        method: 'GET',
        url: `/prod-api/plant/${theirs.plantId}/collectors`,
        headers: installer,
      });
      expect(other.json().data).toEqual([]);
    });

    it('refuses a taken or malformed serial on its field, another installer’s plant and an end user, storing nothing', async () => {
      const before = await collectorCount();
      const taken = await add({ plantId: mine.plantId, serial: theirs.collectors[0]!.serial }, installer);
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors).toEqual([
        { field: 'serial', message: 'Another collector or device already has this serial number' },
      ]);
      const device = await add({ plantId: mine.plantId, serial: mine.devices[0]!.serial }, installer);
      expect(device.json().errors[0].field).toBe('serial');
      const malformed = await add({ plantId: mine.plantId, serial: 'my agent' }, installer);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors).toEqual([
        { field: 'serial', message: 'A serial number is 4 to 32 letters, digits, - or _' },
      ]);
      expect((await add({ plantId: theirs.plantId, serial: 'AGT-THEIRS-1' }, installer)).statusCode).toBe(
        404,
      );
      expect((await add({ plantId: mine.plantId, serial: 'AGT-OWNER-1' }, owner)).statusCode).toBe(403);
      expect(await collectorCount()).toBe(before);
    });
  });
});
