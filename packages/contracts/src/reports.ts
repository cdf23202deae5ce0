import { z } from 'zod';
import { calendarDay } from './calendar.ts';
import { idSchema } from './common.ts';
import { langType } from './envelope.ts';

/** The periods a report covers, each in the plant's own time zone (ARCHITECTURE §6, decision 0007). */
export const REPORT_PERIODS = ['day', 'month', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The files a report is exported or mailed as: an .xlsx workbook or a PDF document. */
export const REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * The most a report may read, in device-days: the inverters and weather stations of its plants (the devices whose
 * 5-minute readings it goes through) × the days of its period that have passed since each plant was built, counted
 * once more for each further pass over the readings (a custom report's availability). A year of 270 devices, or
 * a month of 3 200, is the most one request may cost; above it the report answers 422 naming this limit.
 */
export const MAX_REPORT_DEVICE_DAYS = 100_000;

/** `GET /report/periodic`: one plant, or every plant of the caller's scope when `plantId` is absent. */
export const periodicReportQuery = z.object({
  plantId: idSchema.optional(),
  period: z.enum(REPORT_PERIODS),
  /** Any local day inside the period (YYYY-MM-DD). */
  date: calendarDay,
  langType,
});
export type PeriodicReportQuery = z.infer<typeof periodicReportQuery>;

/** `GET /report/periodic/export`: the report as a workbook (default) or a PDF. */
export const periodicExportQuery = periodicReportQuery.extend({
  format: z.enum(REPORT_FORMATS).default('xlsx'),
});

/** `GET /report/plants`: the plants a report may cover, for the screens' plant choice. */
export const reportPlantOption = z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() });
export type ReportPlantOption = z.infer<typeof reportPlantOption>;

/** The CO₂ factor a plant's figures use, with where it comes from (system settings, `co2Factors`). */
export const co2FactorUsed = z.object({
  /** ISO 3166 country of the plant's grid, or null for the default factor. */
  country: z.string().nullable(),
  kgPerKwh: z.number(),
  source: z.string(),
});

/** Readings received against those expected (one per inverter and reporting interval), and the days short of it. */
export const completeness = z.object({
  received: z.number().int(),
  expected: z.number().int(),
  /** received ÷ expected, 0..1, rounded to 4 places; 1 when nothing was expected. */
  ratio: z.number(),
  /** Local days with fewer readings than expected, oldest first. */
  gapDays: z.array(z.object({ day: z.string(), received: z.number().int(), expected: z.number().int() })),
});
export type Completeness = z.infer<typeof completeness>;

/** How much of what a figure is made of was there: the units present against those expected, and their share. */
export const figureShare = z.object({
  present: z.number().int(),
  expected: z.number().int(),
  /** present ÷ expected, 0..1, rounded to 4 places; 1 when nothing was expected. */
  ratio: z.number(),
});
export type FigureShare = z.infer<typeof figureShare>;

/** Each report figure with its completeness: the share of the period's expected data it was made from. */
export const figureCompleteness = z.object({
  /** Local days with their energy (the daily rollup) against the period's days since the plant was built. */
  energy: figureShare,
  /** 5-minute inverter readings against those expected: the curve the peak is the highest point of. */
  peakPower: figureShare,
  /**
   * With a weather station, 5-minute slots with both power and irradiance against the slots expected; with
   * modelled irradiance, the energy's days; null without a PR.
   */
  performanceRatio: figureShare.nullable(),
  /** The energy's days (income is energy times the plant's price). */
  income: figureShare,
});
export type FigureCompleteness = z.infer<typeof figureCompleteness>;

export const alarmCounts = z.object({
  total: z.number().int(),
  /** Alarms that arose in the period by level 1 (alerting), 2 (warning), 3 (fault). */
  level1: z.number().int(),
  level2: z.number().int(),
  level3: z.number().int(),
});

/** One plant's figures over the period. */
export const plantReportRow = z.object({
  plantId: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  capacityKw: z.number(),
  /** First and last local day of the period for this plant. */
  from: z.string(),
  to: z.string(),
  energyKwh: z.number(),
  peakPowerW: z.number(),
  /** Energy ÷ installed capacity [h] (also the specific yield in kWh/kWp). */
  equivalentHours: z.number(),
  /**
   * In-plane irradiation [kWh/m²] (the reference yield in h): measured by the plant's weather stations over the
   * 5-minute slots that have both power and irradiance, or, for a plant without a sensor, modelled (clear sky times
   * the nearest stations' cloud factor, as the plant detail); null when there is none.
   */
  irradiationKwhM2: z.number().nullable(),
  /** IEC 61724-1 performance ratio on that irradiation [0..1]; null without irradiation. */
  performanceRatio: z.number().nullable(),
  /** Where the irradiation comes from: `model` marks the PR as estimated (model irradiance). */
  irradianceSource: z.enum(['sensor', 'model']).nullable(),
  currency: z.string(),
  incomeMinor: z.number().int(),
  co2Kg: z.number(),
  co2Factor: co2FactorUsed,
  alarms: alarmCounts,
  completeness,
  figureCompleteness,
});
export type PlantReportRow = z.infer<typeof plantReportRow>;

