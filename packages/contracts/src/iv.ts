import { z } from 'zod';

/** Fault classes of the IV-curve diagnosis (the physics package's `IV_FAULT_CLASSES`, in the same order). */
export const IV_FAULT_CLASS_NAMES = [
  'normal',
  'soiling',
  'partial_shading',
  'bypass_diode_short',
  'open_circuit',
  'series_resistance',
  'shunt_resistance',
  'pid',
  'degradation',
  'mismatch',
] as const;
export const ivFaultClass = z.enum(IV_FAULT_CLASS_NAMES);

/** Fewest and most points of a curve the diagnosis takes. */
export const IV_CURVE_POINTS = { min: 20, max: 2000 } as const;

const positive = (max: number) => z.number().positive().max(max);

/** A module's datasheet at STC, temperature coefficients in %/K as printed. */
export const ivModuleDatasheet = z.object({
  pmaxW: positive(2000),
  vmpV: positive(200),
  impA: positive(50),
  vocV: positive(250),
  iscA: positive(50),
  alphaIscPctPerK: z.number().min(-1).max(1),
  betaVocPctPerK: z.number().min(-2).max(0),
  gammaPmaxPctPerK: z.number().min(-2).max(0),
  cellsPerModule: z.number().int().min(1).max(300),
  bypassDiodesPerModule: z.number().int().min(1).max(12),
});
export type IvModuleDatasheet = z.infer<typeof ivModuleDatasheet>;

/** A datasheet whose maximum power point lies below its V_oc and I_sc (the field named otherwise). */
const checkMaximumPowerPoint = (m: IvModuleDatasheet, ctx: z.RefinementCtx, path: (string | number)[]) => {
  if (m.vmpV >= m.vocV)
    ctx.addIssue({ code: 'custom', message: 'validation.format', path: [...path, 'vmpV'] });
  if (m.impA >= m.iscA)
    ctx.addIssue({ code: 'custom', message: 'validation.format', path: [...path, 'impA'] });
};

/** A module of the shipped list (`GET /iv/modules`): maker, series and model as the datasheet names them. */
export const ivCatalogueModule = z.object({
  /** Stable key: maker and model. */
  id: z.string(),
  maker: z.string(),
  series: z.string(),
  model: z.string(),
  module: ivModuleDatasheet,
});
export type IvCatalogueModule = z.infer<typeof ivCatalogueModule>;

/** Most strings an inverter's layout describes (a scan reports at most 64). */
export const IV_LAYOUT_MAX_STRINGS = 64;

/**
 * How an inverter's PV side is built, kept on the device (`PUT /iv/devices/:sn/layout`): its MPPT inputs in
 * order, each with its strings in parallel and their modules in series, and the module type installed. Strings
 * are numbered across the inputs (input 1's first). A scan judges each string against this layout; a device
 * without one, a string past its inputs, or a layout without a module type take the task's template.
 */
export const ivDeviceLayout = z
  .object({
    inputs: z
      .array(
        z.object({
          strings: z.number().int().min(1).max(16),
          modulesPerString: z.number().int().min(1).max(100),
        }),
      )
      .min(1)
      .max(IV_LAYOUT_MAX_STRINGS),
    /** The installed module, or null: the task's template's. */
    moduleType: z
      .object({
        maker: z.string().trim().max(60),
        model: z.string().trim().min(1).max(60),
        module: ivModuleDatasheet,
      })
      .nullable(),
  })
  .superRefine((layout, ctx) => {
    if (layout.inputs.reduce((n, i) => n + i.strings, 0) > IV_LAYOUT_MAX_STRINGS)
      ctx.addIssue({ code: 'custom', message: 'iv.layoutTooManyStrings', path: ['inputs'] });
    if (layout.moduleType) checkMaximumPowerPoint(layout.moduleType.module, ctx, ['moduleType', 'module']);
  });
export type IvDeviceLayout = z.infer<typeof ivDeviceLayout>;

