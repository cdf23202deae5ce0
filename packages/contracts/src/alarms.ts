import { z } from 'zod';
import { calendarDayOrMoment } from './calendar.ts';
import { idSchema } from './common.ts';
import { langType, pageQuery } from './envelope.ts';

/**
 * Alarms and the fault catalogue (spec §3 "Alarm", §4, §7). An alarm occurs from a device event, a fault code in
 * a reading, offline detection or an analysis rule; it recovers when the device reports recovery or the condition
 * clears; a user confirms it. At most one open alarm per device (or collector, or plant) and code.
 */

/** Alarm levels (spec §3): 1 alerting, 2 warning, 3 fault. */
export const ALARM_LEVELS = [1, 2, 3] as const;
export const alarmLevel = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type AlarmLevel = z.infer<typeof alarmLevel>;

/** Alarm status (spec §3, §4): 0 occurred (still open), 1 recovered. */
export const ALARM_STATUS = { occurred: 0, recovered: 1 } as const;

/** Where an alarm came from. */
export const ALARM_SOURCES = ['event', 'telemetry', 'offline', 'rule'] as const;
export type AlarmSource = (typeof ALARM_SOURCES)[number];

/** Device families a catalogue entry applies to. */
export const FAULT_FAMILIES = ['inverter', 'collector', 'battery', 'plant'] as const;
export type FaultFamily = (typeof FAULT_FAMILIES)[number];

/** Fault codes raised by the server itself (offline detection and analysis rules), beside the devices' codes. */
export const SERVER_FAULT_CODES = {
  /** A device silent for 3 reporting intervals. */
  deviceOffline: 601,
  /** A collector silent for 3 reporting intervals. */
  collectorOffline: 602,
  /** A collector silent because its internet card expired (or was cancelled): "SIM expired" instead of offline. */
  collectorSimExpired: 603,
  /** A PV string whose current is far below its siblings' at the same time. */
  stringLow: 901,
  /** A plant producing nothing in daylight. */
  plantNoOutput: 902,
  /** A collector's internet card expires in 30, 7 or 1 days (one notice each). */
  simExpiring: 903,
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/** One fault catalogue entry: shipped as data, editable by administrators. */
export const faultCatalogueEntry = z.object({
  code: z.number().int().min(1).max(65535),
  level: alarmLevel,
  family: z.enum(FAULT_FAMILIES),
  descriptionZh: text(200),
  descriptionEn: text(200),
  solutionZh: text(1000),
  solutionEn: text(1000),
});
export type FaultCatalogueEntry = z.infer<typeof faultCatalogueEntry>;

/** An administrator's change of an entry (the code is in the path). */
export const faultCatalogueUpdate = faultCatalogueEntry.omit({ code: true }).partial().strict();
export const faultCodeParams = z.object({ code: z.coerce.number().int().min(1).max(65535) });

/** A day or a moment as the console sends it: `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` (plant-independent). */
const dateParam = z.string().trim().pipe(calendarDayOrMoment).optional();

/** An IANA time zone the browser reads dates in; without it, dates are each plant's local dates. */
const timeZone = z
  .string()
  .max(64)
  .refine((v) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: v });
      return true;
    } catch {
      return false;
    }
  }, 'validation.format')
  .optional();

/**
 * The spec's alarm query params (§3): status, startDate, endDate, pageStart, pageSize, userCode, langType; plus the
 * screens' filters. `userCode` is accepted and ignored: the caller's scope decides what it sees.
 */
export const alarmQuery = pageQuery.extend({
  status: z.coerce.number().int().min(0).max(1).optional(),
  startDate: dateParam,
  endDate: dateParam,
  tz: timeZone,
  userCode: z.string().max(64).optional(),
  langType,
  level: z.coerce.number().int().min(1).max(3).optional(),
  code: z.coerce.number().int().min(1).max(65535).optional(),
  plantId: idSchema.optional(),
  /** Device or collector serial, or a part of it. */
  sn: z.string().trim().max(32).optional(),
  plantName: z.string().trim().max(64).optional(),
  /** Only unconfirmed (true) or confirmed (false) alarms. */
  unconfirmed: z.enum(['true', 'false']).optional(),
  source: z.enum(ALARM_SOURCES).optional(),
});
export type AlarmQuery = z.infer<typeof alarmQuery>;

