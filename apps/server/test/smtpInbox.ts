import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A file attached to a received mail. */
export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A mail as the local SMTP server received it, decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: ReceivedAttachment[];
}

/** Decodes RFC 2047 encoded words; the white space between two adjacent ones is not text (RFC 2047 §6.2). */
const decodeWord = (s: string) =>
  s
    .replace(/(=\?[^?]+\?[bBqQ]\?[^?]*\?=)\s+(?==\?[^?]+\?[bBqQ]\?)/g, '$1')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** Splits a message or part into its headers (folded lines joined) and its body. */
function splitPart(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return { header, body: raw.slice(split + 4) };
}

/** A part's body as bytes, by its transfer encoding. */
function bodyBytes(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(body), 'utf8');
  return Buffer.from(body, 'latin1');
}

/**
 * Reads the subject, the text and the attachments of a message the server's mailer sends: one text part, or a
 * multipart/mixed of a text part and files (read as latin1, so that a file's bytes survive).
 */
export function parseMail(raw: string): { subject: string; text: string; attachments: ReceivedAttachment[] } {
  const { header, body } = splitPart(raw);
  const subject = decodeWord(header('Subject'));
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitPart(p.replace(/^\r\n/, '').replace(/\r\n$/, '')))
    : [{ header, body }];
  let text = '';
  const attachments: ReceivedAttachment[] = [];
  for (const p of parts) {
    const bytes = bodyBytes(p.body, p.header('Content-Transfer-Encoding').toLowerCase());
    const filename = /filename\*?="?([^";]+)"?/i.exec(p.header('Content-Disposition'))?.[1];
    if (filename)
      attachments.push({
        filename: decodeWord(filename),
        contentType: p.header('Content-Type').split(';')[0]!.trim(),
        content: bytes,
      });
    else if (!text) text = bytes.toString('utf8');
  }
  return { subject, text: text.replace(/\r\n/g, '\n'), attachments };
}

/** A local SMTP server on a free port that keeps what it receives, so tests read the real mail. */
export async function startSmtpInbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { subject, text, attachments } = parseMail(Buffer.concat(chunks).toString('latin1'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          text,
          attachments,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Mails sent to `address`, oldest first. */
    to: (address: string) =>
      received.filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;
