/**
 * The independent check set: 200 labelled string curves (20 per class) from a physics generator that is not this
 * project's (data/README.md says where it came from). It is read to report accuracy only: no threshold of the
 * diagnosis was chosen on it.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { IvDiagnosisInput, IvFaultClass, IvPoint } from '@solarops/pv';
import type { LabelledCurve } from './labelledSet.ts';

interface CheckItem {
  id: string;
  label: IvFaultClass;
  request: Omit<IvDiagnosisInput, 'points'> & { points: IvPoint[] };
}

/** @returns the 200 curves with their labels, as the diagnosis takes them */
export function independentCheckSet(): LabelledCurve[] {
  const file = new URL('./data/labelled-curves-200.json.gz', import.meta.url);
  const parsed = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { items: CheckItem[] };
  return parsed.items.map((item) => ({ label: item.label, input: item.request }));
}
