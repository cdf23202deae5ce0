#!/usr/bin/env node
// The production build of the server: one ES module per entry point in dist/, bundled by esbuild with the
// workspace packages it imports (@solarops/contracts, pv, simulator), compiled from TypeScript to JavaScript, so
// that `node dist/main.js` runs without tsx. Third-party packages stay external and are loaded from node_modules
// as they are (their native parts, wasm and files found by their own paths). dist/ sits one level below the
// workspace like src/, so the migrations and the built console are found from it as from the sources.
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('.', import.meta.url));
const manifest = (p) => JSON.parse(readFileSync(new URL(p, import.meta.url), 'utf8'));
const workspaces = [
  './package.json',
  '../simulator/package.json',
  '../../packages/contracts/package.json',
  '../../packages/pv/package.json',
];
const external = [...new Set(workspaces.flatMap((p) => Object.keys(manifest(p).dependencies ?? {})))].filter(
  (name) => !name.startsWith('@solarops/'),
);

// BUILD_OUT_DIR: another directory beside src/ (tests build their own copy, leaving dist/ alone).
const outdir = process.env.BUILD_OUT_DIR ?? 'dist';
if (!/^[A-Za-z0-9._-]+$/.test(outdir))
  throw new Error(`BUILD_OUT_DIR must be a directory name beside src/: ${outdir}`);
rmSync(new URL(outdir, import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  // The database thread's entry (src/db/pgliteHost.ts) is its own module, which the bundles start as a worker.
  entryPoints: {
    main: 'src/main.ts',
    'migrate-data': 'src/migrateData/cli.ts',
    'pglite-host': 'src/db/pgliteHost.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: 'linked',
  // A bundled CommonJS helper may call require(); in an ES module it has to be made.
  banner: {
    js: "import { createRequire as __solaropsRequire } from 'node:module'; const require = __solaropsRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`build: apps/server/${outdir}/main.js (external: ${external.length} packages)`);
