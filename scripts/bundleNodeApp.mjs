// The production build of a Node.js app of the workspace (apps/server, apps/agent), shared by their build.mjs:
// esbuild bundles each entry point with the workspace packages it imports (@solarops/*) into one ES module,
// compiled from TypeScript, so that the app runs on plain Node.js without tsx. Third-party packages stay external
// and are loaded from node_modules as they are (their native parts, wasm and files found by their own paths): they
// are the dependencies the manifests of the app and of the workspaces it imports declare.
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** A bundled CommonJS helper may call require(); in an ES module it has to be made. */
const MAKE_REQUIRE =
  "import { createRequire as __solaropsRequire } from 'node:module'; const require = __solaropsRequire(import.meta.url);";

/**
 * Builds `entryPoints` (name → source, relative to `appDir`) into `outdir` (a directory of `appDir`, emptied
 * first) and returns the packages left external.
 * - `appDir`: the app's folder, as a file URL (`new URL('.', import.meta.url)` in its build.mjs);
 * - `workspaces`: the manifests (relative to `appDir`) whose dependencies stay external: the app's own and those of
 *   the workspace packages it imports;
 * - `firstLine`: a line put before everything else (the agent's `#!` line that starts it with its flags);
 * - `outExtension`: the bundles' file extension when not `.js`.
 */
export async function bundleNodeApp({ appDir, workspaces, entryPoints, outdir, firstLine, outExtension }) {
  const manifest = (p) => JSON.parse(readFileSync(new URL(p, appDir), 'utf8'));
  const external = [
    ...new Set(workspaces.flatMap((p) => Object.keys(manifest(p).dependencies ?? {}))),
  ].filter((name) => !name.startsWith('@solarops/'));
  rmSync(new URL(outdir, appDir), { recursive: true, force: true });
  await build({
    absWorkingDir: fileURLToPath(appDir),
    entryPoints,
    outdir,
    ...(outExtension ? { outExtension: { '.js': outExtension } } : {}),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external,
    sourcemap: 'linked',
    banner: { js: firstLine ? `${firstLine}\n${MAKE_REQUIRE}` : MAKE_REQUIRE },
    logLevel: 'warning',
  });
  return external;
}
