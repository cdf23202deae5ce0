import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { antdStyles } from './antdStyles.ts';

// The `web` project of the root vitest config: React components in jsdom.
export default defineProject({
  // Tests draw no styles (`css: false`): Ant Design's build-time sheet is empty here.
  plugins: [react(), antdStyles({ empty: true })],
  test: {
    name: 'web',
    // Paths below are relative to the repository root, as in the root vitest config.
    root: fileURLToPath(new URL('../..', import.meta.url)),
    environment: 'jsdom',
    include: ['apps/web/src/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    css: false,
    // Rendering Ant Design in jsdom is CPU-bound: a screen that renders in half a second here may take several on
    // a slower or busier machine, so tests and their waits are sized for a machine several times slower.
    testTimeout: 30_000,
  },
});
