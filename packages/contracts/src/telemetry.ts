import { z } from 'zod';
import { DEVICE_LIMITS, REJECTION_REASONS, commandMessage, commandReply, serialNumber } from './device.ts';

/**
 * Telemetry batches (ARCHITECTURE §5): what a collector publishes on `dev/{sn}/up/telemetry` and POSTs to
 * `/prod-api/device/v1/telemetry`. Units are in the field names; ranges are wide enough for any real device and
 * narrow enough to refuse garbage (a 10 GW inverter or a −500 °C heat sink).
 */

const finite = z.number().finite();
const perPhase = (min: number, max: number) =>
  z.array(finite.min(min).max(max)).min(1).max(DEVICE_LIMITS.maxPhases);
const perString = (min: number, max: number) =>
  z.array(finite.min(min).max(max)).max(DEVICE_LIMITS.maxPvStrings);

/** One reading of one device at one instant. Every measurement is optional: a device sends what it has. */
export const telemetryReading = z.object({
  /** Device serial (the inverter, meter, battery or weather station). */
  sn: serialNumber,
  /** Device time of the measurement [ms since epoch]. */
  ts: z.number().int().min(0).max(DEVICE_LIMITS.maxTimestampMs),
  /** AC power [W]; meters: net export (+) or import (−). */
  acPowerW: finite.min(-1e8).max(1e8).optional(),
  /** Energy since local midnight [kWh]. */
  energyTodayKwh: finite.min(0).max(1e7).optional(),
  /** Lifetime energy counter [kWh]; meters: exported energy. */
  energyTotalKwh: finite.min(0).max(1e10).optional(),
  /** Meters: lifetime imported energy [kWh]. */
  importEnergyKwh: finite.min(0).max(1e10).optional(),
  /** Grid voltage per phase [V]. */
  gridVoltageV: perPhase(0, 2000).optional(),
  /** Grid current per phase [A]. */
  gridCurrentA: perPhase(-1e5, 1e5).optional(),
  /** Grid frequency per phase [Hz]. */
  gridFrequencyHz: perPhase(0, 100).optional(),
  /** Heat-sink temperature [°C]. */
  tempC: finite.min(-60).max(200).optional(),
  /** 0 standby, 1 normal, 2 derating, 3 fault. */
  status: z.number().int().min(0).max(3).optional(),
  /** Fault code, 0 = none. */
  faultCode: z.number().int().min(0).max(65535).optional(),
  /** PV string voltages [V], one per input (≤ 12). */
  pvVoltageV: perString(0, 2000).optional(),
  /** PV string currents [A], one per input (≤ 12). */
  pvCurrentA: perString(-100, 100).optional(),
  /** Battery state of charge [%]. */
  batterySocPercent: finite.min(0).max(100).optional(),
  /** Battery power, + charging / − discharging [W]. */
  batteryPowerW: finite.min(-1e7).max(1e7).optional(),
  /** Battery voltage [V]. */
  batteryVoltageV: finite.min(0).max(2000).optional(),
  /** Weather station: global horizontal irradiance [W/m²]. */
  ghiWm2: finite.min(0).max(2000).optional(),
  /** Weather station: plane-of-array irradiance [W/m²]. */
  poaWm2: finite.min(0).max(2000).optional(),
  /** Weather station: ambient temperature [°C]. */
  tempAirC: finite.min(-80).max(80).optional(),
  /** Weather station: module temperature [°C]. */
  tempModuleC: finite.min(-80).max(120).optional(),
  /** Weather station: wind speed [m/s]. */
  windSpeedMs: finite.min(0).max(100).optional(),
});
export type TelemetryReading = z.infer<typeof telemetryReading>;

/**
 * A telemetry batch. `seq` identifies it for the ack (`dev/{sn}/down/ack`); the collector keeps it until acked.
 * Readings are checked one by one (a bad reading is refused and counted, the others stored), so the batch itself
 * only needs the right shape.
 */
