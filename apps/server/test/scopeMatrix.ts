import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { ROLE } from '@solarops/contracts';
import type { Database } from '../src/db/openDatabase.ts';
import { rowsOf } from '../src/db/rowsOf.ts';
import { createFixturePlant, type FixturePlant } from '../src/modules/devices/deviceFixtures.ts';
import { createTestApp, type TestApp } from './createTestApp.ts';
import { createUser, loginAs, type TestUser } from './factories.ts';

/**
 * The recipe of the role × object × scope tests (ARCHITECTURE §4): one account per role, each with a plant of
 * its own ("home"), and a stranger's plant outside every scope but the staff's. An object over the home plant is
 * wholly in the role's scope, over home and the stranger's plant partly, over the stranger's alone not at all.
 *
 *   distributor ← installer (created by it) ← end user (plant `endUser`), enterprise (plant `enterprise`)
 *   another installer ← stranger (plant `outside`)
 *
 * Administrators and staff see every plant: for them every object is wholly in scope.
 */
export const MATRIX_ROLES = ['admin', 'staff', 'distributor', 'installer', 'endUser', 'enterprise'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];
export const REACHES = ['all', 'part', 'none'] as const;
/** How much of an object lies in the caller's scope. */
export type Reach = (typeof REACHES)[number];

export interface ScopeWorld {
  users: Record<MatrixRole, TestUser>;
  headers: Record<MatrixRole, { authorization: string }>;
  /** The plant each role sees as its own (administrators, staff, distributor and installer: the end user's). */
  home: Record<MatrixRole, FixturePlant>;
  outside: FixturePlant;
  /** The plants an object of `reach` spans for `role`. */
  plantsOf(role: MatrixRole, reach: Reach): FixturePlant[];
  /**
   * The plants of the three that `role` sees: all of them for administrators and staff, the two its installer
   * built for the distributor and the installer, its own for an end user or an enterprise.
   */
  visibleTo(role: MatrixRole): FixturePlant[];
}

/** What each of the three plants holds (collectors, devices). */
export type WorldPlant = Omit<Parameters<typeof createFixturePlant>[1], 'ownerId' | 'installerId'>;

/**
 * The world's chain of accounts alone, distributor ← installer ← end user, with the end user's plant built by the
 * installer: for tests of what one installer's changes add up to, where no other plant is needed.
 */
export async function installerChain(db: Database, plant: WorldPlant = {}) {
  const distributor = await createUser(db, { roleId: ROLE.distributor });
  const installer = await createUser(db, { roleId: ROLE.installer, parent: distributor });
  const endUser = await createUser(db, { roleId: ROLE.endUser, parent: installer });
  return {
    distributor,
    installer,
    endUser,
    plant: await createFixturePlant(db, { ...plant, ownerId: endUser.id, installerId: installer.id }),
  };
}

/** Builds the world: `plant` says what each of the three plants holds. */
export async function scopeWorld(t: TestApp, plant: WorldPlant = {}): Promise<ScopeWorld> {
  const db: Database = t.db;
  const { distributor, installer, endUser, plant: mine } = await installerChain(db, plant);
  const enterprise = await createUser(db, { roleId: ROLE.enterprise, parent: installer });
  const theirs = await createFixturePlant(db, {
    ...plant,
    ownerId: enterprise.id,
    installerId: installer.id,
  });
  const stranger = await createUser(db, { roleId: ROLE.endUser });
  const outside = await createFixturePlant(db, {
    ...plant,
    ownerId: stranger.id,
    installerId: (await createUser(db, { roleId: ROLE.installer })).id,
  });
  const users: Record<MatrixRole, TestUser> = {
    admin: await createUser(db, { roleId: ROLE.admin }),
    staff: await createUser(db, { roleId: ROLE.staff }),
    distributor,
    installer,
    endUser,
    enterprise,
  };
  const headers = {} as ScopeWorld['headers'];
  for (const r of MATRIX_ROLES) headers[r] = (await loginAs(t.app, users[r])).headers;
  const home: Record<MatrixRole, FixturePlant> = {
    admin: mine,
    staff: mine,
    distributor: mine,
    installer: mine,
    endUser: mine,
    enterprise: theirs,
  };
  return {
    users,
    headers,
    home,
    outside,
    plantsOf: (role, reach) =>
      reach === 'all' ? [home[role]] : reach === 'part' ? [home[role], outside] : [outside],
    visibleTo: (role) => {
      if (seesEverything(role)) return [mine, theirs, outside];
      if (role === 'endUser' || role === 'enterprise') return [home[role]];
      return [mine, theirs];
    },
  };
}

type Headers = { authorization: string };

/** A test file's matrix: the app, its world, and the calls its cases make. */
export interface MatrixApp {
  readonly t: TestApp;
  readonly world: ScopeWorld;
  /** An administrator outside the six roles, who makes the objects (batches, rollouts) the roles then act on. */
  readonly author: Headers;
  /** A call as a role of the world or with other headers, answered in English unless `langType` asks otherwise. */
  call(
    who: MatrixRole | Headers,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** A plant's name, as reports and walls show it. */
  nameOf(plant: FixturePlant): string;
}

/**
 * One app and its world for the cases of a file or a `describe`: built in `beforeAll` (then `prepare`, for what
 * the file adds: a firmware package, collectors online) and closed in `afterAll`. Read its parts inside tests.
 */
export function scopeMatrixApp(plant: WorldPlant = {}, prepare?: (m: MatrixApp) => Promise<void>): MatrixApp {
  let built: { t: TestApp; world: ScopeWorld; author: Headers; names: Map<number, string> } | undefined;
  const ready = () => {
    if (!built) throw new Error('the matrix app is built in beforeAll: read it inside a test');
    return built;
  };
  const m: MatrixApp = {
    get t() {
      return ready().t;
    },
    get world() {
      return ready().world;
    },
    get author() {
      return ready().author;
    },
    call: (who, method, url, payload) =>
      ready().t.app.inject({
        method,
        url: `/prod-api${url}`,
        headers: { ...(typeof who === 'string' ? ready().world.headers[who] : who), cookie: 'language=en' },
        payload,
      }),
    nameOf: (p) => ready().names.get(p.plantId)!,
  };
  beforeAll(async () => {
    const t = await createTestApp();
    const world = await scopeWorld(t, plant);
    const author = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const rows = await rowsOf<{ id: number; name: string }>(t.db, sql`select id, name from plants`);
    built = { t, world, author, names: new Map(rows.map((r) => [r.id, r.name])) };
    await prepare?.(m);
  }, 60_000);
  afterAll(async () => {
    await built?.t.close();
    built = undefined;
  });
  return m;
}

/** Every role × action × reach, for `it.each`. */
export const matrixCases = <A extends string>(actions: readonly A[]) =>
  MATRIX_ROLES.flatMap((role) =>
    actions.flatMap((action) => REACHES.map((reach) => [role, action, reach] as const)),
  );

/** Administrators and staff see every plant (ARCHITECTURE §4). */
export const seesEverything = (role: MatrixRole) => role === 'admin' || role === 'staff';

/**
 * What a role may do to an object spanning plants, by how much of it lies in the role's scope, when the call needs
 * a screen that `hasScreen` says the role holds: all of it 200; part of it 403 (a partial view never acts on the
 * whole, decision 0024); none of it 404 (another tenant's object does not exist for the caller).
 */
export function wholeOrNothing(role: MatrixRole, reach: Reach, hasScreen: boolean): 200 | 403 | 404 {
  if (!hasScreen) return 403;
  if (seesEverything(role) || reach === 'all') return 200;
  return reach === 'part' ? 403 : 404;
}
