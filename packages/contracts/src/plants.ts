import { z } from 'zod';
import { calendarPeriod } from './calendar.ts';
import { idListSchema, idSchema } from './common.ts';
import { DEVICE_KINDS, agentReport, agentDeviceReport, deviceKind } from './device.ts';
import { langType, pageQuery } from './envelope.ts';
import { LIMITS } from './limits.ts';
import { MAP_STATES } from './mapStates.ts';
import { PLANT_STATUSES, PLANT_TYPES } from './plantKinds.ts';
import { currencyRate } from './settings.ts';
import { HISTORY_FIELDS } from './telemetry.ts';

/** Station read calls (spec §3 plant, collector and inverter fields; ARCHITECTURE §4 data scope). */

export const plantType = z.enum(PLANT_TYPES);
export type PlantType = z.infer<typeof plantType>;

export const plantStatus = z.enum(PLANT_STATUSES);

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const plantListQuery = pageQuery.extend({
  /** Part of the plant name (case-insensitive). */
  name: z.string().trim().max(60).optional(),
  /** Part of the owner's user code or name. */
  owner: z.string().trim().max(60).optional(),
  type: plantType.optional(),
  status: plantStatus.optional(),
  sort: z
    .enum(['name', 'capacity', 'power', 'energyToday', 'energyTotal', 'buildDate', 'createdAt'])
    .default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type PlantListQuery = z.infer<typeof plantListQuery>;

export const plantRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Owner (end user) user code and display name. */
  ownerUserCode: z.string(),
  ownerName: z.string(),
  installerUserCode: z.string().nullable(),
  address: z.string(),
  /** IANA time zone; days, charts and reports of the plant use it. */
  timeZone: z.string(),
  picture: z.string().nullable(),
  /** Electricity price in the smallest currency unit per kWh. */
  priceMinorPerKwh: z.number().int(),
  /** ISO 4217 currency of the price and the income. */
  currency: z.string(),
  /** Installed DC capacity [kW]. */
  capacityKw: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  type: plantType,
  buildDate: z.string(),
  status: plantStatus,
  /** Real-time AC power of the inverters [W]. */
  powerW: z.number(),
  energyTodayKwh: z.number(),
  energyTotalKwh: z.number(),
  /** Energy today divided by capacity [h]. */
  equivalentHours: z.number(),
  /** Income today and in total, in the smallest currency unit. */
  incomeTodayMinor: z.number().int(),
  incomeTotalMinor: z.number().int(),
  deviceCount: z.number().int(),
  onlineDeviceCount: z.number().int(),
});
export type PlantRow = z.infer<typeof plantRow>;

export const plantIdParams = z.object({ id: idSchema });

/**
 * The fleet's incomes converted to the administrator's display currency (system settings), in its smallest unit,
 * with the rates used and their dates; currencies without a rate are named and left out of the amounts.
 */
export const convertedIncome = z.object({
  currency: z.string(),
  incomeTodayMinor: z.number().int(),
  incomeTotalMinor: z.number().int(),
  rates: z.array(currencyRate),
  missing: z.array(z.string()),
});
export type ConvertedIncome = z.infer<typeof convertedIncome>;

export const plantSummary = z.object({
  plantId: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  /** The plant's local date now. */
  today: day,
  status: plantStatus,
  powerW: z.number(),
  capacityKw: z.number(),
  energyTodayKwh: z.number(),
  energyMonthKwh: z.number(),
  energyYearKwh: z.number(),
  energyTotalKwh: z.number(),
  currency: z.string(),
  incomeTodayMinor: z.number().int(),
  incomeTotalMinor: z.number().int(),
  /** The income in the administrator's display currency with the rate used; null while none is set. */
  convertedIncome: convertedIncome.nullable(),
  equivalentHours: z.number(),
  co2AvoidedKg: z.number(),
  /** Newest reading of any device, ISO time, or null before the first one. */
  lastReadingAt: z.string().nullable(),
});
export type PlantSummary = z.infer<typeof plantSummary>;

