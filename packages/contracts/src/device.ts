import { z } from 'zod';
import { faultRecordData } from './alarms.ts';

/**
 * The device link protocol (ARCHITECTURE §5, docs/device-protocol.md): topics, limits and the small messages a
 * collector and the server exchange besides telemetry (status, events, acks, commands).
 */

/** Limits of the device link, shared by the server's checks, the simulator and the documentation. */
export const DEVICE_LIMITS = {
  /** Largest MQTT or HTTP payload accepted from a device [byte]. */
  maxPayloadBytes: 256 * 1024,
  /** Readings in one telemetry batch. */
  maxReadingsPerBatch: 1000,
  /** Events in one event batch. */
  maxEventsPerBatch: 100,
  /** PV inputs (strings) per inverter. */
  maxPvStrings: 12,
  /** Grid phases per device. */
  maxPhases: 3,
  /** A reading stamped further ahead of the server's clock is quarantined [ms]. */
  futureToleranceMs: 5 * 60_000,
  /** A collector buffers at most this much history; older readings are quarantined [ms]. */
  bufferHorizonMs: 7 * 86_400_000,
  /** A device clock off by more than this raises a device alert [ms]. */
  clockSkewAlertMs: 5 * 60_000,
  /**
   * The latest device time accepted [ms since epoch]: the end of JavaScript's `Date` range (year 275760). A later
   * one is refused as invalid rather than quarantined, since no time can be written for it.
   */
  maxTimestampMs: 8_640_000_000_000_000,
  /** Default reporting interval of a collector [s]. */
  defaultReportIntervalS: 300,
  /** No data for this many reporting intervals: offline (ARCHITECTURE §5). */
  offlineAfterIntervals: 3,
} as const;

/** Serial numbers of collectors and devices: letters, digits, `-` and `_`, as printed on the label. */
export const serialNumber = z
  .string()
  .min(4)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Device families ("equipment type"): string, micro and hybrid inverters, batteries, meters, weather stations. */
export const DEVICE_KINDS = [
  'stringInverter',
  'microInverter',
  'hybridInverter',
  'battery',
  'meter',
  'weatherStation',
] as const;
export const deviceKind = z.enum(DEVICE_KINDS);
export type DeviceKind = z.infer<typeof deviceKind>;

/** Families whose AC output is the plant's generation. */
export const INVERTER_KINDS: readonly DeviceKind[] = ['stringInverter', 'microInverter', 'hybridInverter'];

/** Operating status codes in readings: 0 standby, 1 normal, 2 derating, 3 fault. */
export const DEVICE_STATUS = { standby: 0, normal: 1, derating: 2, fault: 3 } as const;

/**
 * The collector model of an edge agent (`solarops-agent`, apps/agent): a program on a gateway beside the plant that
 * reads its inverters, meters and batteries over Modbus and SunSpec, where other collectors are our dataloggers.
 */
export const AGENT_COLLECTOR_MODEL = 'solarops-agent';

/** MQTT topics of one collector; a collector may publish and subscribe only under its own `dev/{sn}/`. */
export const deviceTopics = (sn: string) => ({
  telemetry: `dev/${sn}/up/telemetry`,
  event: `dev/${sn}/up/event`,
  reply: `dev/${sn}/up/reply`,
  status: `dev/${sn}/up/status`,
  cmd: `dev/${sn}/down/cmd`,
  ack: `dev/${sn}/down/ack`,
});

/** Upstream message kinds, the last topic level of `dev/{sn}/up/{kind}`. */
export const UP_KINDS = ['telemetry', 'event', 'reply', 'status'] as const;
export type UpKind = (typeof UP_KINDS)[number];

/** Downstream topics a collector may subscribe to (exact names, no wildcards). */
export const DOWN_KINDS = ['cmd', 'ack'] as const;

/** Parses `dev/{sn}/up/{kind}`; undefined for any other topic. */
export function parseUpTopic(topic: string): { sn: string; kind: UpKind } | undefined {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== 'dev' || parts[2] !== 'up') return undefined;
  const [, sn, , kind] = parts;
  if (!sn || !(UP_KINDS as readonly string[]).includes(kind ?? '')) return undefined;
  return { sn, kind: kind as UpKind };
}

