#!/usr/bin/env node
// The supervisor run from its TypeScript sources through tsx, as in development (the demo fleet's agent plant). The
// installed service runs its production build instead (dist/solarops-agent-supervisor.mjs).
import { register } from 'tsx/esm/api';

register();
await import('../src/update/supervisorMain.ts');
