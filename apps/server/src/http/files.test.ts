import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../test/createTestApp.ts';
import { createUser, loginAs } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { createFixturePlant } from '../modules/devices/deviceFixtures.ts';
import { plants } from '../modules/plants/tables.ts';
import { bareFilePath, fileLinkKey, signFileLink } from './fileLinks.ts';

type Headers = { authorization: string };
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('browser defences on every answer, and private uploaded files', () => {
  let t: TestApp;
  let dist: string;
  const h: Record<'admin' | 'owner' | 'stranger', Headers> = {} as never;
  let ownPlant = 0;
  let strangerPlant = 0;
  /** The picture of the owner's plant, as stored. */
  let picture = '';

  const get = (url: string, headers: Partial<Headers> = {}) => t.app.inject({ method: 'GET', url, headers });
  const upload = async (url: string, headers: Headers) => {
    const body = multipart({ file: { filename: 'x.png', contentType: 'image/png', data: PNG } });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, string>;
  };

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'solarops-console-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/assets/index.js"></script>',
    );
    t = await createTestApp({}, dist);
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const stranger = await createUser(t.db, { roleId: ROLE.endUser });
    for (const [k, u] of Object.entries({ admin, owner, stranger })) {
      h[k as keyof typeof h] = (await loginAs(t.app, u)).headers;
    }
    ownPlant = (await createFixturePlant(t.db, { ownerId: owner.id, name: 'Own Roof' })).plantId;
    strangerPlant = (await createFixturePlant(t.db, { ownerId: stranger.id, name: 'Other Roof' })).plantId;
    picture = bareFilePath((await upload('/prod-api/plant/picture', h.admin)).picture!);
    const strangers = bareFilePath((await upload('/prod-api/plant/picture', h.admin)).picture!);
    await t.db.update(plants).set({ picture }).where(eq(plants.id, ownPlant));
    await t.db.update(plants).set({ picture: strangers }).where(eq(plants.id, strangerPlant));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const expectDefences = (res: LightMyRequestResponse, what: string) => {
    const csp = String(res.headers['content-security-policy']);
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1];
    expect(scripts, what).toBe("'self'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['x-frame-options'], what).toBe('DENY');
    expect(res.headers['referrer-policy'], what).toBe('same-origin');
  };

  it('sets CSP, frame, sniffing and referrer headers on the console, the API, files and refusals', async () => {
    const index = await get('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('id="root"');
    expectDefences(index, 'console index');
    expectDefences(await get('/station/list'), 'console route (SPA fallback)');
    const api = await get('/prod-api/user/manager/info', h.owner);
    expect(api.statusCode).toBe(200);
    expectDefences(api, 'API answer');
    expectDefences(await get('/prod-api/user/manager/info'), 'refused API call');
    const link = (await get(`/prod-api/plant/${ownPlant}`, h.owner)).json().data.picture as string;
    const file = await get(link);
    expect(file.statusCode).toBe(200);
    expectDefences(file, 'uploaded file');
    expectDefences(await get(picture), 'refused file');
  });

  it('serves a plant picture on the signed link its plant answer carries, inline under its own name', async () => {
    const detail = (await get(`/prod-api/plant/${ownPlant}`, h.owner)).json().data;
    expect(detail.picture).toMatch(/^\/prod-api\/files\/plants\/\w+\.png\?expires=\d+&sig=[\w-]+$/);
    expect(bareFilePath(detail.picture)).toBe(picture);
    const listed = (await get('/prod-api/plant/list?pageSize=50', h.owner)).json().rows as {
      picture: string;
    }[];
    expect(listed.map((p) => bareFilePath(p.picture))).toEqual([picture]);
    const file = await get(detail.picture);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(`inline; filename="${path.basename(picture)}"`);
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // What is stored stays the bare path.
    const [row] = await t.db.select({ picture: plants.picture }).from(plants).where(eq(plants.id, ownPlant));
    expect(row?.picture).toBe(picture);
  });

  it('refuses a private file without a link, on an expired, forged or borrowed one, and by a detour', async () => {
    const key = fileLinkKey(t.app.deps.signingKey);
    const unsigned = await get(picture);
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.rawPayload.equals(PNG)).toBe(false);
    // Signed three hours ago: good for one hour and a quarter at most.
    expect((await get(signFileLink(key, picture, Date.now() - 3 * 3600_000))).statusCode).toBe(401);
    const good = signFileLink(key, picture);
    const sig = /sig=([\w-]+)/.exec(good)![1]!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect((await get(good.replace(sig, flipped))).statusCode).toBe(403);
    const expires = /expires=(\d+)/.exec(good)![1]!;
    expect((await get(good.replace(expires, String(Number(expires) + 86_400)))).statusCode).toBe(403);
    // Another file's signature does not open this one.
    const other = signFileLink(key, picture.replace(/\w+\.png$/, 'aaaaaaaaaaaaaaaaaaaaaaaa.png'));
    expect((await get(`${picture}?${other.split('?')[1]}`)).statusCode).toBe(403);
    // Through the public folder, or spelled with escapes, it is still the private file.
    const name = path.basename(picture);
    expect((await get(`/prod-api/files/branding/../plants/${name}`)).statusCode).toBe(401);
    expect((await get(`/prod-api/files/branding/%2e%2e/plants/${name}`)).statusCode).toBe(401);
    expect((await get(`/prod-api/files/%70lants/${name}`)).statusCode).toBe(401);
  });

  it("gives nobody a link to another tenant's plant picture", async () => {
    expect((await get(`/prod-api/plant/${ownPlant}`, h.stranger)).statusCode).toBe(404);
    const rows = (await get('/prod-api/plant/list?pageSize=50', h.stranger)).json().rows as {
      picture: string;
    }[];
    expect(rows.map((r) => bareFilePath(r.picture))).not.toContain(picture);
    expect((await get(picture, h.stranger)).statusCode).toBe(401);
  });

  it('signs the avatar in the answers that carry it, and keeps the logo public', async () => {
    const { avatar } = await upload('/prod-api/user/manager/avatar', h.owner);
    expect(avatar).toMatch(/^\/prod-api\/files\/avatars\/[\w-]+\.png\?expires=\d+&sig=[\w-]+$/);
    expect((await get(avatar!)).statusCode).toBe(200);
    expect((await get(bareFilePath(avatar!))).statusCode).toBe(401);
    const info = (await get('/prod-api/user/manager/info', h.owner)).json().data;
    expect((await get(info.avatar)).statusCode).toBe(200);

    const { logo } = await upload('/prod-api/system/logo', h.admin);
    expect(logo).toMatch(/^\/prod-api\/files\/branding\/logo-\w+\.png$/);
    const served = await get(logo!);
    expect(served.statusCode).toBe(200);
    expectDefences(served, 'logo');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${path.basename(logo!)}"`);
  });
});
