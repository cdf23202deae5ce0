import { z } from 'zod';
import { calendarDay } from './calendar.ts';
import { emailSchema, idSchema } from './common.ts';
import { langType } from './envelope.ts';
import { REPORT_FORMATS } from './reports.ts';

/** The fields a custom report may show, in the catalogue's order (each a column; the template orders them). */
export const CUSTOM_REPORT_FIELDS = [
  'plantCount',
  'capacityKw',
  'energyKwh',
  'peakPowerW',
  'specificYield',
  'performanceRatio',
  'income',
  'co2Kg',
  'alarms',
  'faultAlarms',
  'completeness',
  'availability',
  'inverterCount',
  'simExpiry',
] as const;
export type CustomReportField = (typeof CUSTOM_REPORT_FIELDS)[number];
/** Fields whose values are ratios (0–1), shown as percentages on screen and in the PDF. */
export const RATIO_REPORT_FIELDS: readonly CustomReportField[] = [
  'performanceRatio',
  'completeness',
  'availability',
];

/** What the rows of a custom report stand for. */
export const CUSTOM_REPORT_GROUPINGS = [
  'plant',
  'region',
  'distributor',
  'installer',
  'deviceModel',
] as const;
export type CustomReportGrouping = (typeof CUSTOM_REPORT_GROUPINGS)[number];

/** The period a report covers, ending with the day it is made for; `billingCycle` starts on `billingStartDay`. */
export const CUSTOM_REPORT_PERIODS = ['day', 'week', 'month', 'year', 'billingCycle'] as const;
export type CustomReportPeriod = (typeof CUSTOM_REPORT_PERIODS)[number];

/** Templates one account may keep. */
export const MAX_REPORT_TEMPLATES = 100;

/** A custom report's definition: its columns in order, rows, period and sorting. */
export const customReportDefinition = z
  .object({
    fields: z
      .array(z.enum(CUSTOM_REPORT_FIELDS))
      .min(1)
      .max(CUSTOM_REPORT_FIELDS.length)
      .refine((f) => new Set(f).size === f.length, 'validation.duplicateField'),
    groupBy: z.enum(CUSTOM_REPORT_GROUPINGS),
    period: z.enum(CUSTOM_REPORT_PERIODS),
    /** First day of a billing cycle, 1–31; a month shorter than that starts its cycle on its last day. */
    billingStartDay: z.number().int().min(1).max(31).default(1),
    /** A field of the template, or the group's name. */
    sortBy: z.union([z.enum(CUSTOM_REPORT_FIELDS), z.literal('group')]).default('group'),
    sortDir: z.enum(['asc', 'desc']).default('asc'),
  })
  .refine((d) => d.sortBy === 'group' || d.fields.includes(d.sortBy), {
    message: 'validation.sortField',
    path: ['sortBy'],
  });
export type CustomReportDefinition = z.infer<typeof customReportDefinition>;

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/**
 * When a template is mailed: the day, week (Monday–Sunday) or month just ended, at a local hour (weekly: on a
 * weekday, 1 = Monday; monthly: on the 1st), with its workbook or PDF attached. A daily report waits for its day's data
 * to be complete, or until 02:00, and says which.
 */
export const reportSchedule = z.object({
  frequency: z.enum(REPORT_FREQUENCIES),
  hour: z.number().int().min(0).max(23),
  weekday: z.number().int().min(1).max(7).default(1),
  /** IANA zone of the hour (the user's). */
  timeZone: z.string().min(1).max(64),
  recipients: z.array(emailSchema).min(1).max(10),
  language: z.enum(['zh', 'en']).default('zh'),
  /** The attached file: the workbook or the PDF. */
  format: z.enum(REPORT_FORMATS).default('xlsx'),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;

export const reportTemplateInput = z.object({
  name: z.string().trim().min(1).max(60),
  definition: customReportDefinition,
  schedule: reportSchedule.nullable().default(null),
});
export type ReportTemplateInput = z.infer<typeof reportTemplateInput>;

export const reportTemplate = reportTemplateInput.extend({
  id: z.number().int(),
  updatedAt: z.string(),
  /** The last period mailed by the schedule (`d:2025-11-20`, `w:2025-11-17`, `m:2025-11`), or null. */
  lastSent: z.string().nullable(),
});
export type ReportTemplate = z.infer<typeof reportTemplate>;

export const reportTemplateId = z.object({ id: idSchema });

/** `POST /report/custom/preview` and `.../export`: a definition (saved or not) made for a local day. */
export const customReportRun = z.object({
  definition: customReportDefinition,
  /** The local day the period ends with or holds (YYYY-MM-DD). */
  date: calendarDay,
  name: z.string().trim().max(60).optional(),
  /** `.../export` only: the file made. */
  format: z.enum(REPORT_FORMATS).default('xlsx'),
  langType,
});
export type CustomReportRun = z.infer<typeof customReportRun>;

/** A value of a custom report's cell: a number, a text (incomes per currency, a date), or nothing. */
const cell = z.union([z.number(), z.string(), z.null()]);

export const customReportResult = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(CUSTOM_REPORT_GROUPINGS),
  fields: z.array(z.enum(CUSTOM_REPORT_FIELDS)),
  rows: z.array(z.object({ group: z.string(), values: z.record(z.string(), cell) })),
  totals: z.record(z.string(), cell),
});
export type CustomReportResult = z.infer<typeof customReportResult>;
