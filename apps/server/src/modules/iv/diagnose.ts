/**
 * The diagnosis as the API answers it: the physics package's result, with the caller's advice text and the
 * numbers JSON cannot carry (an unmeasurable shunt resistance) made explicit.
 */
import type { IvDiagnoseBody, IvDiagnosisResult } from '@solarops/contracts';
import {
  diagnoseIvCurve,
  type DetectionSensitivity,
  type IvDiagnosis,
  type IvPoint,
  type ModuleDecay,
} from '@solarops/pv';
import { AppError } from '../../http/AppError.ts';
import { t, type Lang } from '../../i18n/messages.ts';

export interface DiagnoseOptions {
  ageYears?: number;
  decay?: ModuleDecay;
  sensitivity?: DetectionSensitivity;
}

/**
 * @param body - Module, string, conditions and points as the open door takes them
 * @param lang - Language of the advice
 * @param options - Age, decay and sensitivity when a template gives them
 * @returns the answer's data
 */
export function diagnoseForApi(
  body: IvDiagnoseBody,
  lang: Lang,
  options: DiagnoseOptions = {},
): IvDiagnosisResult {
  const result = toApiResult(
    diagnoseIvCurve({ ...body, points: body.points as IvPoint[], ...options }),
    lang,
  );
  // A curve the physics cannot read (all-zero current, datasheet values too small to scale by) gives NaN or
  // infinity somewhere in the result; JSON cannot carry them and the answer's schema refuses them, which was a
  // 500. The caller gets a 422 naming the first such figure instead.
  const bad = nonFinitePath(result);
  if (bad) throw new AppError(422, 'iv.notDiagnosable', { params: { field: bad } });
  return result;
}

/** The path of the first number in `value` that is NaN or infinite, or null when every number is finite. */
export function nonFinitePath(value: unknown, path = ''): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || '(result)';
  if (value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    const found = nonFinitePath(v, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/** A diagnosis as the API answers it, advice in `lang`. */
export function toApiResult(d: IvDiagnosis, lang: Lang): IvDiagnosisResult {
  // JSON has no infinity or NaN: a parameter the curve cannot show is null.
  const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
  const estimate = (e: { value: number; stdError: number }) => ({
    value: finite(e.value),
    stdError: finite(e.stdError),
  });
  return {
    faultClass: d.faultClass,
    confidence: d.confidence,
    secondClass: d.secondClass,
    secondConfidence: d.secondConfidence,
    lowConfidence: d.lowConfidence,
    parameters: {
      lightCurrentA: estimate(d.parameters.lightCurrentA),
      seriesOhm: estimate(d.parameters.seriesOhm),
      shuntOhm: estimate(d.parameters.shuntOhm),
      ideality: estimate(d.parameters.ideality),
    },
    stc: d.stc,
    performanceFactor: d.performanceFactor,
    measured: d.measured,
    expected: d.expected,
    expectedStc: d.expectedStc,
    rsOhm: d.rsOhm,
    rshOhm: Number.isFinite(d.rshOhm) ? d.rshOhm : null,
    energyLostKwhPerDay: d.energyLostKwhPerDay,
    conditionsSufficient: d.conditionsSufficient,
    features: d.features,
    reportedClass: d.reportedClass,
    stringLength: d.stringLength,
    advice: adviceOf(d, lang),
  };
}

/**
 * What to do: a length difference is said first (the string was judged as the length it has); a shape with no loss
 * is said as such; otherwise the class's advice.
 */
export function adviceOf(d: IvDiagnosis, lang: Lang): string {
  const advice =
    d.reportedClass === d.faultClass
      ? t(lang, `iv.advice.${d.faultClass}`)
      : t(lang, 'iv.advice.noLoss', { signature: t(lang, `iv.class.${d.faultClass}`) });
  return d.stringLength ? `${t(lang, 'iv.advice.stringLength', { ...d.stringLength })} ${advice}` : advice;
}