/**
 * Why an edge agent's poll of a device failed: no answer in time, an exception the device answered, no connection
 * to its link, backed off after failing in a row, no SunSpec map where one was expected, or anything else.
 */
export const AGENT_POLL_ERROR_KINDS = [
  'timeout',
  'exception',
  'connection',
  'backedOff',
  'noSunSpec',
  'other',
] as const;
export type AgentPollErrorKind = (typeof AGENT_POLL_ERROR_KINDS)[number];

const agentText = z.string().max(64);
const agentCount = z.number().int().min(0).max(1e12);

/** What an edge agent found of one device it polls, and how its polls went since the agent started. */
export const agentDeviceReport = z
  .object({
    /** Our serial of the device (its readings' `sn`). */
    sn: serialNumber,
    /** The link it is read on (its name in agent.yaml, else its address). */
    link: agentText,
    unitId: z.number().int().min(0).max(255),
    /** `sunspec` (discovered) or the register profile it is read by. */
    profile: z.string().max(32),
    /** What its SunSpec common model (1) says; absent until discovered, and for a device read by a profile. */
    identity: z
      .object({
        manufacturer: agentText.optional(),
        model: agentText.optional(),
        serial: agentText.optional(),
        version: agentText.optional(),
      })
      .strict()
      .optional(),
    /** The SunSpec model ids of its chain, in order, known or not; absent until discovered. */
    models: z.array(z.number().int().min(0).max(65535)).max(100).optional(),
    /** Polls that failed, by kind. */
    errors: z
      .object(Object.fromEntries(AGENT_POLL_ERROR_KINDS.map((k) => [k, agentCount.optional()])))
      .strict() as z.ZodType<Partial<Record<AgentPollErrorKind, number>>>,
    /** Why its last failed poll failed. */
    lastError: z.string().max(200).optional(),
  })
  .strict();
export type AgentDeviceReport = z.infer<typeof agentDeviceReport>;

/**
 * The serial an edge agent names a device by, from the serial its SunSpec common model gives: the text with runs
 * of anything but letters, digits, `_` and `-` made one `-`, at most 32 characters; fewer than 4 is none (the
 * device is then named `unit-<id>` until discovered, a name that is no device's).
 */
export function serialFromIdentity(serial: string | undefined): string | undefined {
  const sn = (serial ?? '')
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .slice(0, 32);
  return /^[A-Za-z0-9_-]{4,32}$/.test(sn) ? sn : undefined;
}

/** The name an agent gives a device that has no serial yet (none configured, none discovered): no device's. */
export function unnamedDevice(unitId: number): string {
  return `unit-${unitId}`;
}

/**
 * Whether a device an agent found can be accepted under its name: discovery identified it and the agent names it
 * by a serial (configured, or the one discovery gave), not `unit-<id>`, which would become a stored device's serial.
 */
export function isNamedBySerial(device: Pick<AgentDeviceReport, 'sn' | 'identity'>): boolean {
  return device.identity?.serial !== undefined && !/^unit-\d+$/.test(device.sn);
}

/** What an edge agent says of its links and devices in its status message. */
export const agentReport = z
  .object({
    /** Each link's mean request round trip of its recent requests [ms]; absent before its first answer. */
    links: z
      .array(z.object({ name: agentText, latencyMs: z.number().min(0).max(600_000).optional() }).strict())
      .max(64),
    devices: z.array(agentDeviceReport).max(256),
  })
  .strict();
export type AgentReport = z.infer<typeof agentReport>;

/** `dev/{sn}/up/status`: sent on connect, and as the last will (`offline`). */
export const collectorStatusMessage = z.object({
  state: z.enum(['online', 'offline']),
  /** Collector firmware version. */
  firmware: z.string().max(32).optional(),
  /** Received signal strength [dBm]. */
  signal: z.number().int().min(-150).max(0).optional(),
  /** SIM card ICCID (19 or 20 digits). */
  iccid: z
    .string()
    .regex(/^\d{19,20}$/)
    .optional(),
  /** Reporting interval [s]; offline detection waits three of them. */
  intervalS: z.number().int().min(5).max(3600).optional(),
  /**
   * Its clock, which stamps every reading: the time when it sent this message [ms since the epoch] and whether
   * the clock is synchronised (NTP); absent `synced` when the collector cannot tell. The server keeps the
   * difference to its own clock.
   */
  clock: z
    .object({ ms: z.number().int().min(0).max(DEVICE_LIMITS.maxTimestampMs), synced: z.boolean().optional() })
    .strict()
    .optional(),
  /**
   * Readings (and events) it dropped, oldest first, because its buffer of unsent batches was full: the count in
   * all since its buffer was made, so the server keeps the latest it was told (the edge agent says it). Bounded
   * like every integer a device sends: a full buffer of 32 devices drops about 3.4 million readings a year.
   */
  droppedReadings: z.number().int().min(0).max(1e12).optional(),
  /** An edge agent's links and what it found of its devices (kept by the server as the agent last said). */
  agent: agentReport.optional(),
});
export type CollectorStatusMessage = z.infer<typeof collectorStatusMessage>;

