/**
 * A diagnosis's evidence in words, for people reading the report: which steps the curve has, what the slopes near
 * V_oc and I_sc say, and how its current and voltage compare with the string's expected curve. Every figure comes
 * from the diagnosis the class was chosen on (`IvDiagnosis`), none is recomputed here.
 */
import type { IvDiagnosis } from '@solarops/pv';
import { t, type Lang } from '../../i18n/messages.ts';

const pct = (share: number, digits = 0) => (share * 100).toFixed(digits);
const ohm = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

/** Beyond this series excess (extra slope near V_oc × I_sc / V_oc) the slope is said to be steeper than healthy. */
const SERIES_EXCESS_SAID = 0.02;

/** The sentences of `d`'s evidence in `lang`, in the order a reader checks a curve: steps, slopes, levels. */
export function evidenceOf(d: IvDiagnosis, lang: Lang): string[] {
  const f = d.features;
  const out: string[] = [];
  out.push(
    f.stepCount > 0
      ? t(lang, 'iv.evidence.steps', {
          count: f.stepCount,
          drop: pct(f.stepDrop),
          width: pct(f.stepWidth),
        })
      : t(lang, 'iv.evidence.noSteps'),
  );
  // The extra slope near V_oc in ohms: the excess is that slope over V_oc / I_sc of the expected curve.
  const extraOhm = (f.seriesExcess * d.expected.vocV) / Math.max(d.expected.iscA, 1e-9);
  out.push(
    f.seriesExcess > SERIES_EXCESS_SAID
      ? t(lang, 'iv.evidence.seriesSteep', { rs: ohm(d.rsOhm), extra: ohm(extraOhm) })
      : t(lang, 'iv.evidence.seriesNormal', { rs: ohm(d.rsOhm) }),
  );
  out.push(
    Number.isFinite(d.rshOhm)
      ? t(lang, 'iv.evidence.shunt', { rsh: ohm(d.rshOhm) })
      : t(lang, 'iv.evidence.shuntFlat'),
  );
  out.push(
    t(lang, 'iv.evidence.levels', {
      isc: pct(f.currentRatio),
      voc: pct(d.measured.vocV / Math.max(d.expected.vocV, 1e-9)),
      substrings: Math.max(0, f.voltageDeficitSubstrings).toFixed(1),
      ff: `${f.fillFactorChange >= 0 ? '+' : ''}${pct(f.fillFactorChange, 1)}`,
    }),
  );
  if (d.stringLength) out.push(t(lang, 'iv.advice.stringLength', { ...d.stringLength }));
  return out;
}
