import pino from 'pino';
import { ConfigError, loadConfig, SHUTDOWN_TIMEOUT_SECONDS, type Config } from './config.ts';
import { openDatabase } from './db/openDatabase.ts';
import { UNHANDLED_REJECTION_LINE } from './defects.ts';
import type { ShutdownStep } from './shutdown.ts';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = pino({ level: config.logLevel });
// A rejection nobody handled is a defect of this program (a promise started and never awaited): it is logged as
// one, and the server keeps running. Node's default would exit, stopping ingest, commands, rollouts and every other
// caller for one request's fault; what the failed work left behind is consistent (each write is one transaction)
// and the request it belonged to has had its answer. The test helpers that start this server fail the run on
// this line, so a defect is seen, not lived with.
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason, defect: 'unhandledRejection' }, UNHANDLED_REJECTION_LINE);
});
// The database first: PGlite starts in a thread of its own (its WebAssembly, and on a first start the new
// database's files), while this thread loads the rest of the server's code beside it. Loaded before opening, the
// code held back the database's start by as long as it took to load (most of a first start on a busy machine).
const opening = openDatabase(config);
// Awaited below, once the code is loaded: a failure to open is the start's failure, not an unhandled rejection.
opening.catch(() => undefined);
const [
  { buildApp },
  { migrate },
  { createMailer },
  { ensureAdmin },
  { seedReferenceData },
  { STARTUP_HOOKS },
  { stopWithin, trackOpenRequests },
] = await Promise.all([
  import('./app.ts'),
  import('./db/migrate.ts'),
  import('./mail/createMailer.ts'),
  import('./modules/users/seedAccounts.ts'),
  import('./referenceData.ts'),
  import('./startupHooks.ts'),
  import('./shutdown.ts'),
]).catch(async (error: unknown) => {
  // Code that cannot load ends the start, but the database may still be making a new data directory's files: let
  // it finish and close, so that the next start finds them whole.
  await opening.then(
    (d) => d.close(),
    () => undefined,
  );
  throw error;
});
const database = await opening;
const { applied } = await migrate(database);
if (applied.length > 0) logger.info({ applied }, 'database migrations applied');
await seedReferenceData(database.db);
const admin = await ensureAdmin(database.db, config.adminPassword);
if (admin.generatedPassword) {
  // Printed once: the only copy of this password is this log line (it is stored hashed).
  logger.warn(
    `First start: created administrator "admin" with password ${admin.generatedPassword} — sign in and change it.`,
  );
} else if (admin.created) {
  logger.info('First start: created administrator "admin" with ADMIN_PASSWORD');
}

const mailer = createMailer(config, database.db, logger);
const app = await buildApp({ config, db: database.db, mailer, logger });
await app.listen({ port: config.port, host: config.host });
const openRequests = trackOpenRequests(app.server);

/** What each start hook gave to stop it with, once it has started. */
const stopOf = new Map<string, ShutdownStep['run']>();
async function startHooks() {
  for (const hook of STARTUP_HOOKS) {
    const stop = await hook.start({ config, database, deps: app.deps, logger });
    if (stop) stopOf.set(hook.name, stop);
    logger.info(`started ${hook.name}`);
  }
}
const hooksStarted = startHooks();

let closing = false;
async function shutdown(reason: string, failed = false) {
  if (closing) return;
  closing = true;
  logger.info(`${reason}: stopping`);
  // Within SHUTDOWN_TIMEOUT_SECONDS: past it, what was still open is logged and the process exits with 1.
  const code = await stopWithin(
    [
      // A stop asked for while the start hooks still run waits for them (within the deadline: a hook that hangs is
      // named), so that what they started is stopped too; a hook that failed started nothing to stop.
      { name: 'start hooks', run: () => hooksStarted.catch(() => undefined) },
      // Stops accepting connections and waits for requests in flight to finish.
      { name: 'requests in flight', run: () => app.close() },
      ...[...STARTUP_HOOKS]
        .reverse()
        .map((hook): ShutdownStep => ({ name: hook.name, run: async () => await stopOf.get(hook.name)?.() })),
      { name: 'mailer', run: () => mailer.close() },
      { name: 'database', run: () => database.close() },
    ],
    (config.shutdownTimeoutSeconds ?? SHUTDOWN_TIMEOUT_SECONDS) * 1000,
    logger,
    openRequests,
  );
  if (code === 0 && !failed) logger.info('stopped');
  process.exit(failed ? 1 : code);
}
// Installed before the server says it is on: whoever starts it may stop it as soon as it says so, and a signal's
// default action would kill it without closing the database.
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
logger.info(
  { database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir}/db)`, port },
  `SolarOps Console on http://localhost:${port}/ (API docs at /prod-api/docs)`,
);
try {
  await hooksStarted;
} catch (err) {
  // A start that failed stops what the hooks before it started and closes the database, then exits with 1.
  logger.fatal({ err }, 'start failed');
  await shutdown('start failed', true);
}
