import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { roles } from '../users/tables.ts';
import { manualVersions } from './tables.ts';

type Headers = Record<string, string>;

/** A small but real PDF: header, one empty page, trailer; `marker` makes each file's bytes its own. */
const pdf = (marker: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%${marker}\n%%EOF\n`,
  );
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const LIMIT_BYTES = 64 * 1024;

describe('manuals', () => {
  let t: TestApp;
  let admin: Headers;
  let staff: Headers;
  let distributor: Headers;
  let noScreen: Headers;

  const upload = (
    fields: Record<string, string>,
    file: { filename: string; data: Buffer; contentType?: string } | null,
    headers = admin,
    lang = 'en',
  ) => {
    const form = multipart({
      ...fields,
      ...(file
        ? {
            file: {
              filename: file.filename,
              contentType: file.contentType ?? 'application/pdf',
              data: file.data,
            },
          }
        : {}),
    });
    return t.app.inject({
      method: 'POST',
      url: `/prod-api/manual/upload?langType=${lang}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const get = (url: string, headers: Headers = admin) => t.app.inject({ method: 'GET', url, headers });
  const list = async (query = '') =>
    (await get(`/prod-api/manual/list?pageSize=50${query}`)).json() as {
      total: number;
      rows: {
        id: number;
        model: string;
        language: string;
        name: string;
        version: number;
        versions: number;
        address: string;
      }[];
    };
  const filesIn = (folder: string) => {
    const dir = path.join(t.config.filesDir, folder);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    t = await createTestApp({ manualMaxBytes: LIMIT_BYTES, publicUrl: 'https://console.example.com' });
    const signIn = async (roleId: number) =>
      (await loginAs(t.app, await createUser(t.db, { roleId }))).headers;
    admin = await signIn(ROLE.admin);
    staff = await signIn(ROLE.staff);
    distributor = await signIn(ROLE.distributor);
    const [role] = await t.db
      .insert(roles)
      .values({ name: 'No screens', menuList: [] })
      .returning({ id: roles.id });
    noScreen = await signIn(role!.id);
  });
  afterAll(() => t.close());

  it('refuses bad uploads field by field, in the caller’s language, and keeps nothing of them', async () => {
    const messages = async (res: Awaited<ReturnType<typeof upload>>) => {
      expect(res.statusCode).toBe(400);
      return (res.json() as { errors: { field: string; message: string }[] }).errors;
    };
    expect(await messages(await upload({ language: 'en' }, { filename: 'a.pdf', data: pdf('a') }))).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Required' },
        { field: 'model', message: 'Required' },
      ]),
    );
    expect(
      await messages(
        await upload(
          { name: 'Guide', model: 'SO-5K-S1', language: 'fr' },
          { filename: 'a.pdf', data: pdf('a') },
        ),
      ),
    ).toEqual([{ field: 'language', message: expect.stringContaining('zh') }]);
    expect(
      await messages(
        await upload(
          { name: 'Guide', model: 'SO 5K/../x', language: 'en' },
          { filename: 'a.pdf', data: pdf('a') },
        ),
      ),
    ).toEqual([{ field: 'model', message: 'Invalid format' }]);
    const fields = { name: 'Guide', model: 'SO-5K-S1', language: 'en' };
    expect(
      await messages(await upload(fields, { filename: `${'x'.repeat(77)}.pdf`, data: pdf('a') })),
    ).toEqual([{ field: 'file', message: 'The file name has at most 80 characters' }]);
    expect(await messages(await upload(fields, { filename: 'empty.pdf', data: Buffer.alloc(0) }))).toEqual([
      { field: 'file', message: 'The content cannot be empty' },
    ]);
    // Named and sent as a PDF, but a web page: the type is told by the content.
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await messages(await upload(fields, { filename: 'guide.pdf', data: html }))).toEqual([
      { field: 'file', message: 'A manual is a PDF file or a png, jpeg or webp picture' },
    ]);
    const zh = await upload(
      { language: 'zh', model: 'SO-5K-S1' },
      { filename: 'a.pdf', data: pdf('a') },
      admin,
      'zh',
    );
    expect(zh.json().errors).toEqual([{ field: 'name', message: '必填' }]);
    // Too large: 413 while it streams in.
    const big = await upload(fields, {
      filename: 'big.pdf',
      data: Buffer.concat([pdf('big'), Buffer.alloc(LIMIT_BYTES)]),
    });
    expect(big.statusCode).toBe(413);
    // A JSON body naming a file on the server is not an upload.
    const json = await t.app.inject({
      method: 'POST',
      url: '/prod-api/manual/upload',
      headers: admin,
      payload: {
        ...fields,
        file: { filename: 'x.pdf', mimetype: 'application/pdf', path: '/etc/hostname', size: 10, head: [37] },
      },
    });
    expect(json.statusCode).toBe(400);

    expect((await list()).total).toBe(0);
    expect(filesIn('manuals')).toEqual([]);
    expect(filesIn('incoming/manuals')).toEqual([]);
  });

  it('lets every role with the screen read, only administrators and staff change, none without the screen', async () => {
    const fields = { name: 'Roles guide', model: 'SO-ROLES', language: 'zh' };
    expect((await upload(fields, { filename: 'r.pdf', data: pdf('r') }, distributor)).statusCode).toBe(403);
    expect((await upload(fields, { filename: 'r.pdf', data: pdf('r') }, noScreen)).statusCode).toBe(403);
    const stored = await upload(fields, { filename: 'r.pdf', data: pdf('r') }, staff);
    expect(stored.statusCode).toBe(200);
    const { manualId } = stored.json().data as { manualId: number };
    expect((await get('/prod-api/manual/list', distributor)).json().total).toBeGreaterThan(0);
    expect((await get('/prod-api/manual/list', noScreen)).statusCode).toBe(403);
    expect((await get(`/prod-api/manual/${manualId}/qr`, noScreen)).statusCode).toBe(403);
    const remove = (headers: Headers) =>
      t.app.inject({ method: 'DELETE', url: `/prod-api/manual/${manualId}`, headers });
    expect((await remove(distributor)).statusCode).toBe(403);
    expect((await remove(staff)).statusCode).toBe(200);
    expect((await remove(staff)).statusCode).toBe(404);
  });

  it('keeps every upload for a model and language as a version; the address serves the newest, the list shows it', async () => {
    const v1 = await upload(
      { name: 'Quick guide', model: 'SO-8K-T3', language: 'en' },
      { filename: 'guide-v1.pdf', data: pdf('v1') },
    );
    expect(v1.json().data).toMatchObject({ version: 1 });
    // The same model written in another case is the same manual.
    const v2 = await upload(
      { name: 'Quick guide 2', model: 'so-8k-t3', language: 'en' },
      { filename: '快速指南.pdf', data: pdf('v2') },
    );
    expect(v2.json().data).toMatchObject({ version: 2, manualId: v1.json().data.manualId });

    const { rows } = await list('&model=8k-t3');
    expect(rows).toEqual([
      expect.objectContaining({
        model: 'SO-8K-T3',
        language: 'en',
        name: 'Quick guide 2',
        version: 2,
        versions: 2,
        address: 'https://console.example.com/m/SO-8K-T3/en',
      }),
    ]);
    expect((await list('&language=zh&model=8k-t3')).rows).toEqual([]);
    expect((await list('&name=guide%202')).rows.map((r) => r.model)).toEqual(['SO-8K-T3']);

    const newest = await t.app.inject({ method: 'GET', url: '/m/SO-8K-T3/en' });
    expect(newest.statusCode).toBe(200);
    expect(newest.headers['content-type']).toBe('application/pdf');
    expect(newest.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E5%BF%AB%E9%80%9F%E6%8C%87%E5%8D%97.pdf",
    );
    expect(newest.rawPayload.equals(pdf('v2'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/m/so-8k-t3/en' })).rawPayload.equals(pdf('v2'))).toBe(
      true,
    );

    const versions = (await get(`/prod-api/manual/${rows[0]!.id}/versions`)).json().data as {
      id: number;
      version: number;
      fileName: string;
    }[];
    expect(versions.map((v) => [v.version, v.fileName])).toEqual([
      [2, '快速指南.pdf'],
      [1, 'guide-v1.pdf'],
    ]);
    const old = await get(`/prod-api/manual/version/${versions[1]!.id}/file`);
    expect(old.headers['content-disposition']).toContain('attachment');
    expect(old.rawPayload.equals(pdf('v1'))).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/prod-api/manual/version/${versions[1]!.id}/file` }))
        .statusCode,
    ).toBe(401);

    // Deleting the newest version: the address serves the one before.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/prod-api/manual/version/${versions[0]!.id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/m/SO-8K-T3/en' })).rawPayload.equals(pdf('v1'))).toBe(
      true,
    );
  });

  it('falls back to the other language with a notice, shows a picture in place, and answers 404 pages otherwise', async () => {
    await upload(
      { name: '安装图', model: 'SO-MI800', language: 'zh' },
      { filename: 'install.png', data: png, contentType: 'image/png' },
    );
    const zh = await t.app.inject({ method: 'GET', url: '/m/SO-MI800/zh' });
    expect(zh.headers['content-type']).toBe('image/png');

    const en = await t.app.inject({ method: 'GET', url: '/m/SO-MI800/en' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.body).toContain('There is no English manual for this model yet; here is the Chinese one.');
    expect(en.body).toContain('href="/m/SO-MI800/zh"');
    expect(en.body).toContain('<img src="/m/SO-MI800/zh"');

    await upload(
      { name: 'Manual', model: 'SO-10K-T3', language: 'en' },
      { filename: 'm.pdf', data: pdf('m') },
    );
    const toZh = await t.app.inject({ method: 'GET', url: '/m/SO-10K-T3/zh' });
    expect(toZh.body).toContain('该型号暂无中文手册，下面是英文版。');
    expect(toZh.body).not.toContain('<img');

    const unknown = await t.app.inject({ method: 'GET', url: '/m/NO-SUCH-MODEL/en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('There is no manual for model NO-SUCH-MODEL.');
    expect((await t.app.inject({ method: 'GET', url: '/m/NO-SUCH-MODEL/zh' })).body).toContain(
      '没有型号 NO-SUCH-MODEL 的手册',
    );
    expect((await t.app.inject({ method: 'GET', url: '/m/SO-10K-T3/de' })).statusCode).toBe(404);
    const script = await t.app.inject({ method: 'GET', url: '/m/%3Cscript%3E/en' });
    expect(script.statusCode).toBe(404);
    expect(script.body).not.toContain('<script>');
  });

  it('never serves a file from outside FILES_DIR/manuals, whatever the path or a stored row says', async () => {
    for (const url of ['/m/..%2F..%2F..%2Fetc%2Fpasswd/en', '/m/../../etc/passwd', '/m/%2e%2e/en']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('root:');
    }
    const stored = await upload(
      { name: 'Path', model: 'SO-PATH', language: 'en' },
      { filename: 'p.pdf', data: pdf('p') },
    );
    const { versionId } = stored.json().data as { versionId: number };
    const [row] = await t.db
      .select({ fileId: manualVersions.fileId })
      .from(manualVersions)
      .where(eq(manualVersions.id, versionId));
    // Not under the uploaded files' route either, signed in or not.
    for (const headers of [{}, admin]) {
      const res = await get(`/prod-api/files/manuals/${row!.fileId}`, headers);
      expect([401, 404]).toContain(res.statusCode);
    }
    // A row pointing elsewhere (written by hand, or by a bug) is refused, not followed.
    await t.db
      .update(manualVersions)
      .set({ fileId: '../../../../etc/passwd' })
      .where(eq(manualVersions.id, versionId));
    expect((await t.app.inject({ method: 'GET', url: '/m/SO-PATH/en' })).statusCode).toBe(404);
    expect((await get(`/prod-api/manual/version/${versionId}/file`)).statusCode).toBe(404);
  });

  it('gives the QR code of the public address as PNG and SVG, and a deleted manual’s address answers 404', async () => {
    const res = await upload(
      { name: 'QR', model: 'SO-QR', language: 'en' },
      { filename: 'q.pdf', data: pdf('q') },
    );
    const { manualId } = res.json().data as { manualId: number };
    const png = await get(`/prod-api/manual/${manualId}/qr?format=png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain('manual-SO-QR-en-qr.png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const svg = await get(`/prod-api/manual/${manualId}/qr?format=svg`);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toMatch(/^<svg[^>]*viewBox/);
    expect((await get('/prod-api/manual/999999/qr')).statusCode).toBe(404);

    const before = filesIn('manuals').length;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/prod-api/manual/${manualId}`, headers: admin }))
        .statusCode,
    ).toBe(200);
    expect(filesIn('manuals').length).toBe(before - 1);
    expect((await t.app.inject({ method: 'GET', url: '/m/SO-QR/en' })).statusCode).toBe(404);
  });
});
