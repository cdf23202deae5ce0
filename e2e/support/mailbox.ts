import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One mail the local SMTP server received, decoded enough to read its text. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`)
      .replace(/%(?![0-9A-F]{2})/gi, '%25');
    try {
      return decodeURIComponent(bytes);
    } catch {
      return body;
    }
  }
  return body;
}

function headerValue(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return m?.[1]?.trim() ?? '';
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`) in a header. */
const decodeWords = (value: string) =>
  value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_m, _cs, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );

/** The text of a raw message: the first text/plain part, decoded. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const contentType = headerValue(headers, 'Content-Type');
  let encoding = headerValue(headers, 'Content-Transfer-Encoding');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary) {
    const part = body.split(`--${boundary}`).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? '';
    const partSplit = part.search(/\r?\n\r?\n/);
    const partHeaders = part.slice(0, partSplit);
    encoding = headerValue(partHeaders, 'Content-Transfer-Encoding');
    body = part.slice(partSplit).replace(/^\r?\n\r?\n/, '');
  }
  return {
    to,
    subject: decodeWords(headerValue(headers, 'Subject')),
    text: decodeBody(body, encoding || '7bit'),
  };
}

/** Every mail received so far for `address`, oldest first. */
export function mailsTo(address: string): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string[]; raw: string })
    .filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase()))
    .map((m) => parseMail(m.raw, m.to));
}
