#!/usr/bin/env node
// The production build of the agent: one ES module, dist/solarops-agent.mjs, bundled by esbuild with the
// workspace code it imports (@solarops/contracts, the simulator's collector link) so that the service runs on plain
// Node.js (scripts/bundleNodeApp.mjs, shared with the server). Run from the sources through tsx instead, a gateway
// would hold tsx's loader thread and esbuild's compiler beside the agent: half again its memory (bench/agent).
// Third-party packages stay external and are loaded from node_modules as they are (serialport's native part among
// them). The vendored SunSpec models are read at run time from @solarops/contracts' folder, found through
// node_modules from the bundle as from the sources (packages/contracts/src/sunspec/models.ts).
//
// The bundle starts itself (its first line, which the systemd unit relies on) with the V8 flags of a small
// gateway (docs/decisions/0021-agent-runtime.md): lite mode (no optimising compiler: the agent waits on its
// links, it does not compute) and a young generation of 1 MB instead of up to 32.
import { chmodSync } from 'node:fs';
import { bundleNodeApp } from '../../scripts/bundleNodeApp.mjs';

/** Node's flags for the agent, in the bundle's first line. */
export const NODE_FLAGS = '--lite-mode --no-expose-wasm --max-semi-space-size=1';

const external = await bundleNodeApp({
  appDir: new URL('.', import.meta.url),
  workspaces: ['./package.json', '../simulator/package.json', '../../packages/contracts/package.json'],
  // The supervisor is a bundle of its own: it runs beside the agent for the service's whole life and loads none of
  // the agent's code (docs/decisions/0030-agent-self-update.md).
  entryPoints: {
    'solarops-agent': 'src/main.ts',
    'solarops-agent-supervisor': 'src/update/supervisorMain.ts',
  },
  outdir: 'dist',
  outExtension: '.mjs',
  firstLine: `#!/usr/bin/env -S node ${NODE_FLAGS}`,
});
for (const program of ['solarops-agent', 'solarops-agent-supervisor'])
  chmodSync(new URL(`dist/${program}.mjs`, import.meta.url), 0o755);
console.log(
  `build: apps/agent/dist/solarops-agent.mjs, solarops-agent-supervisor.mjs (external: ${external.join(', ')})`,
);
