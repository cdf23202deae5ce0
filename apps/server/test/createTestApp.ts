import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database, OpenedDatabase } from '../src/db/openDatabase.ts';
import { createMailer } from '../src/mail/createMailer.ts';
import { startSmtpInbox, type SmtpInbox } from './smtpInbox.ts';
import { openTestDatabase } from './templateDatabase.ts';

/** Settings of a test app; every field may be overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'solarops-test-'));
  return Object.freeze({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    mqttPort: 0,
    mqttUrl: undefined,
    mqttClientId: 'solarops-test',
    adminPassword: undefined,
    simulator: false,
    consoleClientId: 'console',
    consoleClientSecret: 'console-secret',
    smtpUrl: undefined,
    mailFrom: 'SolarOps Console <no-reply@solarops.test>',
    filesDir: path.join(dataDir, 'files'),
    webDistDir: undefined,
    accessTokenTtlSeconds: 1800,
    refreshTokenTtlSeconds: 604800,
    logLevel: 'silent',
    // High enough for a whole test file from one address; the rate-limit test lowers it.
    loginRateLimitPerMinute: 1000,
    loginFailuresPerMinute: 1000,
    mqttMaxMessageBytes: 1024 * 1024,
    trustProxy: false,
    ...overrides,
  });
}

export interface TestApp {
  app: App;
  db: Database;
  database: OpenedDatabase;
  config: Config;
  /** The local SMTP server the app's mailer sends to. */
  mail: SmtpInbox;
  close(): Promise<void>;
}

/**
 * The whole server on a fresh copy of the migrated template database, with mail going to a local SMTP server.
 * Call through `app.inject(...)`; close in `afterAll`.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** A directory holding a built console (`index.html`), to test what the server adds to it. */
  webDistDir?: string,
  /** A logger, to test what the server writes to its log (none otherwise). */
  logger?: FastifyBaseLogger,
): Promise<TestApp> {
  const { database, databaseUrl } = await openTestDatabase();
  const mail = await startSmtpInbox();
  const config = testConfig({ smtpUrl: mail.url, databaseUrl, ...overrides });
  const mailer = createMailer(config, database.db, { info: () => undefined });
  // Without a directory of its own, a test app serves no console (an empty place, not apps/web/dist): an API test
  // answers the same whether or not the console has been built on this machine.
  const consoleDir = webDistDir ?? path.join(config.filesDir, 'no-console');
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    logger: logger ?? false,
    webDistDir: consoleDir,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    mail,
    async close() {
      await app.close();
      await mailer.close();
      await mail.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
