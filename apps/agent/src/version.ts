import { readFileSync } from 'node:fs';

/** The agent's version (its package's), said in its status message. */
export const AGENT_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
