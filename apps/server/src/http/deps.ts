import type { Config } from '../config.ts';
import type { Database } from '../db/openDatabase.ts';
import type { Mailer } from '../mail/Mailer.ts';
import type { AuthContext } from '../modules/auth/AuthContext.ts';

/** What every module reaches through `app.deps`: one object built by `buildApp`, so tests can swap any part. */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** The HS256 key shared by every instance (kept in the `settings` table). */
  signingKey: Uint8Array;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; read it through `callerOf(request)`. */
    auth: AuthContext | undefined;
  }
}
