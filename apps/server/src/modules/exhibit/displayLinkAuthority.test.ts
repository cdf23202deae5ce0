import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDisplayLink, DisplayLink, WallOverview, WallStation } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import {
  MATRIX_ROLES,
  scopeWorld,
  seesEverything,
  type MatrixRole,
  type ScopeWorld,
} from '../../../test/scopeMatrix.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import type { FixturePlant } from '../devices/deviceFixtures.ts';

type Headers = Record<string, string>;

let t: TestApp;
let world: ScopeWorld;
/** Each plant's name by id. */
let names: Map<number, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await scopeWorld(t);
  const rows = await rowsOf<{ id: number; name: string }>(t.db, sql`select id, name from plants`);
  names = new Map(rows.map((r) => [r.id, r.name]));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const call = (headers: Headers, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/prod-api${url}`, headers: { ...headers, cookie: 'language=en' }, payload });
const display = (token: string) => ({ authorization: `Display ${token}` });
const nameOf = (p: FixturePlant) => names.get(p.plantId)!;
/** A link an administrator made over `userCode`'s plants. */
const linkOver = async (userCode: string) => {
  const res = await call(world.headers.admin, 'POST', '/exhibit/links', {
    name: 'Lobby wall',
    userCode,
    expiresInDays: 30,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CreatedDisplayLink;
};
const links = async () =>
  rowsOf<{ id: number; revoked: boolean }>(
    t.db,
    sql`select id, revoked_at is not null as revoked from display_links order by id`,
  );

/**
 * A display link reads an account's plants without a password, so only administrators make, list and revoke
 * them (decision 0024: they see every plant, so every link they handle is whole). Every other role is refused with
 * 403 and changes nothing, staff included (they see every plant but do not hand out access).
 */
describe('who may make, list and revoke display links: role × action', () => {
  const ACTIONS = ['list', 'create', 'revoke'] as const;
  const cases = MATRIX_ROLES.flatMap((role) => ACTIONS.map((action) => [role, action] as const));

  it.each(cases)('%s, %s', async (role, action) => {
    const existing = await linkOver(world.users.endUser.userCode);
    const before = await links();
    const res =
      action === 'list'
        ? await call(world.headers[role], 'GET', '/exhibit/links')
        : action === 'create'
          ? await call(world.headers[role], 'POST', '/exhibit/links', {
              name: 'Another wall',
              userCode: world.users.endUser.userCode,
              expiresInDays: 7,
            })
          : await call(world.headers[role], 'DELETE', `/exhibit/links/${existing.id}`);
    const allowed = role === 'admin';
    expect(res.statusCode, res.body).toBe(allowed ? 200 : 403);
    if (!allowed) {
      expect(res.json().msg).toBe('Permission denied');
      expect(await links()).toEqual(before);
      return;
    }
    if (action === 'list') {
      const listed = (res.json().data as DisplayLink[]).map((l) => l.id);
      expect(listed).toEqual(before.map((l) => l.id).reverse());
      // The token is shown once, when the link is made: never in the list.
      expect(res.body).not.toContain(existing.token);
    }
    if (action === 'create') expect(await links()).toHaveLength(before.length + 1);
    if (action === 'revoke') expect((await links()).find((l) => l.id === existing.id)?.revoked).toBe(true);
  });
});

/**
 * A wall opened by a link shows the plants of the link's account, its part of the fleet and nothing more: the
 * stranger's plant is not on it and cannot be asked for by id (404), and the token opens the walls only.
 */
describe('a display link shows its account’s part of the fleet only', () => {
  /** The plants of the three each role sees. */
  const visible = (role: MatrixRole) => {
    const all = [world.home.endUser, world.home.enterprise, world.outside];
    if (seesEverything(role)) return all;
    if (role === 'endUser' || role === 'enterprise') return [world.home[role]];
    return all.slice(0, 2);
  };

  it.each(MATRIX_ROLES)('a link over the %s’s account', async (role) => {
    const { token } = await linkOver(world.users[role].userCode);
    const overview = await call(display(token), 'GET', '/exhibit/overview');
    expect(overview.statusCode, overview.body).toBe(200);
    const shown = (overview.json().data as WallOverview).map.plants.map((p) => p.name).sort();
    expect(shown).toEqual(visible(role).map(nameOf).sort());
    const station = await call(display(token), 'GET', '/exhibit/station');
    expect((station.json().data as WallStation).plants.map((p) => p.name).sort()).toEqual(
      visible(role).map(nameOf).sort(),
    );
    const curve = await call(display(token), 'GET', `/exhibit/station/${world.outside.plantId}/curve`);
    expect(curve.statusCode, curve.body).toBe(seesEverything(role) ? 200 : 404);
    const home = await call(display(token), 'GET', `/exhibit/station/${world.home[role].plantId}/curve`);
    expect(home.statusCode, home.body).toBe(200);
    // Nothing but the walls: not the links, not the plant list, not a report.
    for (const url of ['/exhibit/links', '/plant/list', '/report/periodic?period=day&date=2025-11-20'])
      expect((await call(display(token), 'GET', url)).statusCode, url).toBe(401);
  });
});
