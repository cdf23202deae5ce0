#!/usr/bin/env node
// The agent run from its TypeScript sources through tsx, as in development: nothing to build. The installed
// service runs the production build instead (dist/solarops-agent.mjs, `npm run build -w @solarops/agent`), which
// needs no compiler at run time and about half the memory.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
