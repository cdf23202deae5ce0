import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../test/createTestApp.ts';
import { createUser, loginAs } from '../../test/factories.ts';

const LIMIT = 4 * 1024 * 1024;
const BOUNDARY = '----solarops-oversize';
const PIECE = Buffer.alloc(64 * 1024, 0x41);

/**
 * Posts a multipart form with `fields` and a file of `fileBytes` to the listening server over a real socket, as a
 * browser or curl would: the file written piece by piece as the socket takes it, with its length declared up front
 * (`declared`) or sent chunked (unknown until the end). Answers the status and the message.
 */
async function postOversize(
  port: number,
  path: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  fileBytes: number,
  declared: boolean,
): Promise<{ status: number; msg: string }> {
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          ...(declared ? { 'content-length': String(head.length + fileBytes + tail.length) } : {}),
        },
      },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, msg: (JSON.parse(text) as { msg: string }).msg }),
        );
      },
    );
    // The server closes the connection once it has answered: writing on is refused, and that is all.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    void (async () => {
      // As the socket takes it; a closed one takes nothing more.
      const write = (b: Buffer) =>
        new Promise<void>((done) => {
          if (req.write(b)) return done();
          const go = () => {
            req.off('drain', go);
            req.off('close', go);
            done();
          };
          req.on('drain', go);
          req.on('close', go);
        });
      await write(head);
      for (let sent = 0; sent < fileBytes && !answered && !req.destroyed; sent += PIECE.length)
        await write(PIECE);
      if (!answered && !req.destroyed) req.end(tail);
    })();
  });
}

/**
 * Firmware images and manuals larger than their limit are refused with 413 and a message naming the limit, in
 * zh and en, every time: whether the body declares its length (refused before it is read) or comes chunked
 * (refused the moment the file passes the limit while it streams to disk). Before, the streamed case answered 400
 * ("not a well-formed multipart form") about two times in three: the limit destroyed the file's write stream
 * while a write was under way, and that write's failure came back as the answer.
 */
describe('an oversize upload over a real connection', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ firmwareMaxBytes: LIMIT, manualMaxBytes: LIMIT });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(() => t.close());

  const routes: { path: string; list: string; fields: Record<string, string> }[] = [
    {
      path: '/prod-api/firmware/package/upload',
      list: '/prod-api/firmware/package/list',
      fields: { type: 'collector', collectType: 'SC-4G', interfaceType: 'any', version: '2.1.0' },
    },
    {
      path: '/prod-api/manual/upload',
      list: '/prod-api/manual/list',
      fields: { language: 'en', model: 'SO-5K-S1', name: 'Installation guide' },
    },
  ];

  for (const { path, list, fields } of routes)
    it(`answers 413 naming the limit, in zh and en, to ${path}`, async () => {
      const answers = [];
      // Four times chunked, twice with the length declared.
      for (let i = 0; i < 6; i++) {
        const lang = i % 2 ? 'en' : 'zh';
        answers.push(await postOversize(port, `${path}?langType=${lang}`, admin, fields, 3 * LIMIT, i >= 4));
      }
      const zh = { status: 413, msg: '文件过大，上限为 4 MB' };
      const en = { status: 413, msg: 'The file is too large: the limit is 4 MB' };
      expect(answers).toEqual([zh, en, zh, en, zh, en]);
      // Nothing of them is kept.
      const kept = await t.app.inject({ method: 'GET', url: list, headers: admin });
      expect(kept.json().total).toBe(0);
    }, 120_000);
});
