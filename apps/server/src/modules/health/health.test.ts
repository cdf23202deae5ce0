import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/openDatabase.ts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { clientAuth } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/templateDatabase.ts';
import { multipart } from '../../../test/multipart.ts';

const login = multipart({ username: 'someone', password: 'Some-password-1' });

/** A TCP relay to `target` that can be cut mid-test, as a stopped PostgreSQL server or a broken network is. */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    /** Refuses new connections and breaks the open ones. */
    cut: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the envelope once the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ok' } });
  });

  it('answers liveness and readiness while the database answers', async () => {
    for (const url of ['/prod-api/health/live', '/prod-api/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ok' } });
    }
  });

  it('answers 503 with the envelope while the database is unreachable, and readiness says so', async () => {
    // On PostgreSQL the app reaches the server through a relay that is cut mid-test; on PGlite the database closes.
    const relay = t.config.databaseUrl ? await relayTo(new URL(t.config.databaseUrl)) : undefined;
    const database = relay
      ? await openDatabase({ databaseUrl: relay.url, dataDir: '' })
      : (await openTestDatabase()).database;
    const app = await buildApp({ config: t.config, db: database.db, mailer: t.app.deps.mailer });
    try {
      expect((await app.inject({ url: '/prod-api/health/ready' })).statusCode).toBe(200);
      if (relay) relay.cut();
      else await database.close();
      const ready = await app.inject({ url: '/prod-api/health/ready?langType=en' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        code: 503,
        msg: expect.stringContaining('database cannot be reached'),
        data: null,
      });
      expect((await app.inject({ url: '/prod-api/health' })).statusCode).toBe(503);
      const call = await app.inject({
        method: 'POST',
        url: '/prod-api/authentication/form',
        headers: { authorization: clientAuth(t.config), ...login.headers },
        payload: login.payload,
      });
      expect(call.statusCode).toBe(503);
      expect(call.json()).toMatchObject({ code: 503, data: null });
      expect((await app.inject({ url: '/prod-api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      if (relay) await database.close().catch(() => undefined);
    }
  });

  it('answers an unknown API path with a 404 envelope in the caller language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/prod-api/nothing-here' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toMatchObject({ code: 404, msg: '资源不存在', data: null });
    const en = await t.app.inject({ method: 'GET', url: '/prod-api/nothing-here?langType=en' });
    expect(en.json()).toMatchObject({ code: 404, msg: 'Not found' });
    const cookie = await t.app.inject({
      method: 'GET',
      url: '/prod-api/nothing-here',
      headers: { cookie: 'sidebarStatus=1; language=en' },
    });
    expect(cookie.json()).toMatchObject({ msg: 'Not found' });
  });

  it('publishes the OpenAPI document and the docs UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/prod-api/health']).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/prod-api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('serves the built console with SPA fallback, and keeps API 404s as JSON', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'solarops-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
    const app = await buildApp({ config: t.config, db: t.db, mailer: t.app.deps.mailer, webDistDir: dist });
    try {
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.body).toContain('id="root"');
      expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
      const deep = await app.inject({ method: 'GET', url: '/station/list?x=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['content-type']).toContain('text/html');
      const api = await app.inject({ method: 'GET', url: '/prod-api/missing' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 404 });
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('says the console is being built while its build runs beside the server, then serves it', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'solarops-dist-'));
    const config = { ...t.config, webBuilding: true };
    const app = await buildApp({ config, db: t.db, mailer: t.app.deps.mailer, webDistDir: dist });
    try {
      const zh = await app.inject({ method: 'GET', url: '/station/list' });
      expect(zh.statusCode).toBe(503);
      expect(zh.headers['retry-after']).toBe('3');
      expect(zh.headers['content-type']).toContain('text/html');
      expect(zh.body).toContain('控制台正在构建');
      expect(zh.body).toContain('http-equiv="refresh"');
      const en = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'language=en' } });
      expect(en.body.indexOf('The console is being built')).toBeLessThan(en.body.indexOf('控制台正在构建'));
      // The API does not wait for the console.
      expect((await app.inject({ method: 'GET', url: '/prod-api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/prod-api/missing' })).json()).toMatchObject({
        code: 404,
      });

      // The build ends: its files are served at once, without a restart.
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      const page = await app.inject({ method: 'GET', url: '/station/list' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="root"');
      expect((await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })).body).toBe(
        'console.log(1)',
      );
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers API-style 404s outside the API when no console is built nor being built', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'solarops-dist-'));
    const app = await buildApp({ config: t.config, db: t.db, mailer: t.app.deps.mailer, webDistDir: dist });
    try {
      const root = await app.inject({ method: 'GET', url: '/station/list' });
      expect(root.statusCode).toBe(404);
      expect(root.json()).toMatchObject({ code: 404 });
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('lets browsers keep the content-named chunks, and asks again for the page itself', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'solarops-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
    const app = await buildApp({ config: t.config, db: t.db, mailer: t.app.deps.mailer, webDistDir: dist });
    try {
      const chunk = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
      expect(chunk.body).toBe('console.log(1)');
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.headers['cache-control']).not.toContain('immutable');
      const deep = await app.inject({ method: 'GET', url: '/station/list' });
      expect(deep.headers['cache-control'] ?? '').not.toContain('immutable');
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
