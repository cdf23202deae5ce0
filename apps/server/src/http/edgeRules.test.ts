import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../test/createTestApp.ts';
import { clientAuth, createUser, loginAs } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';

/**
 * A multipart body of `totalBytes` generated on the fly (nothing that size is ever allocated), and how many bytes
 * the server has pulled from it so far.
 */
function hugeUpload(totalBytes: number) {
  const boundary = '----solarops-huge';
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const counter = { pulled: 0 };
  async function* body() {
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    counter.pulled += head.length;
    yield head;
    for (let sent = 0; sent < totalBytes; sent += chunk.length) {
      counter.pulled += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body(), { objectMode: false, highWaterMark: 64 * 1024 }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    counter,
  };
}

describe('one input rule at the edge', () => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.db, { roleId: ROLE.admin });
    admin = (await loginAs(t.app, user)).headers;
  });
  afterAll(() => t.close());

  it('refuses a NUL character in any string with 400, naming the field', async () => {
    const query = await t.app.inject({ url: '/prod-api/plant/list?name=%00&langType=en', headers: admin });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      code: 400,
      errors: [{ field: 'name', message: expect.stringContaining('NUL') }],
    });
    const body = await t.app.inject({
      method: 'POST',
      url: '/prod-api/serial/rule/add',
      headers: admin,
      payload: { model: 'X\u0000', prefix: 'A' },
    });
    expect(body.statusCode).toBe(400);
  });

  it('refuses integers beyond their column with 400', async () => {
    for (const url of [
      '/prod-api/plant/2147483648',
      '/prod-api/plant/export?ids=99999999999999999999',
      '/prod-api/plant/export?ids=1,2147483648',
      '/prod-api/plant/list?pageStart=99999999999999999999',
    ]) {
      const res = await t.app.inject({ url, headers: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 400, data: null });
    }
    expect((await t.app.inject({ url: '/prod-api/plant/2147483647', headers: admin })).statusCode).toBe(404);
  });

  it('answers a multipart body without a boundary, or cut short, with 400, with or without a token', async () => {
    for (const headers of [{}, admin]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/prod-api/device/v1/telemetry',
        headers: { ...headers, 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
      expect(res.statusCode).toBeLessThan(500);
    }
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/prod-api/user/manager/avatar',
      headers: { ...admin, 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
    const cut = multipart({ file: { filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(100) } });
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/prod-api/user/manager/avatar',
      headers: { ...admin, ...cut.headers },
      payload: cut.payload.subarray(0, 120),
    });
    expect(truncated.statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/prod-api/authentication/form',
      headers: { authorization: clientAuth(t.config), 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(login.statusCode).toBe(400);
  });

  it('authenticates before it validates: a caller without a token learns nothing of the schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/serial/rule/add',
      payload: { nonsense: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toBeUndefined();
    const bad = await t.app.inject({ url: '/prod-api/plant/2147483648' });
    expect(bad.statusCode).toBe(401);
  });

  it('refuses an unauthenticated 300 MB upload before reading it', async () => {
    const upload = hugeUpload(300 * 1024 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/user/manager/avatar',
      headers: upload.headers,
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(401);
    expect(upload.counter.pulled).toBeLessThan(2 * 1024 * 1024);
    upload.payload.destroy();

    const login = hugeUpload(300 * 1024 * 1024);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/prod-api/authentication/form',
      headers: login.headers,
      payload: login.payload,
    });
    expect(refused.statusCode).toBe(401);
    expect(login.counter.pulled).toBeLessThan(2 * 1024 * 1024);
    login.payload.destroy();
  });

  it('stops reading a signed-in upload at its limit, and a form that takes no file at its first file', async () => {
    const upload = hugeUpload(300 * 1024 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/user/manager/avatar',
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(upload.counter.pulled).toBeLessThan(4 * 1024 * 1024);
    upload.payload.destroy();

    const login = hugeUpload(300 * 1024 * 1024);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/prod-api/authentication/form',
      headers: { ...login.headers, authorization: clientAuth(t.config) },
      payload: login.payload,
    });
    expect(refused.statusCode).toBe(413);
    expect(login.counter.pulled).toBeLessThan(4 * 1024 * 1024);
    login.payload.destroy();
  });
});
