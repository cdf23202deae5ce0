import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_MAPS } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../test/createTestApp.ts';
import { operationsOf } from '../../test/openApi.ts';
import { API_PREFIX } from './apiPrefix.ts';
import { declaredEndpoints } from './endpointRoute.ts';

/**
 * The endpoint map and the server's routes agree: each entry is served at its method and path by a route declared
 * from that entry (`endpointRoute`), and a mapped module has no route outside the map. The console calls the same
 * entries (`callEndpoint`; ESLint refuses a written path of a mapped module there), so for a mapped endpoint the
 * path or method cannot differ between server and console.
 */
/**
 * Under a mapped segment, but not the console's: the payment providers' notifications, signed by the provider; and
 * the devices' own HTTP link (`/device/v1/*`, deviceLink/httpRoutes.ts), called by data loggers and edge agents with
 * their device credentials (and its counters, read by an administrator's monitoring). Its paths are the device
 * protocol (docs/device-protocol.md), kept by the firmware and agents in the field and changed only by a new
 * version (`v1`), never with the console, which does not call them: the map holds what the server and the console
 * must agree on, so they stay off it.
 */
const NOT_THE_CONSOLES = [`${API_PREFIX}/pay/notify/`, `${API_PREFIX}/device/v1/`];

/**
 * The first segments under the API prefix deliberately not on the map: not the console's calls. (Outside the prefix,
 * and so outside the map: the metrics scrape and a manual's public address, a link in a printed QR code.)
 */
const NOT_ON_THE_MAP = new Set([
  // The load balancer's probes.
  'health',
]);

describe('the endpoint map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const entries = Object.entries(ENDPOINT_MAPS).flatMap(([segment, map]) =>
    Object.entries(map).map(([name, endpoint]) => ({ segment, name, endpoint })),
  );

  it.each(entries.map((e) => [`${e.segment}.${e.name}`, e] as const))(
    '%s is served where the map says, by a route declared from it',
    (_, { endpoint }) => {
      expect(declaredEndpoints.has(endpoint)).toBe(true);
      expect(t.app.hasRoute({ method: endpoint.method, url: `${API_PREFIX}${endpoint.path}` })).toBe(true);
    },
  );

  it('a mapped module has no route outside the map', () => {
    const mapped = new Set(entries.map(({ endpoint }) => `${endpoint.method} ${API_PREFIX}${endpoint.path}`));
    const segments = Object.keys(ENDPOINT_MAPS);
    const served = operationsOf(t.app)
      .filter((op) =>
        segments.some((s) => op.path === `${API_PREFIX}/${s}` || op.path.startsWith(`${API_PREFIX}/${s}/`)),
      )
      .filter((op) => !NOT_THE_CONSOLES.some((door) => op.path.startsWith(door)))
      .map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`);
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((route) => !mapped.has(route))).toEqual([]);
    expect([...mapped].filter((route) => !served.includes(route))).toEqual([]);
  });

  it("holds every segment under the API's prefix but those that are not the console's", () => {
    const segments = new Set(
      operationsOf(t.app)
        .filter((op) => op.path.startsWith(`${API_PREFIX}/`))
        .map((op) => op.path.slice(API_PREFIX.length + 1).split('/')[0] ?? ''),
    );
    expect([...segments].filter((s) => !(s in ENDPOINT_MAPS) && !NOT_ON_THE_MAP.has(s)).sort()).toEqual([]);
  });
});
