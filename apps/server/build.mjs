#!/usr/bin/env node
// The production build of the server: one ES module per entry point in dist/, bundled by esbuild with the
// workspace packages it imports (@solarops/contracts, pv, simulator), so that `node dist/main.js` runs without tsx
// (scripts/bundleNodeApp.mjs, shared with the agent). dist/ sits one level below the workspace like src/, so the
// migrations and the built console are found from it as from the sources.
import { bundleNodeApp } from '../../scripts/bundleNodeApp.mjs';

// BUILD_OUT_DIR: another directory beside src/ (tests build their own copy, leaving dist/ alone).
const outdir = process.env.BUILD_OUT_DIR ?? 'dist';
if (!/^[A-Za-z0-9._-]+$/.test(outdir))
  throw new Error(`BUILD_OUT_DIR must be a directory name beside src/: ${outdir}`);
const external = await bundleNodeApp({
  appDir: new URL('.', import.meta.url),
  workspaces: [
    './package.json',
    '../simulator/package.json',
    '../../packages/contracts/package.json',
    '../../packages/pv/package.json',
  ],
  // The database thread's entry (src/db/pgliteHost.ts) is its own module, which the bundles start as a worker.
  entryPoints: {
    main: 'src/main.ts',
    'migrate-data': 'src/migrateData/cli.ts',
    'pglite-host': 'src/db/pgliteHost.ts',
    // The demo history's planning thread (src/modules/fleet/planDemoHistoryHost.ts), started as a worker too.
    'plan-demo-history': 'src/modules/fleet/planDemoHistoryHost.ts',
  },
  outdir,
});
console.log(`build: apps/server/${outdir}/main.js (external: ${external.length} packages)`);
