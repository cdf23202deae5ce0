import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createTestApp, type TestApp } from '../../test/createTestApp.ts';

/** A built console in miniature: a page and a chunk, each with the .br and .gz copies the build writes. */
function consoleWithCompressedCopies(dir: string) {
  const page = `<!doctype html><div id="root"></div><script src="/assets/index-Ab12Cd34.js"></script>`;
  const chunk = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ plant: `Plant ${i}` })))};`;
  mkdirSync(path.join(dir, 'assets'));
  const files = {
    'index.html': page,
    'assets/index-Ab12Cd34.js': chunk,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'favicon.png': 'PNG',
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
    writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(text));
  }
  return { page, chunk };
}

describe('what goes over the wire compressed', () => {
  let t: TestApp;
  let app: App;
  let dist: string;
  let files: { page: string; chunk: string };

  beforeAll(async () => {
    t = await createTestApp();
    dist = mkdtempSync(path.join(os.tmpdir(), 'solarops-dist-'));
    files = consoleWithCompressedCopies(dist);
    app = await buildApp({ config: t.config, db: t.db, mailer: t.app.deps.mailer, webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends the console's files in the encoding the browser accepts, from the build's copies", async () => {
    const br = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(files.chunk);
    expect(br.rawPayload.length).toBeLessThan(files.chunk.length / 4);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(files.chunk);

    const plain = await app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(files.chunk);
  });

  it('lets the browser keep the icon a day, and never the page itself without asking', async () => {
    for (const name of ['favicon.png', 'favicon.svg']) {
      const icon = await app.inject({ url: `/${name}` });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    }
    const page = await app.inject({ url: '/station/list' });
    expect(String(page.headers['cache-control'] ?? '')).not.toMatch(/max-age=[1-9]/);
  });

  it('sends a console route (the page behind every link) compressed too', async () => {
    const deep = await app.inject({ url: '/station/list', headers: { 'accept-encoding': 'br' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(deep.rawPayload).toString()).toBe(files.page);
  });

  it('answers HEAD of a console route and of a chunk as it answers GET, without a body', async () => {
    for (const url of ['/', '/station/list', '/assets/index-Ab12Cd34.js']) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
  });

  it('compresses API answers above about 1 KB, and leaves small ones as they are', async () => {
    const raw = await app.inject({ url: '/prod-api/docs/json' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url: '/prod-api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(raw.json());
    expect(br.rawPayload.length).toBeLessThan(raw.rawPayload.length / 5);
    const gz = await app.inject({ url: '/prod-api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await app.inject({ url: '/prod-api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
