import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The API suite: the server through HTTP (`inject`) on a real database. The same files run on PGlite and, when
// DATABASE_URL is set, on PostgreSQL; the global setup migrates one template database per run.
export default defineProject({
  test: {
    name: 'api',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.unit.test.ts', '**/node_modules/**'],
    globalSetup: ['test/globalSetup.ts'],
    // Sign-ins run the real scrypt, at the lowest cost the config accepts (16 MiB, tens of ms each; production's
    // 128 MiB would make hashing most of the suite's time).
    env: { PASSWORD_HASH_COST: '14' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
