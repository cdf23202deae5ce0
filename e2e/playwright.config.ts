import { defineConfig } from '@playwright/test';

/**
 * The whole stack in a real Chromium: `globalSetup` starts a local SMTP server and the real server (temp data
 * directory, free ports) and hands their addresses to the tests through the environment.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/globalSetup.ts',
  workers: 1,
  fullyParallel: false,
  // One retry in CI: the suite runs on shared machines that can stall for seconds; a test that fails twice fails,
  // and one that needed its retry is listed as flaky in the report, to be looked at.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
});
