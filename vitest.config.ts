import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure code: physics, simulator, contracts, server units), `web` (React components in
// jsdom, configured in apps/web) and `api` (the server through HTTP on a real database, configured in
// apps/server; the same files run on PGlite and, with DATABASE_URL, on PostgreSQL).
/**
 * A component file's jsdom is torn down when the file ends. Work that React's scheduler still had queued then
 * throws "window is not defined" outside any test: Ant Design's static notices (`message.success`) render in React
 * roots of their own, which testing-library's cleanup does not unmount. It happens after every assertion and cannot
 * change a result, so only that error, thrown from React's scheduler, is let pass; any other unhandled error still
 * fails the run.
 */
const afterJsdomTeardown = (error: { name?: string; message?: string }) =>
  error.name === 'ReferenceError' &&
  error.message === 'window is not defined' &&
  /react-dom|scheduler/.test(JSON.stringify(error));

export default defineConfig({
  test: {
    onUnhandledError: (error) => !afterJsdomTeardown(error),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/simulator/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
          ],
        },
      },
      'apps/web/vitest.config.ts',
      'apps/server/vitest.config.ts',
    ],
  },
});
