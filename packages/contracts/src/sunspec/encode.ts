import type { GroupDef, ModelDef, PointDef } from './models.ts';

/**
 * What a device holds in one group of a model: its points by name, in the definition's units (scale factors,
 * `sunssf` points, are given as their exponents), and the instances of its repeating groups. A point left out is
 * written as the type's "not implemented" value, as a device writes the points it does not have.
 */
export interface GroupValues {
  points?: Record<string, number | string>;
  groups?: Record<string, GroupValues[]>;
}

/** The register(s) of each type's "not implemented" value (SunSpec Modbus; the decoder leaves these out). */
function notImplemented(point: PointDef): number[] {
  const words = new Array<number>(point.size).fill(0);
  switch (point.type) {
    case 'int16':
    case 'sunssf':
    case 'int32':
    case 'int64':
      words[0] = 0x8000;
      return words;
    case 'uint16':
    case 'enum16':
    case 'bitfield16':
    case 'uint32':
    case 'enum32':
    case 'bitfield32':
    case 'uint64':
      return words.fill(0xffff);
    case 'float32':
      return [0x7fc0, 0]; // NaN
    case 'float64':
      return [0x7ff8, 0, 0, 0];
    default:
      // Accumulators, strings, addresses and pads: all zeros.
      return words;
  }
}

const SIGNED = new Set(['int16', 'sunssf', 'int32', 'int64']);

/** An integer as `size` big-endian words, refusing what the type cannot hold (or its "not implemented" value). */
function integerWords(point: PointDef, value: number): number[] {
  if (!Number.isInteger(value))
    throw new RangeError(`${point.name}: ${value} is not a whole number of steps`);
  const bits = BigInt(point.size * 16);
  const v = BigInt(value);
  const signed = SIGNED.has(point.type);
  const min = signed ? -(1n << (bits - 1n)) + 1n : 0n;
  // The top of an unsigned type (0xFFFF…) and the bottom of a signed one (0x8000…) mean "not implemented".
  const max = signed
    ? (1n << (bits - 1n)) - 1n
    : point.type.startsWith('acc')
      ? (1n << bits) - 1n
      : (1n << bits) - 2n;
  if (v < min || v > max) throw new RangeError(`${point.name}: ${value} does not fit ${point.type}`);
  const u = BigInt.asUintN(Number(bits), v);
  const words: number[] = [];
  for (let i = point.size - 1; i >= 0; i--) words.push(Number((u >> BigInt(i * 16)) & 0xffffn));
  return words;
}

/** One point's registers from its value in the definition's units, scaled by the exponent `sf`. */
function pointWords(point: PointDef, value: number | string, sf: number | undefined): number[] {
  if (point.type === 'string') {
    const bytes = Buffer.alloc(point.size * 2);
    bytes.write(String(value).slice(0, point.size * 2), 'latin1');
    return Array.from({ length: point.size }, (_, i) => bytes.readUInt16BE(i * 2));
  }
  if (typeof value !== 'number') throw new TypeError(`${point.name}: a number is needed, not "${value}"`);
  if (point.type === 'float32' || point.type === 'float64') {
    const bytes = Buffer.alloc(point.size * 2);
    if (point.type === 'float32') bytes.writeFloatBE(value);
    else bytes.writeDoubleBE(value);
    return Array.from({ length: point.size }, (_, i) => bytes.readUInt16BE(i * 2));
  }
  // value = raw × 10^sf, so raw = value ÷ 10^sf, multiplied rather than divided by a fraction (240.3 at −1: 2403).
  const raw = sf === undefined ? value : Math.round(sf >= 0 ? value / 10 ** sf : value * 10 ** -sf);
  return integerWords(point, raw);
}

function encodeGroup(
  def: GroupDef,
  values: GroupValues,
  parentSfs: Map<string, number>,
  out: number[],
): void {
  const given = values.points ?? {};
  // Scale factors are looked up by name in this group and then the enclosing ones, as the decoder does.
  const sfs = new Map(parentSfs);
  for (const p of def.points) {
    const v = given[p.name];
    if (p.type === 'sunssf' && typeof v === 'number') sfs.set(p.name, v);
  }
  for (const point of def.points) {
    const value = given[point.name];
    if (value === undefined || point.type === 'pad') {
      out.push(...notImplemented(point));
      continue;
    }
    let sf: number | undefined;
    if (typeof point.sf === 'number') sf = point.sf;
    else if (typeof point.sf === 'string' && point.type !== 'string') {
      sf = sfs.get(point.sf);
      if (sf === undefined) throw new Error(`${point.name}: its scale factor ${point.sf} is not given`);
    }
    out.push(...pointWords(point, value, sf));
  }
  for (const sub of def.groups ?? []) {
    const instances = values.groups?.[sub.name] ?? [];
    // A group counted by a point (model 160's N) must agree with it; a fixed count is filled up with "not
    // implemented" instances; a group of count 0 repeats as often as given.
    const counted =
      typeof sub.count === 'string' ? given[sub.count] : sub.count === undefined ? 1 : sub.count || undefined;
    if (typeof counted === 'number' && instances.length > counted)
      throw new Error(`${sub.name}: ${instances.length} instances given for a count of ${counted}`);
    const n = typeof counted === 'number' ? counted : instances.length;
    for (let i = 0; i < n; i++) encodeGroup(sub, instances[i] ?? {}, sfs, out);
  }
}

/**
 * The registers of one model as a device serves them, from its ID register on: ID and L (the length after
 * them) filled in, every point laid out as the official definition says. The inverse of `decodeModel`: what
 * this writes, the decoder reads back as the values given (to the scale factor's step).
 */
export function encodeModel(def: ModelDef, values: GroupValues): number[] {
  const out: number[] = [];
  const points = { ...values.points, ID: def.id, L: 0 };
  encodeGroup(def.group, { ...values, points }, new Map(), out);
  out[1] = out.length - 2;
  return out;
}

/** The marker a SunSpec map starts with: "SunS" in two registers. */
export const SUNSPEC_MARKER = [0x5375, 0x6e53] as const;

/** The end of a model chain: ID 0xFFFF and length 0. */
export const SUNSPEC_END = [0xffff, 0] as const;

/**
 * A whole SunSpec map from `base` (40000 as most devices): the marker, each model's registers in order, the end
 * marker. Keyed by register address, as a Modbus server answers them.
 */
export function sunspecMap(models: readonly number[][], base = 40000): Map<number, number> {
  const registers = new Map<number, number>();
  let address = base;
  for (const words of [SUNSPEC_MARKER, ...models, SUNSPEC_END])
    for (const w of words) registers.set(address++, w);
  return registers;
}
