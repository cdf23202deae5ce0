import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';
import { firmwareDir, firmwareSpoolDir } from './packages.ts';

type Headers = Record<string, string>;

const makerKey = () => generateKeyPairSync('ed25519');
const signatureOf = (image: Buffer, key: ReturnType<typeof makerKey>['privateKey']) =>
  sign(null, createHash('sha256').update(image).digest(), key).toString('base64');
const rawKeyOf = (key: ReturnType<typeof makerKey>['publicKey']) =>
  key.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');

describe('firmware packages', () => {
  let t: TestApp;
  let admin: Headers;
  let distributor: Headers;
  let installer: Headers;
  let strangerSerial: string;
  let ownSerial: string;
  const maker = makerKey();
  const image = Buffer.from('SC-4G firmware 2.1.0 '.repeat(500));
  const fields = { type: 'collector', collectType: 'SC-4G', interfaceType: '4G', version: '2.1.0' };

  const upload = (
    headers: Headers,
    o: { name?: string; data?: Buffer; extra?: Record<string, string> } = {},
  ) => {
    const body = multipart({
      ...fields,
      ...o.extra,
      file: {
        filename: o.name ?? 'sc4g-2.1.0.bin',
        contentType: 'application/octet-stream',
        data: o.data ?? image,
      },
    });
    return t.app.inject({
      method: 'POST',
      url: '/prod-api/firmware/package/upload?langType=en',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const post = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}?langType=en`, headers, payload });
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/prod-api/firmware/package/list', headers: admin })).json();
  const leftInSpool = () => {
    const dir = firmwareSpoolDir(t.config.filesDir);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    t = await createTestApp({ firmwareMaxBytes: 64 * 1024 });
    const dist = await createUser(t.db, { roleId: ROLE.distributor });
    const inst = await createUser(t.db, { roleId: ROLE.installer, parent: dist });
    const owner = await createUser(t.db, { roleId: ROLE.endUser, parent: inst });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    distributor = (await loginAs(t.app, dist)).headers;
    installer = (await loginAs(t.app, inst)).headers;
    const own = await createFixturePlant(t.db, { ownerId: owner.id, installerId: inst.id, collectors: 2 });
    const other = await createFixturePlant(t.db, { ownerId: (await createUser(t.db)).id });
    ownSerial = own.collectors[0]!.serial;
    strangerSerial = other.collectors[0]!.serial;
    await t.db.execute(sql`update collectors set model = 'SC-4G', network = '4G'`);
    await t.db.execute(
      sql`update collectors set model = 'SC-WIFI' where serial = ${own.collectors[1]!.serial}`,
    );
  });
  afterAll(() => t.close());

  it('refuses a file name of 81 characters and empty content with the spec messages, storing nothing', async () => {
    const long = await upload(admin, { name: `${'a'.repeat(77)}.bin` });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      { field: 'file', message: 'The file name may have at most 80 characters' },
    ]);
    const empty = await upload(admin, { data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'file', message: 'The content cannot be empty' }]);
    const zhBody = multipart({
      ...fields,
      file: { filename: 'x.bin', contentType: 'a/b', data: Buffer.alloc(0) },
    });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/prod-api/firmware/package/upload?langType=zh',
      headers: { ...admin, ...zhBody.headers },
      payload: zhBody.payload,
    });
    expect(zh.json().errors).toEqual([{ field: 'file', message: '内容不能为空' }]);
    expect((await list()).total).toBe(0);
    expect(leftInSpool()).toEqual([]);
  });

  it('streams an image to disk under a generated id with its SHA-256, and refuses one over the limit', async () => {
    const name = `${'b'.repeat(76)}.bin`; // 80 characters: the most the spec allows
    const res = await upload(admin, { name });
    expect(res.statusCode).toBe(200);
    const row = (await list()).rows[0];
    expect(row).toMatchObject({
      name,
      type: 'collector',
      collectType: 'SC-4G',
      version: '2.1.0',
      size: image.length,
      sha256: createHash('sha256').update(image).digest('hex'),
      signature: 'unsigned',
    });
    const stored = readdirSync(firmwareDir(t.config.filesDir)).filter((f) => f.endsWith('.bin'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{24}\.bin$/);

    const big = await upload(admin, { data: Buffer.alloc(64 * 1024 + 1, 7) });
    expect(big.statusCode).toBe(413);
    expect(leftInSpool()).toEqual([]);
    expect((await list()).total).toBe(1);
  });

  it('takes a file only as the server streamed it: a JSON body naming a path is refused', async () => {
    const victim = path.join(t.config.dataDir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    const res = await post('/firmware/package/upload', admin, {
      ...fields,
      file: { filename: 'x.bin', mimetype: 'a/b', path: victim, size: 7, sha256: 'a'.repeat(64) },
    });
    expect(res.statusCode).toBe(400);
    expect(existsSync(victim)).toBe(true);
  });

  it('lets only administrators trust keys, and judges signatures by the trusted keys', async () => {
    const pem = maker.publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect((await post('/firmware/key/add', distributor, { name: 'Maker', publicKey: pem })).statusCode).toBe(
      403,
    );
    const bad = await post('/firmware/key/add', admin, { name: 'RSA', publicKey: 'x'.repeat(44) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('publicKey');
    expect((await post('/firmware/key/add', admin, { name: 'Maker', publicKey: pem })).statusCode).toBe(200);
    const again = await post('/firmware/key/add', admin, {
      name: 'Maker',
      publicKey: rawKeyOf(maker.publicKey),
    });
    expect(again.statusCode).toBe(409);

    const stranger = makerKey();
    await upload(admin, { name: 'signed.bin', extra: { signature: signatureOf(image, maker.privateKey) } });
    await upload(admin, {
      name: 'forged.bin',
      extra: { signature: signatureOf(image, stranger.privateKey) },
    });
    const states = Object.fromEntries(
      (await list()).rows.map((r: { name: string; signature: string; signedBy: string | null }) => [
        r.name,
        [r.signature, r.signedBy],
      ]),
    );
    expect(states['signed.bin']).toEqual(['valid', 'Maker']);
    expect(states['forged.bin']).toEqual(['invalid', null]);
  });

  it('refuses at assignment an unsigned, a badly signed and a wrong-model package, and devices out of scope', async () => {
    const byName = async (name: string) =>
      ((await list()).rows as { id: number; name: string }[]).find((r) => r.name === name)!.id;
    const signed = await byName('signed.bin');
    const check = (headers: Headers, id: number, serials: string[]) =>
      post('/firmware/package/check', headers, { id, serials });

    const unsigned = await upload(admin, { name: 'unsigned.bin' });
    const refusedUnsigned = await check(admin, unsigned.json().data.id, [ownSerial]);
    expect(refusedUnsigned.statusCode).toBe(400);
    expect(refusedUnsigned.json().msg).toBe('The package is not signed and cannot be assigned');
    const refusedForged = await check(admin, await byName('forged.bin'), [ownSerial]);
    expect(refusedForged.json().msg).toMatch(/not valid by any trusted key/);

    const [wifi] = await rowsOf<{ serial: string }>(
      t.db,
      sql`select serial from collectors where model = 'SC-WIFI'`,
    );
    const wrongModel = await check(admin, signed, [ownSerial, wifi!.serial]);
    expect(wrongModel.statusCode).toBe(400);
    expect(wrongModel.json().msg).toBe(`The package is not for device ${wifi!.serial} (model SC-WIFI)`);

    expect((await check(installer, signed, [ownSerial])).json().data).toEqual({ fits: [ownSerial] });
    expect((await check(installer, signed, [ownSerial, strangerSerial])).statusCode).toBe(404);
    expect((await check(admin, signed, [strangerSerial])).statusCode).toBe(200);
  });

  it('no longer assigns what a revoked key signed, nor an image changed on disk', async () => {
    const rows = (await list()).rows as { id: number; name: string }[];
    const signed = rows.find((r) => r.name === 'signed.bin')!.id;
    const [file] = await rowsOf<{ file_id: string }>(
      t.db,
      sql`select file_id from firmware_packages where id = ${signed}`,
    );
    const imageFile = path.join(firmwareDir(t.config.filesDir), `${file!.file_id}.bin`);
    writeFileSync(imageFile, Buffer.concat([image, Buffer.from('x')]));
    const changed = await post('/firmware/package/check', admin, { id: signed, serials: [ownSerial] });
    expect(changed.statusCode).toBe(409);
    writeFileSync(imageFile, image);

    const keys = (
      await t.app.inject({ method: 'GET', url: '/prod-api/firmware/key/list?pageSize=1', headers: admin })
    ).json();
    // One page of one key, and how many are trusted.
    expect(keys.rows).toHaveLength(1);
    expect(keys.total).toBeGreaterThanOrEqual(1);
    expect((await post('/firmware/key/delete', admin, { id: keys.rows[0].id })).statusCode).toBe(200);
    const revoked = await post('/firmware/package/check', admin, { id: signed, serials: [ownSerial] });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json().msg).toMatch(/not valid by any trusted key/);
  });

  it('lets distributors list but not upload or delete; deleting removes the image', async () => {
    expect((await upload(distributor)).statusCode).toBe(403);
    const { rows } = await list();
    expect((await post('/firmware/package/delete', distributor, { id: rows[0].id })).statusCode).toBe(403);
    const before = readdirSync(firmwareDir(t.config.filesDir)).filter((f) => f.endsWith('.bin')).length;
    expect((await post('/firmware/package/delete', admin, { id: rows[0].id })).statusCode).toBe(200);
    expect(readdirSync(firmwareDir(t.config.filesDir)).filter((f) => f.endsWith('.bin'))).toHaveLength(
      before - 1,
    );
    expect((await list()).total).toBe(rows.length - 1);
  });

  it('accepts what the signing script makes for a maker', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'maker-'));
    const script = path.resolve(import.meta.dirname, '../../../../../scripts/firmware-sign.mjs');
    const keygen = execFileSync(process.execPath, [script, 'keygen', dir], { encoding: 'utf8' });
    const publicKey = /public key: (\S+)/.exec(keygen)![1]!;
    const imageFile = path.join(dir, 'image.bin');
    writeFileSync(imageFile, image);
    const signed = execFileSync(
      process.execPath,
      [script, 'sign', imageFile, path.join(dir, 'maker-private.pem')],
      {
        encoding: 'utf8',
      },
    );
    const signature = /signature: (\S+)/.exec(signed)![1]!;
    expect((await post('/firmware/key/add', admin, { name: 'Script maker', publicKey })).statusCode).toBe(
      200,
    );
    const res = await upload(admin, { name: 'script.bin', extra: { signature } });
    expect(res.statusCode).toBe(200);
    const row = (await list()).rows.find((r: { name: string }) => r.name === 'script.bin');
    expect(row).toMatchObject({ signature: 'valid', signedBy: 'Script maker' });
  });
});
