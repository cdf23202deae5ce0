import { readdirSync, readFileSync } from 'node:fs';

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

const MODELS_DIR = new URL('../../sunspec/json/', import.meta.url);

let cache: Map<number, ModelDef> | undefined;

/**
 * The SunSpec models the agent knows, loaded once from the vendored official definitions. A model id missing
 * here (vendor models 63xxx/64xxx among them) is skipped by discovery's readers.
 */
export function sunspecModels(): Map<number, ModelDef> {
  if (cache) return cache;
  cache = new Map();
  for (const file of readdirSync(MODELS_DIR)) {
    const m = /^model_(\d+)\.json$/.exec(file);
    if (!m) continue;
    const def = JSON.parse(readFileSync(new URL(file, MODELS_DIR), 'utf8')) as ModelDef;
    cache.set(def.id, def);
  }
  return cache;
}

export function modelDef(id: number): ModelDef | undefined {
  return sunspecModels().get(id);
}
