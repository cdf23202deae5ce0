import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_DIR } from '../agentDir.ts';

/** One point of a SunSpec model as the official JSON defines it (`sunspec/json/model_<id>.json`). */
export interface PointDef {
  name: string;
  type: string;
  /** Registers it takes. */
  size: number;
  /** Scale factor: the name of a `sunssf` point of this group or an enclosing one, or a fixed exponent. */
  sf?: string | number;
  units?: string;
  label?: string;
  symbols?: { name: string; value: number }[];
  access?: string;
  mandatory?: string;
  static?: string;
  value?: number;
}

/** A group of points; `count` is 1 when absent, 0 for a group repeated to fill the model, or a point's name. */
export interface GroupDef {
  name: string;
  type: string;
  count?: number | string;
  points: PointDef[];
  groups?: GroupDef[];
}

export interface ModelDef {
  id: number;
  group: GroupDef;
}

const MODELS_DIR = join(AGENT_DIR, 'sunspec', 'json');

/** Each model asked for so far, or null when the agent does not know it. */
const cache = new Map<number, ModelDef | null>();

/**
 * A SunSpec model the agent knows, loaded from the vendored official definition the first time a device's chain
 * names it (a gateway's devices use a dozen of the hundred and more models: parsing them all would hold megabytes
 * for nothing). Undefined for a model missing here (vendor models 63xxx/64xxx among them): discovery's readers
 * skip it.
 */
export function modelDef(id: number): ModelDef | undefined {
  let def = cache.get(id);
  if (def === undefined) {
    const file = join(MODELS_DIR, `model_${id}.json`);
    def =
      Number.isInteger(id) && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ModelDef) : null;
    cache.set(id, def);
  }
  return def ?? undefined;
}
