import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type CreatedDisplayLink } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../test/createTestApp.ts';
import { createUser, loginAs } from '../../test/factories.ts';
import { loggedUrl } from './requestLogValue.ts';

/**
 * A display link's token is the wall's address, so it was written to the server's log with every page load of
 * the wall (`incoming request` lines): whoever read the log could open the wall. The log now keeps the address
 * with the token replaced, and the wall still opens with it.
 */
describe('what the server log keeps of an address', () => {
  let t: TestApp;
  const lines: string[] = [];
  let admin: Record<string, string>;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({}, undefined, pino({ level: 'info' }, sink));
    const adminUser = await createUser(t.db, { roleId: ROLE.admin });
    admin = (await loginAs(t.app, adminUser)).headers;
  }, 120_000);
  afterAll(() => t.close());

  it('writes no display token, however the wall is opened', async () => {
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const created = await t.app.inject({
      method: 'POST',
      url: '/prod-api/exhibit/links',
      headers: admin,
      payload: { name: 'Lobby wall', userCode: owner.userCode, expiresInDays: 1 },
    });
    const { token } = created.json().data as CreatedDisplayLink;
    // The wall's page, its calls, and an address carrying the token as a query parameter.
    await t.app.inject({ method: 'GET', url: `/display/${token}?screen=station` });
    await t.app.inject({ method: 'GET', url: `/display/${encodeURIComponent(token)}` });
    const wall = await t.app.inject({
      method: 'GET',
      url: '/prod-api/exhibit/overview',
      headers: { authorization: `Display ${token}` },
    });
    expect(wall.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/prod-api/exhibit/overview?token=${token}` });
    const log = lines.join('');
    expect(log).toContain('/display/[redacted]?screen=station');
    expect(log).toContain('/prod-api/exhibit/overview');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.slice(0, 16));
  });

  it('redacts the secrets of an address and keeps the rest', () => {
    expect(loggedUrl('/display/abc-DEF_123?screen=operation&interval=30')).toBe(
      '/display/[redacted]?screen=operation&interval=30',
    );
    expect(loggedUrl('/prod-api/files/a1b2.pdf?expires=1767225600&sig=Zm9vYmFy')).toBe(
      '/prod-api/files/a1b2.pdf?expires=1767225600&sig=[redacted]',
    );
    expect(loggedUrl('/prod-api/plant/list?pageSize=10')).toBe('/prod-api/plant/list?pageSize=10');
  });
});
