/** A file sent with a mail (a scheduled report's workbook). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One outgoing mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** Sends mail; the SMTP and outbox implementations are in `createMailer.ts`. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