/** `GET /iv/devices/:sn/layout`: the device's layout (null: none set, the template's applies) and its inputs. */
export const ivDeviceLayoutView = z.object({
  serial: z.string(),
  /** PV strings the device reports (0: unknown). */
  pvStrings: z.number().int(),
  layout: ivDeviceLayout.nullable(),
});
export type IvDeviceLayoutView = z.infer<typeof ivDeviceLayoutView>;

/** One measured point [volts, amps]. */
const ivPoint = z.tuple([z.number().min(0).max(2000), z.number().min(-5).max(100)]);

/**
 * `POST /iv/diagnose`: one curve from any tracer. The body is checked so that a bad field is named: too few or
 * too many points, voltages not rising (field `points.<k>` of the first point out of order), negative irradiance,
 * a datasheet whose maximum power point is not below its V_oc and I_sc.
 */
export const ivDiagnoseBody = z
  .object({
    module: ivModuleDatasheet,
    modulesInSeries: z.number().int().min(1).max(100),
    conditions: z.object({
      poaWm2: z.number().positive().max(1500),
      moduleTempC: z.number().min(-40).max(100),
    }),
    points: z.array(ivPoint).min(IV_CURVE_POINTS.min).max(IV_CURVE_POINTS.max),
  })
  .superRefine((body, ctx) => {
    const k = body.points.findIndex((p, j) => j > 0 && p[0] <= (body.points[j - 1]?.[0] ?? -Infinity));
    if (k > 0) ctx.addIssue({ code: 'custom', message: 'validation.voltageRising', path: ['points', k] });
    checkMaximumPowerPoint(body.module, ctx, ['module']);
  });
export type IvDiagnoseBody = z.infer<typeof ivDiagnoseBody>;

const keyPoints = z.object({
  iscA: z.number(),
  vocV: z.number(),
  impA: z.number(),
  vmpV: z.number(),
  pmpW: z.number(),
  ff: z.number(),
});

/** The diagnosis of one curve. */
/** A parameter read from the curve and its standard error; null where the curve cannot show it (a flat plateau). */
const estimate = z.object({ value: z.number().nullable(), stdError: z.number().nullable() });

export const ivDiagnosisResult = z.object({
  faultClass: ivFaultClass,
  /** Probability of the class given the curve's figures. */
  confidence: z.number(),
  /** The next likeliest class and its probability. */
  secondClass: ivFaultClass,
  secondConfidence: z.number(),
  /** The two classes are close, or the first is not clearly likely: the answer names both. */
  lowConfidence: z.boolean(),
  /** Single-diode parameters of the string read from the measured curve, with standard errors from its noise. */
  parameters: z.object({
    lightCurrentA: estimate,
    seriesOhm: estimate,
    shuntOhm: estimate,
    ideality: estimate,
  }),
  /** The measured curve translated to STC (IEC 60891 procedure 2). */
  stc: keyPoints,
  /** Measured P_mp over expected P_mp at the same conditions. */
  performanceFactor: z.number(),
  measured: keyPoints,
  /** Expected at the same conditions. */
  expected: keyPoints,
  expectedStc: keyPoints,
  rsOhm: z.number(),
  /** null: no measurable tilt (shunt resistance beyond what the curve can show). */
  rshOhm: z.number().nullable(),
  energyLostKwhPerDay: z.number(),
  /** false below 400 W/m²: kept, but not to be trusted as a diagnosis. */
  conditionsSufficient: z.boolean(),
  features: z.object({
    currentRatio: z.number(),
    voltageDeficit: z.number(),
    fillFactorChange: z.number(),
    seriesExcess: z.number(),
    plateauTilt: z.number(),
    stepDepth: z.number(),
    /** Tracer current noise as a share of I_sc. */
    noise: z.number(),
    /** Share of the healthy string's voltage missing at 5 %, 20 %, … 93 % of I_sc. */
    missingVoltage: z.array(z.number()),
    /** Steps of dI/dV before the main knee, the deepest one's current drop and plateau width (shares). */
    stepCount: z.number().int(),
    stepDrop: z.number(),
    stepWidth: z.number(),
    plateauRoughness: z.number(),
    voltageDeficitSubstrings: z.number(),
    voltageDeficitSigmas: z.number(),
  }),
  /**
   * The class to report: `faultClass`, or normal for a fault shape whose string loses no energy (performance
   * factor ≥ 0.98 and no daily loss).
   */
  reportedClass: ivFaultClass,
  /** The V_oc fits another string length than the configured one: judged as that length, not a fault. */
  stringLength: z.object({ configured: z.number().int(), measured: z.number().int() }).nullable(),
  /** What to do, in the caller's language. */
  advice: z.string(),
});
export type IvDiagnosisResult = z.infer<typeof ivDiagnosisResult>;

