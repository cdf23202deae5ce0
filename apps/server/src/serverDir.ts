import { fileURLToPath } from 'node:url';

/**
 * The server workspace's folder (`apps/server`), found from this module's own place. It holds one level below it
 * both as source (`src/serverDir.ts`) and as the production build (`dist/main.js`, one bundle), so files read at
 * run time (migrations, the PDF font, the built console) are found the same way in both layouts.
 */
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Whether the server runs from its TypeScript sources (tsx, the tests) rather than the production build: a file
 * the build turns into JavaScript of its own (the database thread's host) is found at its source or built place.
 */
export const RUNS_FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The folder of the running code: `src/` from the sources, the bundle's own folder (`dist/`) when built. */
export const CODE_DIR = fileURLToPath(new URL('.', import.meta.url));
