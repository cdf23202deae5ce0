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
    if (body.module.vmpV >= body.module.vocV)
      ctx.addIssue({ code: 'custom', message: 'validation.format', path: ['module', 'vmpV'] });
    if (body.module.impA >= body.module.iscA)
      ctx.addIssue({ code: 'custom', message: 'validation.format', path: ['module', 'impA'] });
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
export const ivDiagnosisResult = z.object({
  faultClass: ivFaultClass,
  /** 0.5 at a threshold, towards 0.99 far past it. */
  confidence: z.number(),
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
  }),
  /** What to do, in the caller's language. */
  advice: z.string(),
});
export type IvDiagnosisResult = z.infer<typeof ivDiagnosisResult>;
