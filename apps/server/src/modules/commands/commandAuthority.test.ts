import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type CreatedCommands } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
import { roles } from '../users/tables.ts';

const ROLES = [
  'admin',
  'staff',
  'staffWithoutRoutes',
  'distributor',
  'installer',
  'endUser',
  'enterprise',
] as const;
type RoleName = (typeof ROLES)[number];
const COMMANDS = ['setting', 'batch', 'dispatch', 'debugRead', 'debugWrite', 'restart'] as const;
type CommandName = (typeof COMMANDS)[number];
type Scope = 'inside' | 'outside';

/**
 * What each role may do, written out: 200 allowed, 403 without the screen's permission, 404 outside the scope.
 * Distributors and installers hold the settings, batch and dispatch screens by default, not `debug`; end users
 * and enterprises hold no command screen; staff roles see every plant.
 */
function expected(role: RoleName, command: CommandName, scope: Scope): 200 | 403 | 404 {
  switch (role) {
    case 'admin':
    case 'staff':
      return 200;
    case 'staffWithoutRoutes':
    case 'endUser':
    case 'enterprise':
      return 403;
    case 'distributor':
    case 'installer':
      if (command === 'debugRead' || command === 'debugWrite' || command === 'restart') return 403;
      return scope === 'inside' ? 200 : 404;
  }
}

const slot = { start: 0, end: 360, mode: 'charge', powerW: 2000, socMin: 10, socMax: 90 };

describe('who may command which device: role × command × scope, watched on the broker', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  const plants = {} as Record<Scope, FixturePlant>;
  const headers = {} as Record<RoleName, { authorization: string }>;
  /** Command ids that reached `dev/+/down/cmd`, by collector. */
  const onBroker: { collector: string; cmdId: string }[] = [];
  let stopWatching: () => void;

  beforeAll(async () => {
    t = await createTestApp();
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    stopWatching = broker.watch('dev/+/down/cmd', (topic, payload) => {
      onBroker.push({
        collector: topic.split('/')[1]!,
        cmdId: (JSON.parse(payload.toString()) as { cmdId: string }).cmdId,
      });
    });
    const distributor = await createUser(t.db, { roleId: ROLE.distributor });
    const installer = await createUser(t.db, { roleId: ROLE.installer, parent: distributor });
    const endUser = await createUser(t.db, { roleId: ROLE.endUser, parent: installer });
    const devices = [
      { model: 'SO-5K-S1' },
      { model: 'SO-5K-S1' },
      { kind: 'hybridInverter' as const, model: 'SO-H5K-S' },
    ];
    plants.inside = await createFixturePlant(t.db, {
      ownerId: endUser.id,
      installerId: installer.id,
      devices,
    });
    // Another installer's customer: outside every scope but the staff's.
    const stranger = await createUser(t.db, { roleId: ROLE.endUser });
    plants.outside = await createFixturePlant(t.db, {
      ownerId: stranger.id,
      installerId: (await createUser(t.db, { roleId: ROLE.installer })).id,
      devices,
    });
    // Every collector online: whatever is allowed goes to the broker at once.
    await t.db.execute(sql`update collectors set online = true`);
    const [bare] = await t.db
      .insert(roles)
      .values({ name: 'plant viewers', menuList: ['list', 'devicelist'] })
      .returning();
    const users: Record<RoleName, Parameters<typeof loginAs>[1]> = {
      admin: await createUser(t.db, { roleId: ROLE.admin }),
      staff: await createUser(t.db, { roleId: ROLE.staff }),
      staffWithoutRoutes: await createUser(t.db, { roleId: bare!.id }),
      distributor,
      installer,
      endUser,
      enterprise: await createUser(t.db, { roleId: ROLE.enterprise }),
    };
    for (const r of ROLES) headers[r] = (await loginAs(t.app, users[r])).headers;
  });
  afterAll(async () => {
    stopWatching();
    await broker.close();
    await t.close();
  });

  const request = (command: CommandName, scope: Scope): { url: string; payload: object } => {
    const [a, b, hybrid] = plants[scope].devices.map((d) => d.serial) as [string, string, string];
    switch (command) {
      case 'setting':
        return {
          url: '/commands/settings',
          payload: { route: 'remoteSet', serials: [a], values: { activePowerLimitPct: 80 }, confirm: a },
        };
      case 'batch':
        return {
          url: '/commands/settings',
          payload: { route: 'setUpList', serials: [a, b], values: { activePowerLimitPct: 90 }, confirm: '2' },
        };
      case 'dispatch':
        return {
          url: '/commands/dispatch',
          payload: {
            serials: [hybrid],
            schedule: { dispatchId: 'M1', weekday: [slot], weekend: [] },
            confirm: hybrid,
          },
        };
      case 'debugRead':
        return {
          url: '/commands/debug/read',
          payload: { route: 'debug', serial: a, address: 40_000, count: 2, dataType: 'u16' },
        };
      case 'debugWrite':
        return {
          url: '/commands/debug/write',
          payload: {
            route: 'debug',
            serial: a,
            address: 40_188,
            dataType: 'u16',
            values: [900],
            confirm: a,
          },
        };
      case 'restart':
        return { url: '/commands/restart', payload: { route: 'debug', serial: a, confirm: a } };
    }
  };

  const cases = ROLES.flatMap((role) =>
    COMMANDS.flatMap((command) =>
      (['inside', 'outside'] as const).map((scope) => [role, command, scope] as const),
    ),
  );

  it.each(cases)('%s, %s, device %s its scope', async (role, command, scope) => {
    const { url, payload } = request(command, scope);
    const collector = plants[scope].collectors[0]!.serial;
    const before = onBroker.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/prod-api${url}`,
      headers: headers[role],
      payload,
    });
    const want = expected(role, command, scope);
    expect(res.statusCode, res.body).toBe(want);
    if (want === 200) {
      const created = res.json().data as CreatedCommands;
      expect(created.refused).toEqual([]);
      // Each command went down to its own collector, and nothing else did.
      const ids = created.commands.map((c) => c.id).sort();
      expect(ids.length).toBe(command === 'batch' ? 2 : 1);
      expect(
        onBroker
          .slice(before)
          .map((m) => m.cmdId)
          .sort(),
      ).toEqual(ids);
      expect(onBroker.slice(before).every((m) => m.collector === collector)).toBe(true);
    } else {
      expect(onBroker.length).toBe(before);
    }
  });

  it('stored exactly the allowed commands, and the broker carried exactly those', async () => {
    const allowed = cases.filter(([r, c, s]) => expected(r, c, s) === 200);
    const wanted = allowed.reduce((n, [, c]) => n + (c === 'batch' ? 2 : 1), 0);
    const [row] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from commands`);
    expect(row?.n).toBe(wanted);
    expect(new Set(onBroker.map((m) => m.cmdId)).size).toBe(wanted);
  });
});
