#!/usr/bin/env node
// The end-to-end step of `npm test`: builds the console (unless its build is that of its sources already:
// apps/web/sourceStamp.mjs) and runs the Playwright suite in Chromium. Until the
// suite exists (e2e/playwright.config.ts), it says so and succeeds, so that the other steps can be relied on.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const config = 'e2e/playwright.config.ts';
if (!existsSync(config)) {
  console.log(`test:e2e: skipped, ${config} does not exist yet.`);
  process.exit(0);
}
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;
const built = run(process.execPath, ['apps/web/build.mjs', '--if-stale']);
if (built !== 0) process.exit(built);
process.exit(run('npx', ['playwright', 'test', '--config', config, ...process.argv.slice(2)]));
