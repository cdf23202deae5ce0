import { fileURLToPath } from 'node:url';

/** Where a spec saves the screenshot `name`: `e2e/screenshots/<name>.png`, beside the tests. */
export const shot = (name: string) => fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url));
