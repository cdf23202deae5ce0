import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure code: physics, simulator, agent, contracts, server units), `web` (React components in
// jsdom, configured in apps/web) and `api` (the server through HTTP on a real database, configured in
// apps/server; the same files run on PGlite and, with DATABASE_URL, on PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/simulator/src/**/*.test.ts',
            'apps/agent/src/**/*.test.ts',
            'apps/agent/test/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
          ],
        },
      },
      'apps/web/vitest.config.ts',
      'apps/server/vitest.config.ts',
    ],
  },
});