/** IEC 61724-1 figures of a plant over its local day, month to date or year to date. */
export const periodPerformance = z.object({
  period: z.enum(['day', 'month', 'year']),
  /**
   * First local day counted: the period's own, or the plant's first day of energy when that is later (IEC 61724-1
   * counts only the time with data).
   */
  start: day,
  /** AC energy of the inverters E_AC [kWh]. */
  energyKwh: z.number(),
  /** In-plane irradiation H_POA [kWh/m²]. */
  poaKwhM2: z.number(),
  /** Expected AC energy at that irradiation (cell temperature, PVWatts losses, inverter) [kWh]. */
  expectedEnergyKwh: z.number(),
  /** Reference yield Y_r [h]. */
  referenceYieldH: z.number(),
  /** Final yield Y_f [h]. */
  finalYieldH: z.number(),
  /** PR = Y_f / Y_r; null without irradiation. */
  performanceRatio: z.number().nullable(),
  /** PR corrected to 25 °C cell temperature; null without irradiation. */
  temperatureCorrectedPr: z.number().nullable(),
  /**
   * Modelled irradiation only: the clear-sky index the nearest plants with a weather station measured over the
   * period (their measured ÷ their clear-sky irradiation), applied to this plant's clear sky; null when none is
   * near (a clear sky is assumed) or the irradiation is measured.
   */
  cloudFactor: z.number().nullable(),
});
export type PeriodPerformance = z.infer<typeof periodPerformance>;

export const plantPerformance = z.object({
  plantId: z.number().int(),
  /** The plant's local date the periods end on (today). */
  date: day,
  /**
   * Where the irradiation comes from: the plant's weather stations (`sensor`), or a clear sky over the plant's
   * site in a plane facing the equator times the neighbours' cloud factor (`model`: an estimate, shown as such).
   */
  irradianceSource: z.enum(['sensor', 'model']),
  periods: z.array(periodPerformance),
});
export type PlantPerformance = z.infer<typeof plantPerformance>;

export const powerCurveQuery = z.object({ date: day.optional() });
export const powerCurve = z.object({
  date: day,
  timeZone: z.string(),
  stepMinutes: z.number().int(),
  /** Whether the plant measures its weather (a weather station): then the points carry irradiance and module
   * temperature; otherwise both are null everywhere. */
  hasWeather: z.boolean(),
  /** The day's history is still being written (a first start writes its past after going live): gaps may fill. */
  historyLoading: z.boolean(),
  /**
   * One point per 5-minute slot of the local day (288, or 276/300 on daylight-saving days); null is a gap.
   * `irradianceWm2` is the plane-of-array irradiance [W/m²] and `moduleTempC` the module temperature [°C] the
   * plant's weather station measured in the slot (averaged over its stations).
   */
  points: z.array(
    z.object({
      ts: z.string(),
      powerW: z.number().nullable(),
      irradianceWm2: z.number().nullable(),
      moduleTempC: z.number().nullable(),
    }),
  ),
});
export type PowerCurve = z.infer<typeof powerCurve>;

export const energyQuery = z.object({
  /** month: the days of `date`'s month; year: the months of its year; total: every year. */
  period: z.enum(['month', 'year', 'total']).default('month'),
  /** YYYY-MM-DD, YYYY-MM or YYYY in the plant's time zone; default today. */
  date: calendarPeriod.optional(),
});
export const energySeries = z.object({
  period: z.enum(['month', 'year', 'total']),
  currency: z.string(),
  /** `label` is YYYY-MM-DD, YYYY-MM or YYYY; energy [kWh] and income (smallest currency unit). */
  points: z.array(z.object({ label: z.string(), energyKwh: z.number(), incomeMinor: z.number().int() })),
  totalKwh: z.number(),
  /** Some of the range's history is still being written (a first start writes its past after going live). */
  historyLoading: z.boolean(),
});
export type EnergySeries = z.infer<typeof energySeries>;

export const DEVICE_STATUSES = ['online', 'offline', 'fault'] as const;

