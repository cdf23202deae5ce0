import { fileURLToPath } from 'node:url';

/**
 * The agent workspace's folder (`apps/agent`, `/opt/solarops-agent/apps/agent` when installed), found from this
 * module's own place. It sits one level below it both as source (`src/agentDir.ts`) and in the production build
 * (`dist/solarops-agent.mjs`, one bundle), so the files read at run time (the SunSpec models) are found the same
 * way in both.
 */
export const AGENT_DIR = fileURLToPath(new URL('..', import.meta.url));