/** An alarm row (spec §3 field names). Times are ISO 8601. */
export const alarmRow = z.object({
  alarmId: z.number().int(),
  level: alarmLevel,
  code: z.number().int(),
  /** 0 occurred, 1 recovered. */
  status: z.number().int(),
  source: z.enum(ALARM_SOURCES),
  description: z.string(),
  solutions: z.string(),
  /** Detail from the device or the rule (the affected string, the silence). */
  message: z.string(),
  /** When it occurred. */
  warningTime: z.string(),
  recoveryTime: z.string().nullable(),
  /** When the server stored it. */
  saveTime: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  /** Serial of the collector (the spec's dialog column "collector serial number"). */
  deviceId: z.string(),
  /** The collector's name: its plant's name and model. */
  collectName: z.string(),
  /** The device that raised it (empty for plant-level alarms). */
  deviceSn: z.string(),
  deviceName: z.string(),
  deviceKind: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type AlarmRow = z.infer<typeof alarmRow>;

export const alarmIdQuery = z.object({ alarmId: idSchema });
export const alarmIdParams = z.object({ id: idSchema });

/** The detail screen: the row and the device's readings around the alarm time. */
export const alarmDetail = z.object({
  alarm: alarmRow,
  readings: z.array(
    z.object({
      ts: z.string(),
      acPowerW: z.number().nullable(),
      tempC: z.number().nullable(),
      gridVoltageV: z.number().nullable(),
      faultCode: z.number().nullable(),
      pvCurrentA: z.array(z.number().nullable()),
    }),
  ),
  /** Ids of fault records (waveforms, arc spectra) captured with it. */
  records: z.array(z.number().int()),
});
export type AlarmDetail = z.infer<typeof alarmDetail>;

/** Counts for the overview and statistics screens. */
export const alarmStatisticsQuery = z.object({
  startDate: dateParam,
  endDate: dateParam,
  tz: timeZone,
  langType,
});
const countBy = <K extends z.ZodType>(key: K) =>
  z.array(z.object({ key, label: z.string(), count: z.number() }));
export const alarmStatistics = z.object({
  total: z.number().int(),
  open: z.number().int(),
  unconfirmed: z.number().int(),
  byLevel: countBy(z.number()),
  byStatus: countBy(z.number()),
  byCode: countBy(z.number()),
  byPlant: countBy(z.number()),
  byDay: countBy(z.string()),
});
export type AlarmStatistics = z.infer<typeof alarmStatistics>;

/** A user's alarm settings: the dialog opening by itself with a 30 s refresh (granted), and email opt-out. */
export const alarmUserSettings = z.object({
  alarmAutoPopup: z.boolean(),
  emailOptOut: z.boolean(),
});
export type AlarmUserSettings = z.infer<typeof alarmUserSettings>;
export const alarmAutoPopupInput = z.object({ alarmAutoPopup: z.boolean() }).strict();
export const emailOptOutInput = z.object({ emailOptOut: z.boolean() }).strict();
export const alarmUserParams = z.object({ userId: idSchema });

/** Offline devices and collectors, and since when. */
export const offlineRow = z.object({
  kind: z.enum(['collector', 'device']),
  sn: z.string(),
  deviceKind: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  lastSeenAt: z.string().nullable(),
  offlineSince: z.string().nullable(),
});
export type OfflineRow = z.infer<typeof offlineRow>;
export const offlineQuery = pageQuery.extend({
  sn: z.string().trim().max(32).optional(),
  plantName: z.string().trim().max(64).optional(),
});

/** Analysis by plant (BIAlarmList), then by fault code (BIDetails, BIFaultDetailList). */
export const biPlantRow = z.object({
  plantId: z.number().int(),
  plantName: z.string(),
  total: z.number().int(),
  open: z.number().int(),
  level1: z.number().int(),
  level2: z.number().int(),
  level3: z.number().int(),
  devices: z.number().int(),
});
export const biCodeRow = z.object({
  code: z.number().int(),
  level: alarmLevel,
  description: z.string(),
  total: z.number().int(),
  open: z.number().int(),
  devices: z.number().int(),
  lastTime: z.string(),
});
export type BiPlantRow = z.infer<typeof biPlantRow>;
export type BiCodeRow = z.infer<typeof biCodeRow>;

/** Fault records captured by devices with a fault: grid waveforms and arc-fault current spectra. */
export const FAULT_RECORD_KINDS = ['waveform', 'arcSpectrum'] as const;
export const waveformSample = z.object({ timeMs: z.number(), voltage: z.number(), current: z.number() });
export const spectrumPoint = z.object({ frequencyHz: z.number(), amplitude: z.number() });
export const faultRecordData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('waveform'), samples: z.array(waveformSample).min(1).max(4096) }),
  z.object({ kind: z.literal('arcSpectrum'), points: z.array(spectrumPoint).min(1).max(1024) }),
]);
export type FaultRecordData = z.infer<typeof faultRecordData>;
export const faultRecordRow = z.object({
  recordId: z.number().int(),
  kind: z.enum(FAULT_RECORD_KINDS),
  code: z.number().int(),
  description: z.string(),
  ts: z.string(),
  plantName: z.string(),
  deviceSn: z.string(),
  alarmId: z.number().int().nullable(),
});
export const faultRecordDetail = faultRecordRow.extend({ data: faultRecordData });
export type FaultRecordRow = z.infer<typeof faultRecordRow>;
export type FaultRecordDetail = z.infer<typeof faultRecordDetail>;
export const faultRecordQuery = pageQuery.extend({
  kind: z.enum(FAULT_RECORD_KINDS).optional(),
  sn: z.string().trim().max(32).optional(),
  langType,
});

/** A device's logs (EventRecordPage, FaultRecordPage, RunningRecordPage). */
export const deviceLogQuery = pageQuery.extend({
  sn: z.string().trim().min(1).max(32),
  startDate: dateParam,
  endDate: dateParam,
  langType,
});
export const eventLogRow = z.object({
  ts: z.string(),
  code: z.number().int(),
  level: z.number().int(),
  state: z.string(),
  description: z.string(),
  stringIndex: z.number().int().nullable(),
});
export const runningLogRow = z.object({
  ts: z.string(),
  status: z.number().nullable(),
  acPowerW: z.number().nullable(),
  energyTodayKwh: z.number().nullable(),
  tempC: z.number().nullable(),
  faultCode: z.number().nullable(),
});
export type EventLogRow = z.infer<typeof eventLogRow>;
export type RunningLogRow = z.infer<typeof runningLogRow>;

/** A message pushed on the alarm stream (server-sent events `alarm`). */
export const alarmPush = z.object({
  alarmId: z.number().int(),
  level: alarmLevel,
  code: z.number().int(),
  plantId: z.number().int(),
  status: z.number().int(),
});
export type AlarmPush = z.infer<typeof alarmPush>;