/** Limits of IV scans. */
export const IV_LIMITS = {
  /** Scans per inverter per day (UTC), as commercial inverters allow. */
  scansPerInverterPerDay: 10,
  /** Irradiance change during one sweep beyond which the scan is not diagnosed [%]. */
  maxIrradianceChangePct: 5,
  /** Inverters in one task. */
  maxInverters: 200,
  /** Points a device reports per string. */
  scanPoints: { min: 100, max: 400 },
} as const;

export const DETECTION_SENSITIVITIES = ['low', 'medium', 'high'] as const;

/**
 * An IV template (spec §3 "IV task"): the module's datasheet as printed (temperature coefficients in %/K, the unit
 * the screen shows and the physics takes), its type and maker, warranted decay, modules per string, the date the
 * string was connected (for its age) and how small a departure counts as a fault.
 */
export const ivTemplateBody = z
  .object({
    name: z.string().trim().min(1).max(60),
    description: z.string().trim().max(500).default(''),
    module: ivModuleDatasheet,
    moduleType: z.string().trim().max(60).default(''),
    maker: z.string().trim().max(60).default(''),
    /** Power lost in the first year [%] and in each later year [%/year]. */
    firstYearDecayPct: z.number().min(0).max(20),
    annualDecayPct: z.number().min(0).max(5),
    /** Modules in series per string. */
    modulesPerString: z.number().int().min(1).max(100),
    /** yyyy-mm-dd. */
    connectionDate: z.iso.date(),
    sensitivity: z.enum(DETECTION_SENSITIVITIES).default('medium'),
  })
  .superRefine((body, ctx) => {
    checkMaximumPowerPoint(body.module, ctx, ['module']);
  });
export type IvTemplateBody = z.infer<typeof ivTemplateBody>;

export const ivTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  module: ivModuleDatasheet,
  moduleType: z.string(),
  maker: z.string(),
  firstYearDecayPct: z.number(),
  annualDecayPct: z.number(),
  modulesPerString: z.number().int(),
  connectionDate: z.string(),
  sensitivity: z.enum(DETECTION_SENSITIVITIES),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type IvTemplate = z.infer<typeof ivTemplate>;

/** `POST /iv/tasks`: scan inverters of one plant against a template; the user's password is asked again. */
export const ivTaskBody = z.object({
  name: z.string().trim().min(1).max(60),
  plantId: z.number().int().positive().max(2_147_483_647),
  templateId: z.number().int().positive().max(2_147_483_647),
  serials: z.array(z.string().trim().min(1).max(64)).min(1).max(IV_LIMITS.maxInverters),
  password: z.string().min(1).max(128),
});
export type IvTaskBody = z.infer<typeof ivTaskBody>;

/**
 * A task's state, from its scans' commands: `issued` (sent, not yet taken), `scanning` (taken by a device),
 * `complete` (every scan ended: curves in, diagnosed, or failed).
 */
export const IV_TASK_STATES = ['issued', 'scanning', 'complete'] as const;

/** Counts of a task's strings by what the diagnosis said. */
export const ivClassCounts = z.record(z.string(), z.number().int());

export const ivTask = z.object({
  id: z.number().int(),
  name: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  templateId: z.number().int(),
  templateName: z.string(),
  state: z.enum(IV_TASK_STATES),
  inverters: z.number().int(),
  /** Inverters whose scan failed or expired. */
  failedInverters: z.number().int(),
  strings: z.number().int(),
  /** Strings by class; `insufficient` for scans kept but not diagnosed. */
  classes: ivClassCounts,
  createdBy: z.string(),
  createdAt: z.string(),
});
export type IvTask = z.infer<typeof ivTask>;

