import type { FaultKind } from '../faultCodes.ts';

/**
 * Event bits of the inverter models 101-103 (`Evt1`) and alarm bits of model 701 (`Alrm`, the same names) that
 * have a code in our fault table, most serious first: the agent reads a device's fault code from them, the
 * simulator sets them from its devices' faults. Our other faults have no standard bit (a device says them in its
 * vendor bits only).
 */
export const SUNSPEC_EVENT_FAULTS: readonly (readonly [string, FaultKind])[] = [
  ['GROUND_FAULT', 'lowInsulation'],
  ['AC_OVER_VOLT', 'gridOverVoltage'],
  ['AC_UNDER_VOLT', 'gridUnderVoltage'],
  ['OVER_FREQUENCY', 'gridOverFrequency'],
  ['UNDER_FREQUENCY', 'gridUnderFrequency'],
  ['OVER_TEMP', 'overTemperature'],
  ['BLOWN_STRING_FUSE', 'stringOpen'],
];

/**
 * Model 101-103 `St` (and 160 modules' `DCSt`) to our status (0 standby, 1 normal, 2 derating, 3 fault): off,
 * sleeping, starting, shutting down and standby are all our standby; MPPT normal; throttled derating.
 */
export const SUNSPEC_INVERTER_STATUS: Readonly<Record<number, number>> = {
  1: 0,
  2: 0,
  3: 0,
  4: 1,
  5: 2,
  6: 0,
  7: 3,
  8: 0,
};
