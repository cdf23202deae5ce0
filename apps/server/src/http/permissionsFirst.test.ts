import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type RouteName } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../test/createTestApp.ts';
import { createUser, loginAs } from '../../test/factories.ts';
import { operationsOf, urlOf, type Operation } from '../../test/openApi.ts';
import { roles } from '../modules/users/tables.ts';

/**
 * Authentication and permission come before validation on every route: a caller without a token gets 401 and a
 * user without the route's screen 403, whatever malformed path, query or body it sends, never a 400 that would
 * tell it the route's rules.
 */

/**
 * The calls every signed-in user may make, whatever screens its role holds (its own account, the top bar's alarm
 * bell, the fleet overview, the lists scoped to what it owns). Every other call needs a screen or a role.
 */
const OPEN_TO_EVERY_SIGNED_IN_USER = new Set([
  'GET /prod-api/user/manager/info',
  'POST /prod-api/user/manager/update/first',
  'POST /prod-api/user/manager/update',
  'POST /prod-api/user/manager/avatar',
  'POST /prod-api/role/manager/child/list',
  'GET /prod-api/user/manager/next/list',
  'GET /prod-api/user/manager/next/export',
  'GET /prod-api/user/manager/info/bycode',
  'POST /prod-api/authentication/logout',
  'GET /prod-api/plant/fleet',
  'GET /prod-api/plant/map',
  'GET /prod-api/alarm/manager/total',
  'GET /prod-api/alarm/manager/list',
  'GET /prod-api/alarm/manager/verify',
  'GET /prod-api/alarm/manager/update/verify',
  'GET /prod-api/alarm/manager/stream',
  'GET /prod-api/alarm/manager/settings',
  'PUT /prod-api/alarm/manager/settings/email',
  'GET /prod-api/alarm/catalogue',
  'POST /prod-api/system/errorlog',
  'GET /prod-api/commands/profiles',
]);

/**
 * The calls anyone may make without credentials: health for the load balancer, the sign-up forms, the public
 * settings the sign-in page reads, the payment provider's notice (checked by its signature), the metrics scrape and
 * a manual's QR link. Signing in itself needs the console's client credentials.
 */
const PUBLIC_CALLS: readonly string[] = [
  'GET /prod-api/health/live',
  'GET /prod-api/health/ready',
  'GET /prod-api/health',
  'POST /prod-api/user/manager/terminal/register',
  'POST /prod-api/user/manager/enterprise/register',
  'GET /prod-api/system/config',
  'POST /prod-api/pay/notify/{provider}',
  'GET /metrics',
  'GET /m/{model}/{language}',
];

/** A request to `op` with every parameter and the body malformed (`body` picks how). */
function malformed(op: Operation, body: 'unparsable' | 'invalid', headers: Record<string, string>) {
  const path = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, 'a%00']));
  const query = op.parameters
    .filter((p) => p.in === 'query')
    .map((p) => `${p.name}=2147483648%00`)
    .join('&');
  const request = { method: op.method, url: urlOf(op, { path, query }), headers: { ...headers } };
  if (op.method === 'GET') return request;
  if (op.body?.mediaType === 'multipart/form-data')
    return {
      ...request,
      headers: { ...request.headers, 'content-type': 'multipart/form-data' },
      payload: body === 'unparsable' ? 'x' : '--b--\r\n',
    };
  return {
    ...request,
    headers: { ...request.headers, 'content-type': 'application/json' },
    payload: body === 'unparsable' ? '{"route": "setUpList", ' : '{"route": 7, "nonsense": "\\u0000"}',
  };
}

describe('authentication and permission before validation', () => {
  let t: TestApp;
  let ops: Operation[];
  /** A signed-in user whose role holds no screen at all. */
  let noScreen: Record<string, string>;

  const signInWithScreens = async (name: string, menuList: RouteName[]) => {
    const [role] = await t.db.insert(roles).values({ name, menuList }).returning({ id: roles.id });
    return (await loginAs(t.app, await createUser(t.db, { roleId: role!.id }))).headers;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ops = operationsOf(t.app);
    noScreen = await signInWithScreens('No screens', []);
  });
  afterAll(() => t.close());

  it('asks no credentials on exactly the calls meant for anyone', async () => {
    // A route declared without a guard and without a security scheme would be open to everyone, and the walks
    // below only try the routes that name one: this list is the one place a public call is agreed to.
    const open = ops.filter((o) => o.security.length === 0).map((o) => `${o.method} ${o.path}`);
    expect(open.sort()).toEqual([...PUBLIC_CALLS].sort());
  });

  it('answers 401 without a token, before reading anything, on every route that needs one', async () => {
    const answers: string[] = [];
    for (const op of ops.filter((o) => o.security.length > 0)) {
      for (const body of ['unparsable', 'invalid'] as const) {
        const res = await t.app.inject(malformed(op, body, {}));
        if (res.statusCode !== 401) answers.push(`${op.method} ${op.path} (${body}): ${res.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('answers 403 to a user without the screen of the route, whatever it sends', async () => {
    const answers: string[] = [];
    const guarded = ops.filter(
      (o) => o.security.includes('bearer') && !OPEN_TO_EVERY_SIGNED_IN_USER.has(`${o.method} ${o.path}`),
    );
    expect(guarded.length).toBeGreaterThan(80);
    for (const op of guarded) {
      for (const body of ['unparsable', 'invalid'] as const) {
        const res = await t.app.inject(malformed(op, body, noScreen));
        if (res.statusCode !== 403) answers.push(`${op.method} ${op.path} (${body}): ${res.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('refuses a device call with a malformed body 401 before reading it when the collector is unknown', async () => {
    const device = ops.filter((o) => o.security.includes('device'));
    expect(device.map((o) => o.path)).toEqual([
      '/prod-api/device/v1/telemetry',
      '/prod-api/device/v1/event',
      '/prod-api/device/v1/status',
      '/prod-api/device/v1/reply',
    ]);
    const wrong = { authorization: `Basic ${Buffer.from('NOSUCH01:secret').toString('base64')}` };
    for (const op of device) {
      const res = await t.app.inject(malformed(op, 'invalid', wrong));
      expect(res.statusCode, op.path).toBe(401);
    }
  });

  it('checks a command call’s screens before its body: a dispatcher cannot learn the settings calls’ rules', async () => {
    const dispatcher = await signInWithScreens('Dispatch only', ['dispatch']);
    for (const path of [
      '/prod-api/commands/settings',
      '/prod-api/commands/read',
      '/prod-api/commands/debug/read',
      '/prod-api/commands/debug/write',
      '/prod-api/commands/restart',
    ]) {
      const op = ops.find((o) => o.path === path && o.method === 'POST')!;
      for (const body of ['unparsable', 'invalid'] as const) {
        const res = await t.app.inject(malformed(op, body, dispatcher));
        expect(res.statusCode, `${path} (${body})`).toBe(403);
      }
    }
  });

  it('refuses a shipment import from a distributor (the screen without the factory role) before the file', async () => {
    const distributor = await createUser(t.db, { roleId: ROLE.distributor });
    const headers = (await loginAs(t.app, distributor)).headers;
    const op = ops.find((o) => o.path === '/prod-api/shipment/import')!;
    for (const body of ['unparsable', 'invalid'] as const) {
      const res = await t.app.inject(malformed(op, body, headers));
      expect(res.statusCode, body).toBe(403);
    }
  });
});
