import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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

/**
 * The vendored definitions (`packages/contracts/sunspec/json`), found through the package's own place in
 * node_modules rather than this file's: the agent's and the server's production bundles hold this code in their
 * own `dist/`, from where a path relative to this module would point nowhere. Found at the first model asked
 * for, not at import: a server image without the simulator never needs them.
 */
let modelsDir: string | undefined;
function modelsDirectory(): string {
  modelsDir ??= join(
    dirname(createRequire(import.meta.url).resolve('@solarops/contracts/package.json')),
    'sunspec',
    'json',
  );
  return modelsDir;
}

/** Each model asked for so far, or null when it is not vendored here. */
const cache = new Map<number, ModelDef | null>();

/**
 * A SunSpec model we know, loaded from the vendored official definition the first time a device's chain
 * names it (a gateway's devices use a dozen of the hundred and more models: parsing them all would hold megabytes
 * for nothing). Undefined for a model missing here (vendor models 63xxx/64xxx among them): the agent's discovery
 * skips it.
 */
export function modelDef(id: number): ModelDef | undefined {
  let def = cache.get(id);
  if (def === undefined) {
    const file = join(modelsDirectory(), `model_${id}.json`);
    def =
      Number.isInteger(id) && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ModelDef) : null;
    cache.set(id, def);
  }
  return def ?? undefined;
}