export const telemetryBatch = z.object({
  seq: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  /** The collector's clock when sending [ms since epoch]; a clock off by more than 5 minutes raises an alert. */
  sentAt: z.number().int().min(0).optional(),
  readings: z.array(z.unknown()).min(1).max(DEVICE_LIMITS.maxReadingsPerBatch),
});
export type TelemetryBatch = Omit<z.infer<typeof telemetryBatch>, 'readings'> & {
  readings: TelemetryReading[];
};

/** What the HTTP ingest call answers (after the commit). */
export const telemetryAck = z.object({
  seq: z.number().int(),
  /** Readings stored now (duplicates of stored ones are not counted again). */
  accepted: z.number().int(),
  /** Readings refused, by reason. */
  rejected: z.record(z.string(), z.number().int()),
  /** Readings quarantined (too far in the future or older than the buffer horizon). */
  quarantined: z.number().int(),
});
export type TelemetryAck = z.infer<typeof telemetryAck>;

/** The answer to an HTTP telemetry batch: its ack, and the messages that waited for this collector. */
export const httpTelemetryAnswer = telemetryAck.extend({
  /** Bodies of `dev/{sn}/down/cmd`, oldest first, each handed out once; absent when none waited. */
  commands: z.array(commandMessage).optional(),
});
export type HttpTelemetryAnswer = z.infer<typeof httpTelemetryAnswer>;

/**
 * `POST /prod-api/device/v1/reply`: an HTTP collector's command replies (one, or several in order), the bodies
 * an MQTT collector publishes on `dev/{sn}/up/reply`.
 */
export const httpReplyBody = z.union([commandReply, z.array(commandReply).min(1).max(100)]);

/** Its answer, after the replies are stored: how many, and the messages that wait for this collector now. */
export const httpReplyAnswer = z.object({
  accepted: z.number().int(),
  /** Bodies of `dev/{sn}/down/cmd` (a write's read-back among them), each handed out once. */
  commands: z.array(commandMessage).optional(),
});

/** Device-link counters for administrators (`GET /prod-api/device/v1/metrics`). */
export const deviceLinkMetrics = z.object({
  batches: z.number().int(),
  readingsStored: z.number().int(),
  readingsQuarantined: z.number().int(),
  commits: z.number().int(),
  rejected: z.record(z.enum(REJECTION_REASONS), z.number().int()),
  queueLength: z.number().int(),
  connectedCollectors: z.number().int(),
});
export type DeviceLinkMetrics = z.infer<typeof deviceLinkMetrics>;

/**
 * Reading fields of one value each that an inverter, meter or battery reports: a history field each, and what a
 * register of a device without SunSpec may hold (`REGISTER_READING_FIELDS`).
 */
export const DEVICE_SCALAR_FIELDS = [
  'acPowerW',
  'energyTodayKwh',
  'energyTotalKwh',
  'importEnergyKwh',
  'tempC',
  'status',
  'faultCode',
  'batterySocPercent',
  'batteryPowerW',
  'batteryVoltageV',
] as const;

/** Fields of a device history (`GET /prod-api/device/{sn}/history?fields=`); PV strings as pvV1..pvV12, pvI1..pvI12. */
export const HISTORY_SCALAR_FIELDS = [
  ...DEVICE_SCALAR_FIELDS,
  'ghiWm2',
  'poaWm2',
  'tempAirC',
  'tempModuleC',
  'windSpeedMs',
  'gridVoltageV1',
  'gridVoltageV2',
  'gridVoltageV3',
  'gridCurrentA1',
  'gridCurrentA2',
  'gridCurrentA3',
  'gridFrequencyHz1',
] as const;
export const HISTORY_FIELDS: readonly string[] = [
  ...HISTORY_SCALAR_FIELDS,
  ...Array.from({ length: DEVICE_LIMITS.maxPvStrings }, (_, i) => `pvV${i + 1}`),
  ...Array.from({ length: DEVICE_LIMITS.maxPvStrings }, (_, i) => `pvI${i + 1}`),
];