export const deviceRow = z.object({
  id: z.number().int(),
  serial: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  model: z.string(),
  armVersion: z.string(),
  dspVersion: z.string(),
  ratedPowerW: z.number(),
  pvStrings: z.number().int(),
  plantId: z.number().int(),
  plantName: z.string(),
  /** The plant's IANA time zone: the device's days and charts are the plant's local days. */
  timeZone: z.string(),
  collectorSerial: z.string().nullable(),
  /** Its collector is an edge agent reading it over Modbus (`AGENT_COLLECTOR_MODEL`), not a datalogger. */
  viaAgent: z.boolean(),
  /** Collector signal [dBm]. */
  signal: z.number().nullable(),
  online: z.boolean(),
  status: z.enum(DEVICE_STATUSES),
  lastSeenAt: z.string().nullable(),
  /** Latest state: the reading with the newest device time. */
  latest: z
    .object({
      ts: z.string(),
      acPowerW: z.number().nullable(),
      /** Energy of the plant's local day today: 0 when the latest reading is of an earlier local day. */
      energyTodayKwh: z.number().nullable(),
      energyTotalKwh: z.number().nullable(),
      tempC: z.number().nullable(),
      faultCode: z.number().nullable(),
      batterySocPercent: z.number().nullable(),
    })
    .nullable(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const deviceListQuery = pageQuery.extend({
  /** Part of the serial. */
  sn: z.string().trim().max(32).optional(),
  plantId: idSchema.optional(),
  /** Part of the plant name (case-insensitive). */
  plantName: z.string().trim().max(60).optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  model: z.string().trim().max(60).optional(),
  /** Device family (equipment type). */
  family: z.enum(DEVICE_KINDS).optional(),
  /** Several families, comma-separated (the screens devicelist, devicelist1 and devicelistZT). */
  families: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()) : undefined))
    .pipe(z.array(z.enum(DEVICE_KINDS)).max(DEVICE_KINDS.length).optional()),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

export const deviceSnParams = z.object({ sn: z.string().min(1).max(32) });

// Milliseconds since 1970 up to the last instant a Date can hold, or an ISO date-time.
const instant = z.union([z.coerce.number().int().min(0).max(8.64e15), z.iso.datetime({ offset: true })]);
/**
 * A device's history: of `date`, a local day of the device's plant (its time zone, like the plant's curve), or
 * of the range [from, to). One of the two is required.
 */
export const deviceHistoryQuery = z.object({
  date: day.optional(),
  from: instant.optional(),
  to: instant.optional(),
  /** Comma-separated field names (see HISTORY_FIELDS); default AC power and energy today. */
  fields: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : ['acPowerW', 'energyTodayKwh'],
    )
    .refine((list) => list.length <= 40 && list.every((f) => HISTORY_FIELDS.includes(f)), {
      message: 'unknown field',
    }),
  /** At most this many points; longer ranges are averaged into equal time buckets. */
  maxPoints: z.coerce.number().int().min(10).max(5000).default(500),
});
export const deviceHistory = z.object({
  sn: z.string(),
  /** The plant's time zone, and the local day asked for (null for a from/to range). */
  timeZone: z.string(),
  date: day.nullable(),
  /** The range read [from, to), ISO times. */
  from: z.string(),
  to: z.string(),
  fields: z.array(z.string()),
  /** Bucket length when downsampled [s], or null for raw readings. */
  bucketSeconds: z.number().int().nullable(),
  /** `values[i]` belongs to `fields[i]`; null where a field is missing. */
  points: z.array(z.object({ ts: z.string(), values: z.array(z.number().nullable()) })),
  /** The range starts before what the plant's history fill has written so far: its gaps are on their way. */
  historyLoading: z.boolean(),
});
export type DeviceHistory = z.infer<typeof deviceHistory>;

export const collectorSearchQuery = z.object({ sn: z.string().trim().min(1).max(32) });
export const collectorRow = z.object({
  serial: z.string(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  model: z.string(),
  firmwareVersion: z.string(),
  network: z.string(),
  signal: z.number().nullable(),
  iccid: z.string().nullable(),
  /** Its clock minus the server's at its last status [ms]; null when it never said its clock. */
  clockOffsetMs: z.number().nullable(),
  /** Whether its clock is synchronised (NTP); null when it did not say. */
  clockSynced: z.boolean().nullable(),
  /** Readings it dropped from its full buffer, in all, as it last said; null when it never said. */
  droppedReadings: z.number().nullable(),
  /**
   * An edge agent's links and, for every device it polls, what discovery found and how its polls went, as its last
   * status said, with each device's last reading that reached the server; null for a collector that is no agent.
   */
  agent: agentReport
    .extend({
      devices: z.array(
        agentDeviceReport.extend({
          lastReadingAt: z.string().nullable(),
          /**
           * Found: discovered by the agent (its SunSpec map says its serial) and no device of any plant yet, for an
           * installer to accept into the agent's plant (`POST /collector/:sn/accept`).
           */
          found: z.boolean(),
        }),
      ),
    })
    .nullable(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  devices: z.array(z.object({ serial: z.string(), kind: z.enum(DEVICE_KINDS), boundAt: z.string() })),
});
export type CollectorRow = z.infer<typeof collectorRow>;

/** A collector's new device secret, answered once by a re-key (the server keeps only its hash). */
export const collectorSecret = z.object({ serial: z.string(), secret: z.string() });
export type CollectorSecret = z.infer<typeof collectorSecret>;

/**
 * An edge agent's configuration with a new device secret, answered once (`POST /collector/:sn/agent-config`): the
 * agent.yaml text to download, its file name, and the same text as a QR code (SVG) for a phone at the gateway.
 */
export const agentConfigFile = collectorSecret.extend({
  fileName: z.string(),
  config: z.string(),
  qrSvg: z.string(),
});
export type AgentConfigFile = z.infer<typeof agentConfigFile>;

/** A device an edge agent found, accepted into the agent's plant under the serial the agent gave it. */
export const acceptFoundInput = z.object({
  plantId: idSchema,
  deviceSn: z.string().trim().min(1).max(32),
});
export type AcceptFoundInput = z.infer<typeof acceptFoundInput>;

/** The device an edge agent found, as accepted: its serial, its family and the plant it joined. */
export const acceptedFoundDevice = z.object({
  serial: z.string(),
  kind: deviceKind,
  plantId: z.number().int(),
});
export type AcceptedFoundDevice = z.infer<typeof acceptedFoundDevice>;

/** How an edge agent's serial is written: as every collector's, 4 to 32 letters, digits, `-` or `_`. */
export const AGENT_SERIAL_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;

/**
 * A new edge agent for a plant of the caller's (`POST /collector/agent`): the serial the installer gives the
 * gateway (the console suggests one). Answered with its configuration, once, as `agentConfigFile`.
 */
export const agentCollectorInput = z.object({
  plantId: idSchema,
  serial: z.string().trim().regex(AGENT_SERIAL_PATTERN, { message: 'agentSerialFormat' }),
});
export type AgentCollectorInput = z.infer<typeof agentCollectorInput>;

/** Limits of the plant form (spec §5: every field below is required; names 2 to 30 characters). */
export const PLANT_LIMITS = {
  nameMin: LIMITS.nameMin,
  nameMax: LIMITS.nameMax,
  addressMax: 200,
  /** Largest plant picture [bytes]. */
  pictureMaxBytes: 2 * 1024 * 1024,
  /** Highest price per kWh in the smallest currency unit (100 currency units). */
  priceMinorMax: 10_000,
  /** Largest installed capacity [kW] (a utility-scale plant). */
  capacityKwMax: 2_000_000,
} as const;

const isIanaZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
};

/** Create or edit a plant (spec §3, §5). The owner is an end user or enterprise in the caller's scope. */
export const plantInput = z.object({
  name: z.string().trim().min(PLANT_LIMITS.nameMin).max(PLANT_LIMITS.nameMax),
  ownerUserCode: z.string().trim().min(1).max(60),
  address: z.string().trim().max(PLANT_LIMITS.addressMax).default(''),
  timeZone: z.string().refine(isIanaZone, { message: 'validation.format' }),
  /**
   * A path returned by the picture upload, or the signed link to it that the upload and the plant's answers carry
   * (its query is dropped: the path is what is stored).
   */
  picture: z
    .string()
    .max(400)
    .regex(/^\/prod-api\/files\/plants\/[\w.-]+(\?expires=\d+&sig=[\w-]+)?$/)
    .transform((link) => link.split('?', 1)[0]!),
  priceMinorPerKwh: z.number().int().min(0).max(PLANT_LIMITS.priceMinorMax),
  currency: z.string().regex(/^[A-Z]{3}$/),
  capacityKw: z.number().gt(0).max(PLANT_LIMITS.capacityKwMax),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  type: plantType,
  buildDate: day,
});
export type PlantInput = z.infer<typeof plantInput>;

export const plantPictureResult = z.object({ picture: z.string() });

/** Export of the plant list: the same filters and sort as the list; `ids` narrows it to the visible rows. */
export const plantExportQuery = plantListQuery
  .omit({ pageStart: true, pageNumber: true, pageSize: true })
  .extend({
    ids: idListSchema(LIMITS.pageSizeMax).optional(),
    langType,
  });

/** Bind a collector (and the devices reporting through it) to a plant. */
export const bindCollectorInput = z.object({ serial: z.string().trim().min(1).max(32) });

/** The dashboard's call: the viewer's IANA time zone sets the day of the fleet power curve and of the 30 days. */
export const fleetFiguresQuery = z.object({
  timeZone: z.string().max(64).refine(isIanaZone, { message: 'validation.format' }).default('UTC'),
});

/** Income of the plants priced in one currency. */
export const currencyIncome = z.object({
  currency: z.string(),
  plants: z.number().int(),
  energyTodayKwh: z.number(),
  energyTotalKwh: z.number(),
  incomeTodayMinor: z.number().int(),
  incomeTotalMinor: z.number().int(),
});
export type CurrencyIncome = z.infer<typeof currencyIncome>;

/** `GET /plant/map`: every plant of the caller's scope as a pin (no paging; a pin is a few numbers). */
export const fleetMap = z.object({
  counts: z.object({ normal: z.number().int(), alarm: z.number().int(), offline: z.number().int() }),
  plants: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      state: z.enum(MAP_STATES),
      /** The plant list's status (its `status` filter). */
      status: plantStatus,
      powerW: z.number(),
      capacityKw: z.number(),
      /** Open (not recovered) alarms of the plant. */
      openAlarms: z.number().int(),
      /** Its devices, and those of them reporting (what the dashboard's device counts add up). */
      devices: z.number().int(),
      devicesOnline: z.number().int(),
    }),
  ),
});
export type FleetMap = z.infer<typeof fleetMap>;

