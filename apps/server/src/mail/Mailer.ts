/** One outgoing mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; the SMTP and outbox implementations are in `createMailer.ts`. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
