/**
 * The fleet map's state of a plant: `offline` when none of its devices reports, `alarm` when it has an open alarm or
 * a device in fault, else `normal`.
 *
 * In a file of its own, without zod, because the console's dashboard draws the states' legend from it: importing
 * it from `plants.ts` pulled the plant schemas, and with them zod, into the dashboard's download.
 */
export const MAP_STATES = ['normal', 'alarm', 'offline'] as const;
export type MapState = (typeof MAP_STATES)[number];