/**
 * Fleet figures of the dashboard, over the caller's plants. Energy and income of today, this month and this year
 * add up each plant's own local day, month and year; the power curve and the 30 days follow the viewer's zone.
 */
export const fleetFigures = z.object({
  /** The viewer's zone the curve and the days are in, and its date today (YYYY-MM-DD). */
  timeZone: z.string(),
  today: z.string(),
  plants: z.number().int(),
  /** Devices reporting and not, added up from the map's pins (`map`), so that the two always agree. */
  devicesOnline: z.number().int(),
  devicesOffline: z.number().int(),
  /** Reporting devices whose latest status is a fault. */
  devicesInAlarm: z.number().int(),
  powerW: z.number(),
  capacityKw: z.number(),
  energyTodayKwh: z.number(),
  energyMonthKwh: z.number(),
  energyYearKwh: z.number(),
  energyTotalKwh: z.number(),
  /**
   * Income per currency (ISO 4217), each in that currency's smallest unit, the currency with the most plants
   * first: a plant's income is its own energy (today: its local day) × its own price. Amounts of different
   * currencies are never added up.
   */
  incomes: z.array(currencyIncome),
  /** The incomes in one currency at the administrator's rates; null while no display currency is set. */
  convertedIncome: convertedIncome.nullable(),
  co2AvoidedKg: z.number(),
  /** Fleet power in 5-minute slots from 00:00 today in the viewer's zone until now [W]; null is a gap. */
  powerCurve: z.array(z.object({ ts: z.string(), powerW: z.number().nullable() })),
  /** Energy of the 30 days up to the viewer's today, each the sum of the plants' own local day of that date [kWh]. */
  energyDays: z.array(z.object({ label: z.string(), energyKwh: z.number() })),
  /** The plants with the most energy today. */
  topPlants: z.array(
    z.object({ id: z.number().int(), name: z.string(), energyTodayKwh: z.number(), powerW: z.number() }),
  ),
  /** The fleet map of the same moment as the device counts (`GET /plant/map` gives it alone). */
  map: fleetMap,
  /** Which charts' history is still being written (a first start writes its past after going live). */
  historyLoading: z.object({ powerCurve: z.boolean(), energyDays: z.boolean() }),
});
export type FleetFigures = z.infer<typeof fleetFigures>;

