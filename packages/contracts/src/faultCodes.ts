import type { AlarmLevel } from './alarms.ts';

/**
 * The devices' fault codes: the vocabulary a collector reports in `faultCode` and in fault events.
 *
 * This table is the single source of device codes: simulated devices raise them, the server builds its alarm
 * catalogue (code, level, texts) from them. Levels follow the spec: 1 alerting, 2 warning, 3 fault. Codes are
 * grouped by hundreds: 1xx grid, 2xx insulation, 3xx thermal, 4xx PV strings, 5xx arc, 6xx communication. Code 0
 * means no fault. Codes the server raises itself are `SERVER_FAULT_CODES`. Thresholds in the descriptions are
 * those of IEC 62109 / IEEE 1547-style grid protection and UL 1699B arc-fault detection, as most inverters
 * implement them.
 */

/** Kinds of fault a device reports. */
export type FaultKind =
  | 'gridOverVoltage'
  | 'gridUnderVoltage'
  | 'gridOverFrequency'
  | 'gridUnderFrequency'
  | 'lowInsulation'
  | 'overTemperature'
  | 'stringOpen'
  | 'stringShort'
  | 'arcFault'
  | 'lossOfCommunication';

/** One entry of the fault table. */
export interface FaultCodeEntry {
  /** Code sent in readings, unique, > 0. */
  code: number;
  /** Kind of fault. */
  kind: FaultKind;
  /** Alarm level. */
  level: AlarmLevel;
  /** i18n key of the message, `alarm.fault.<kind>`. */
  messageKey: string;
  /** English description (the catalogue's fallback text). */
  description: string;
}

/** All device fault codes. */
export const FAULT_CODES: readonly FaultCodeEntry[] = [
  {
    code: 101,
    kind: 'gridOverVoltage',
    level: 3,
    messageKey: 'alarm.fault.gridOverVoltage',
    description: 'Grid voltage above the trip limit (> 110 % of nominal); inverter disconnected',
  },
  {
    code: 102,
    kind: 'gridUnderVoltage',
    level: 3,
    messageKey: 'alarm.fault.gridUnderVoltage',
    description: 'Grid voltage below the trip limit (< 85 % of nominal); inverter disconnected',
  },
  {
    code: 103,
    kind: 'gridOverFrequency',
    level: 3,
    messageKey: 'alarm.fault.gridOverFrequency',
    description: 'Grid frequency above the trip limit (> nominal + 0.5 Hz); inverter disconnected',
  },
  {
    code: 104,
    kind: 'gridUnderFrequency',
    level: 3,
    messageKey: 'alarm.fault.gridUnderFrequency',
    description: 'Grid frequency below the trip limit (< nominal − 0.5 Hz); inverter disconnected',
  },
  {
    code: 201,
    kind: 'lowInsulation',
    level: 3,
    messageKey: 'alarm.fault.lowInsulation',
    description: 'PV insulation resistance to earth too low (< 100 kΩ); inverter will not connect',
  },
  {
    code: 301,
    kind: 'overTemperature',
    level: 2,
    messageKey: 'alarm.fault.overTemperature',
    description: 'Inverter heat-sink over temperature; output derated',
  },
  {
    code: 401,
    kind: 'stringOpen',
    level: 2,
    messageKey: 'alarm.fault.stringOpen',
    description: 'PV string open circuit (fuse, connector or cable); string produces no current',
  },
  {
    code: 402,
    kind: 'stringShort',
    level: 2,
    messageKey: 'alarm.fault.stringShort',
    description: 'PV string short circuit or reversed polarity; string isolated',
  },
  {
    code: 501,
    kind: 'arcFault',
    level: 3,
    messageKey: 'alarm.fault.arcFault',
    description: 'DC series arc detected; inverter shut down, manual restart required',
  },
  {
    code: 601,
    kind: 'lossOfCommunication',
    level: 1,
    messageKey: 'alarm.fault.lossOfCommunication',
    description: 'Device not responding to the collector',
  },
];

/** The table entry of a kind. */
export function faultCodeOf(kind: FaultKind): FaultCodeEntry {
  const entry = FAULT_CODES.find((f) => f.kind === kind);
  if (!entry) throw new Error(`unknown fault kind ${kind}`);
  return entry;
}
