import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/openDatabase.ts';
import { mailOutbox } from '../modules/system/tables.ts';
import type { Mailer } from './Mailer.ts';

/**
 * Mail through nodemailer on `SMTP_URL`; without it, each mail is written to the `mail_outbox` table and to the log,
 * so that on the embedded default a new user can still read a verification code.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Database,
  logger: Pick<FastifyBaseLogger, 'info'>,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments?.map((a) => ({ ...a })),
        });
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    async send(mail) {
      // The outbox keeps text: an attachment is named in it, not stored.
      const names = (mail.attachments ?? []).map((a) => `\n[${a.filename}]`).join('');
      await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text + names });
      logger.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'mail kept in the outbox (no SMTP_URL)',
      );
    },
    async close() {},
  };
}