/** The follow list (`collectList`): plants and collectors a user keeps an eye on. */
export const FOLLOW_KINDS = ['plant', 'collector'] as const;
export const followInput = z.object({
  kind: z.enum(FOLLOW_KINDS),
  /** The plant id or the collector serial. */
  target: z.string().trim().min(1).max(32),
});
export const followRow = z.object({
  kind: z.enum(FOLLOW_KINDS),
  target: z.string(),
  /** Plant name, or the collector's plant name. */
  name: z.string().nullable(),
  plantId: z.number().int().nullable(),
  online: z.boolean(),
  followedAt: z.string(),
});
export type FollowRow = z.infer<typeof followRow>;

/** `relationList`: which collector each device reported through, now and before. */
export const relationListQuery = pageQuery.extend({
  collectorSn: z.string().trim().max(32).optional(),
  deviceSn: z.string().trim().max(32).optional(),
  /** true: only current bindings; false or absent: every binding, moves included. */
  current: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
/** `GET /device/relation/export`: the list's filters, and the language of the workbook's titles. */
export const relationExportQuery = relationListQuery.extend({ langType });
export const relationRow = z.object({
  id: z.number().int(),
  collectorSerial: z.string(),
  deviceSerial: z.string(),
  deviceKind: z.enum(DEVICE_KINDS),
  plantId: z.number().int(),
  plantName: z.string(),
  boundAt: z.string(),
  unboundAt: z.string().nullable(),
});
export type RelationRow = z.infer<typeof relationRow>;

/**
 * A plant's live energy flow (`GET /plant/{id}/energy-flow`): PV → battery ↔ load ↔ grid. Powers [W] are the sums
 * over the plant's devices' latest readings of the last 15 minutes (older ones count as unknown); `null` is a
 * quantity the plant cannot measure: battery figures without a hybrid inverter, grid and load without a meter.
 * Day energies [kWh] are of the plant's local day.
 */
export const energyFlow = z.object({
  plantId: z.number().int(),
  timeZone: z.string(),
  /** The plant's local date the day energies belong to. */
  today: day,
  /** Newest reading used, ISO time, or null when no device reported in the last 15 minutes. */
  asOf: z.string().nullable(),
  hasStorage: z.boolean(),
  hasMeter: z.boolean(),
  /** PV generation [W] (never includes battery discharge). */
  pvPowerW: z.number(),
  /** Battery power [W]: + charging, − discharging. */
  batteryPowerW: z.number().nullable(),
  /** Mean state of charge of the plant's batteries [%]. */
  batterySocPercent: z.number().nullable(),
  /** Site consumption [W] = PV − charging + discharging + import − export. */
  loadPowerW: z.number().nullable(),
  /** Exchange with the grid at the meter [W]: + export, − import. */
  gridPowerW: z.number().nullable(),
  /** Generation of the local day [kWh]. */
  generationTodayKwh: z.number(),
  chargeTodayKwh: z.number().nullable(),
  dischargeTodayKwh: z.number().nullable(),
  gridImportTodayKwh: z.number().nullable(),
  gridExportTodayKwh: z.number().nullable(),
});
export type EnergyFlow = z.infer<typeof energyFlow>;
