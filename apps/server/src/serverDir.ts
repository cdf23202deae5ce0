import { fileURLToPath } from 'node:url';

/**
 * The server workspace's folder (`apps/server`), found from this module's own place. It holds one level below it
 * both as source (`src/serverDir.ts`) and as the production build (`dist/main.js`, one bundle), so files read at
 * run time (migrations, the PDF font, the built console) are found the same way in both layouts.
 */
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