/** One device event: a fault raised or cleared (codes from the simulator's fault table). */
export const deviceEvent = z.object({
  /** Device serial. */
  sn: serialNumber,
  /** Device time of the event [ms since epoch]. */
  ts: z.number().int().min(0).max(DEVICE_LIMITS.maxTimestampMs),
  /** Fault code, > 0. */
  code: z.number().int().min(1).max(65535),
  /** Alarm level: 1 alerting, 2 warning, 3 fault. */
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  state: z.enum(['raised', 'cleared']),
  /** Affected PV input, 0-based (string faults). */
  stringIndex: z.number().int().min(0).max(11).optional(),
  /** What the device recorded with a raised fault: a grid waveform or an arc-fault current spectrum. */
  record: faultRecordData.optional(),
});
export type DeviceEvent = z.infer<typeof deviceEvent>;

/** `dev/{sn}/up/event`: events in one message, acknowledged like telemetry. */
export const eventBatch = z.object({
  seq: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  events: z.array(deviceEvent).min(1).max(DEVICE_LIMITS.maxEventsPerBatch),
});
export type EventBatch = z.infer<typeof eventBatch>;

/** `dev/{sn}/down/ack`: the batch `seq` is stored (sent after the commit). */
export const ackMessage = z.object({ seq: z.number().int().min(0), kind: z.enum(['telemetry', 'event']) });
export type AckMessage = z.infer<typeof ackMessage>;

/**
 * Command types on the wire (ARCHITECTURE §5, docs/device-protocol.md "Commands"). `readSettings` is also the
 * server's read-back after a write; `debug` reads or writes holding registers (`args.op`).
 */
export const COMMAND_TYPES = [
  'firmwareUpgrade',
  'readSettings',
  'writeSettings',
  'ivScan',
  'batteryDispatch',
  'debug',
  'reboot',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** `dev/{sn}/down/cmd`. The same `cmdId` may arrive more than once; the device applies it at most once. */
export const commandMessage = z.object({
  cmdId: z.string().min(1).max(64),
  type: z.enum(COMMAND_TYPES),
  /** Device serial, or the collector's own. */
  target: serialNumber,
  args: z.record(z.string(), z.unknown()).default({}),
  /** The command's end of life [ms since epoch]: a device receiving it later answers `failed` (`expired`). */
  expiresAt: z.number().int().optional(),
});
export type CommandMessage = z.infer<typeof commandMessage>;

/**
 * `dev/{sn}/up/reply`: progress and result of a command. `accepted` = taken and written to the device's
 * registers (for writes, `result.previous` holds the values before); `failed` = refused, with `reason` in the
 * device's words; `succeeded` = done, with `result` (read values or registers).
 */
export const commandReply = z.object({
  cmdId: z.string().min(1).max(64),
  state: z.enum(['accepted', 'progress', 'succeeded', 'failed']),
  /** Progress [%]. */
  progress: z.number().min(0).max(100).optional(),
  result: z.unknown().optional(),
  /** Why it failed, in the device's words. */
  reason: z.string().max(200).optional(),
});
export type CommandReply = z.infer<typeof commandReply>;

/** Why the device link refused something; each reason is counted (admin metrics) and logged once a minute. */
export const REJECTION_REASONS = [
  'badCredentials',
  'forbiddenTopic',
  'wildcardSubscription',
  'retained',
  'oversized',
  'malformed',
  'invalidBatch',
  'invalidReading',
  'unknownDevice',
  'futureReading',
  'tooOldReading',
  'storeFailed',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