/** One inverter of a task as the screen follows it. */
export const ivTaskInverter = z.object({
  serial: z.string(),
  commandId: z.string(),
  commandState: z.string(),
  failure: z.string().nullable(),
  strings: z.number().int(),
});

/** The answer to starting a task: the task, and the inverters refused (offline, over the daily cap) with why. */
export const ivTaskCreated = z.object({
  task: ivTask,
  refused: z.array(z.object({ serial: z.string(), message: z.string() })),
});

/**
 * Why a string was not diagnosed: too little light in the array plane, light changing during the sweep, or a curve
 * with fewer points than the diagnosis takes (`IV_CURVE_POINTS.min`, after points of one voltage are merged).
 */
export const IV_INSUFFICIENT_REASONS = ['lowIrradiance', 'unstableIrradiance', 'tooFewPoints'] as const;

/** One scanned string in a task's table. */
export const ivStringRow = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  serial: z.string(),
  stringNo: z.number().int(),
  poaWm2: z.number(),
  moduleTempC: z.number(),
  /** Irradiance change during the sweep [%]. */
  poaChangePct: z.number(),
  /** Null when the conditions were insufficient. */
  faultClass: ivFaultClass.nullable(),
  insufficient: z.enum(IV_INSUFFICIENT_REASONS).nullable(),
  confidence: z.number().nullable(),
  /** The next likeliest class, its probability, and whether the two are close (null when not diagnosed). */
  secondClass: ivFaultClass.nullable(),
  secondConfidence: z.number().nullable(),
  lowConfidence: z.boolean().nullable(),
  performanceFactor: z.number().nullable(),
  pmpStcW: z.number().nullable(),
  ffStc: z.number().nullable(),
  energyLostKwhPerDay: z.number().nullable(),
  /** Modules in series it was judged against: its inverter's layout, else the task's template. */
  modulesInSeries: z.number().int(),
  scannedAt: z.string(),
});
export type IvStringRow = z.infer<typeof ivStringRow>;

/** `GET /iv/tasks/:id/strings`: filters and sort of the per-string table. */
export const ivStringQuery = z.object({
  faultClass: z.enum([...IV_FAULT_CLASS_NAMES, 'insufficient']).optional(),
  serial: z.string().trim().max(64).optional(),
  sort: z.enum(['serial', 'performanceFactor', 'energyLost', 'confidence']).default('serial'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** `GET /iv/strings/:id`: one string, its curves and its diagnosis (null when not diagnosed). */
export const ivStringDetail = z.object({
  row: ivStringRow,
  modulesInSeries: z.number().int(),
  points: z.array(z.tuple([z.number(), z.number()])),
  diagnosis: ivDiagnosisResult.nullable(),
  /** Curves of the model: expected at the measured conditions and at STC, and the measured one translated to STC. */
  expectedPoints: z.array(z.tuple([z.number(), z.number()])),
  expectedStcPoints: z.array(z.tuple([z.number(), z.number()])),
  stcPoints: z.array(z.tuple([z.number(), z.number()])),
});
export type IvStringDetail = z.infer<typeof ivStringDetail>;

/**
 * What a device answers to an `ivScan` command (`result` of its `succeeded` reply): the irradiance at the start
 * and end of the sweep, the module temperature, and each string's curve [V, A], voltage rising.
 */
export const ivScanResult = z.object({
  poaStartWm2: z.number().min(0).max(1500),
  poaEndWm2: z.number().min(0).max(1500),
  moduleTempC: z.number().min(-40).max(100),
  strings: z
    .array(
      z.object({
        string: z.number().int().min(1).max(64),
        points: z.array(ivPoint).min(2).max(IV_CURVE_POINTS.max),
      }),
    )
    .max(64),
});
export type IvScanResult = z.infer<typeof ivScanResult>;

/** `GET /iv/inverters`: the inverters the caller may scan, for the task's pickers. */
export const ivInverter = z.object({
  serial: z.string(),
  name: z.string(),
  model: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  online: z.boolean(),
});
export type IvInverter = z.infer<typeof ivInverter>;