/** Energy of one part of the period: an hour of a day, a day of a month, a month of a year. */
export const reportSlice = z.object({ label: z.string(), energyKwh: z.number() });

/** CO₂ equivalents of the avoided mass, with the constants they use. */
export const co2Equivalents = z.object({
  co2Kg: z.number(),
  /** Standard coal not burnt [kg]. */
  coalKg: z.number(),
  /** Trees absorbing as much CO₂ in a year. */
  trees: z.number(),
});

export const periodicReport = z.object({
  period: z.enum(REPORT_PERIODS),
  date: z.string(),
  /** The plant's name, or null for the fleet report. */
  plantName: z.string().nullable(),
  plants: z.array(plantReportRow),
  totals: z.object({
    plantCount: z.number().int(),
    capacityKw: z.number(),
    energyKwh: z.number(),
    /** Sum of each plant's peak (the fleet's plants peak at different instants). */
    peakPowerW: z.number(),
    equivalentHours: z.number(),
    /** PR of the plants with irradiation together (their energy ÷ Σ kWp × irradiation); null when none has any. */
    performanceRatio: z.number().nullable(),
    /** `model` when a plant's irradiation in it is modelled (the PR is then an estimate). */
    irradianceSource: z.enum(['sensor', 'model']).nullable(),
    income: z.array(z.object({ currency: z.string(), incomeMinor: z.number().int() })),
    co2: co2Equivalents,
    alarms: alarmCounts,
    completeness,
    figureCompleteness,
  }),
  slices: z.array(reportSlice),
});
export type PeriodicReport = z.infer<typeof periodicReport>;

/**
 * The kinds of the abnormal report (`abnormalReport`): an inverter silent in daylight, a plant producing nothing
 * while the sun is strong, a plant yielding far less than its peers or than its irradiance promises over 7 days.
 */
/** `unrecoveredFault`: a fault alarm of the plant still open at the end of the day. */
export const ABNORMAL_KINDS = ['offline', 'noOutput', 'underperforming', 'unrecoveredFault'] as const;
export type AbnormalKind = (typeof ABNORMAL_KINDS)[number];

/** `GET /report/abnormal`: the plants of the caller's scope judged on one local day (the 7 days ending on it). */
export const abnormalReportQuery = z.object({
  /** The local day judged (YYYY-MM-DD); underperformance covers the 7 days ending on it. */
  date: calendarDay,
  plantId: idSchema.optional(),
  kind: z.enum(ABNORMAL_KINDS).optional(),
  langType,
});
export type AbnormalReportQuery = z.infer<typeof abnormalReportQuery>;

/** One finding of the abnormal report; it links to its alarm when one covers it, else to its device. */
export const abnormalRow = z.object({
  kind: z.enum(ABNORMAL_KINDS),
  plantId: z.number().int(),
  plantName: z.string(),
  timeZone: z.string(),
  deviceId: z.number().int().nullable(),
  deviceSerial: z.string().nullable(),
  alarmId: z.number().int().nullable(),
  /** The run's first and last instant (offline, noOutput; ISO), or the window's first and last local day. */
  from: z.string(),
  to: z.string(),
  /** Length of the run [h]; null for underperformance. */
  hours: z.number().nullable(),
  /** noOutput: where the irradiance came from (the plant's sensor, or the clear-sky model). */
  irradianceSource: z.enum(['sensor', 'clearSky']).nullable(),
  /** underperforming: the plant's specific yield over the window [kWh/kWp]. */
  specificYield: z.number().nullable(),
  /** underperforming: what it is compared with [kWh/kWp], and which comparison. */
  referenceYield: z.number().nullable(),
  basis: z.enum(['peers', 'expected']).nullable(),
});
export type AbnormalRow = z.infer<typeof abnormalRow>;

export const abnormalReport = z.object({
  date: z.string(),
  /** First and last local day of the underperformance window. */
  windowFrom: z.string(),
  plantCount: z.number().int(),
  counts: z.object({
    offline: z.number().int(),
    noOutput: z.number().int(),
    underperforming: z.number().int(),
    unrecoveredFault: z.number().int(),
  }),
  rows: z.array(abnormalRow),
});
export type AbnormalReport = z.infer<typeof abnormalReport>;
