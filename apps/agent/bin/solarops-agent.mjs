#!/usr/bin/env node
// The agent is written in TypeScript and run from its sources through tsx (as the server is in development):
// nothing to build on the gateway, and no native module for Modbus TCP.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
