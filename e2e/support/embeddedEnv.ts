/**
 * The environment for a server started by the e2e suite: this process's, less the variables that would point it
 * at shared infrastructure. CI exports DATABASE_URL for the API suite's PostgreSQL run; a server started here must
 * still get its own embedded database in its own DATA_DIR, or two servers would share one database.
 */
export function embeddedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, MQTT_URL: _broker, SMTP_URL: _smtp, ...env } = process.env;
  // The cheapest password hashing the server accepts: the suite signs in dozens of times, and production's cost
  // makes each sign-in take seconds on a busy machine.
  return { ...env, PASSWORD_HASH_COST: '14' };
}
