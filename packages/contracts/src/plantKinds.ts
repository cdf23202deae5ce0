/**
 * A plant's type and state, the values the plant list's search offers.
 *
 * In a file of its own, without zod, because the console's plant list draws its search from them: importing them
 * from `plants.ts` pulled the plant schemas, and with them zod, into the list's download and its start.
 */

/** Plant types (spec §3): residential, poverty alleviation, energy storage, commercial. */
export const PLANT_TYPES = ['residential', 'povertyAlleviation', 'energyStorage', 'commercial'] as const;

/**
 * A plant's state from its devices: `online` (all reporting), `partial` (some offline), `offline` (none
 * reporting), `fault` (a reporting device is in fault).
 */
export const PLANT_STATUSES = ['online', 'partial', 'offline', 'fault'] as const;
