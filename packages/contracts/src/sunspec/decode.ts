import type { GroupDef, ModelDef, PointDef } from './models.ts';

/** A decoded group: the implemented points by name (scaled, in the definition's units) and its sub-groups. */
export interface DecodedGroup {
  points: Record<string, number | string>;
  groups: Record<string, DecodedGroup[]>;
}

export interface DecodedModel extends DecodedGroup {
  id: number;
  /** Registers after the two of its header, as the device says. */
  length: number;
}

/** Registers of one model from its ID register on; `null` where the device refused (or was not asked). */
export type ModelRegisters = readonly (number | null)[];

/** The value of each type that means "not implemented" (SunSpec Modbus, pysunspec2 `mb.py`). */
const NOT_IMPLEMENTED: Record<string, bigint> = {
  int16: 0x8000n,
  sunssf: 0x8000n,
  uint16: 0xffffn,
  enum16: 0xffffn,
  bitfield16: 0xffffn,
  acc16: 0n,
  int32: 0x80000000n,
  uint32: 0xffffffffn,
  enum32: 0xffffffffn,
  bitfield32: 0xffffffffn,
  acc32: 0n,
  ipaddr: 0n,
  int64: 0x8000000000000000n,
  uint64: 0xffffffffffffffffn,
  acc64: 0n,
};

const SIGNED = new Set(['int16', 'sunssf', 'int32', 'int64']);

function unsignedOf(regs: readonly number[]): bigint {
  let v = 0n;
  for (const r of regs) v = (v << 16n) | BigInt(r);
  return v;
}

/**
 * The raw value of one point (before its scale factor), or undefined when the device does not implement it or
 * refused to read one of its registers: such a value is left out, never published as 0 or -32768.
 */
export function rawPointValue(
  point: PointDef,
  regs: readonly (number | null)[],
): number | string | undefined {
  if (regs.length < point.size || regs.some((r) => r === null || r === undefined)) return undefined;
  const words = regs as readonly number[];
  const type = point.type;
  if (type === 'pad') return undefined;
  if (type === 'string') {
    const bytes = Buffer.alloc(words.length * 2);
    words.forEach((w, i) => bytes.writeUInt16BE(w, i * 2));
    const end = bytes.indexOf(0);
    const text = bytes
      .subarray(0, end === -1 ? bytes.length : end)
      .toString('latin1')
      .trim();
    return text === '' ? undefined : text;
  }
  if (type === 'float32' || type === 'float64') {
    const bytes = Buffer.alloc(words.length * 2);
    words.forEach((w, i) => bytes.writeUInt16BE(w, i * 2));
    const v = type === 'float32' ? bytes.readFloatBE(0) : bytes.readDoubleBE(0);
    return Number.isNaN(v) ? undefined : v;
  }
  if (type === 'eui48' || type === 'ipv6addr') {
    if (words.every((w) => w === 0)) return undefined;
    return words.map((w) => w.toString(16).padStart(4, '0')).join('');
  }
  if (type === 'count') return words[0];
  const u = unsignedOf(words);
  const na = NOT_IMPLEMENTED[type];
  if (na === undefined || u === na) return undefined;
  if (SIGNED.has(type)) {
    const bits = BigInt(point.size * 16);
    return Number(BigInt.asIntN(Number(bits), u));
  }
  return Number(u);
}

/** raw × 10^sf, divided rather than multiplied by a fraction so that 2403 with sf −1 is exactly 240.3. */
export function applyScale(raw: number, sf: number): number {
  return sf >= 0 ? raw * 10 ** sf : raw / 10 ** -sf;
}

/** Where a point sits in its model (registers from the ID register) and where its scale factor sits. */
export interface Placement {
  name: string;
  /** The point's path in the decoded model, e.g. `W` or `module[1].DCV`. */
  path: string;
  offset: number;
  size: number;
  type: string;
  sfOffset?: number;
}

interface Scope {
  raws: Map<string, number | string | undefined>;
  offsets: Map<string, number>;
  parent?: Scope;
}

function lookup(scope: Scope | undefined, name: string): number | string | undefined {
  for (let s = scope; s; s = s.parent) if (s.raws.has(name)) return s.raws.get(name);
  return undefined;
}

function offsetOf(scope: Scope | undefined, name: string): number | undefined {
  for (let s = scope; s; s = s.parent) if (s.offsets.has(name)) return s.offsets.get(name);
  return undefined;
}

function decodeGroup(
  def: GroupDef,
  regs: ModelRegisters,
  start: number,
  end: number,
  parent: Scope | undefined,
  placements: Placement[],
  prefix = '',
): { group: DecodedGroup; next: number } {
  const scope: Scope = { raws: new Map(), offsets: new Map(), parent };
  let offset = start;
  const placed: { point: PointDef; raw: number | string | undefined }[] = [];
  for (const point of def.points) {
    const raw =
      offset + point.size <= end ? rawPointValue(point, regs.slice(offset, offset + point.size)) : undefined;
    scope.raws.set(point.name, raw);
    scope.offsets.set(point.name, offset);
    placed.push({ point, raw });
    offset += point.size;
  }
  for (const { point } of placed) {
    const sfOffset = typeof point.sf === 'string' ? offsetOf(scope, point.sf) : undefined;
    const at = scope.offsets.get(point.name)!;
    if (at + point.size <= end) {
      placements.push({
        name: point.name,
        path: prefix + point.name,
        offset: at,
        size: point.size,
        type: point.type,
        sfOffset,
      });
    }
  }
  const group: DecodedGroup = { points: {}, groups: {} };
  for (const { point, raw } of placed) {
    if (raw === undefined) continue;
    if (point.sf === undefined || typeof raw === 'string') {
      group.points[point.name] = raw;
      continue;
    }
    const sf = typeof point.sf === 'number' ? point.sf : lookup(scope, point.sf);
    // A value whose scale factor is not implemented (or refused) cannot be read: it is left out.
    if (typeof sf === 'number') group.points[point.name] = applyScale(raw, sf);
  }
  for (const sub of def.groups ?? []) {
    const instances: DecodedGroup[] = [];
    // A group of count 0 repeats to fill the rest of the model (model 160's modules): as many whole instances as
    // fit. Otherwise its count is fixed or read from a point before it, and an instance the length cuts keeps the
    // points that fit.
    const fill = sub.count === 0;
    const counted =
      sub.count === undefined ? 1 : typeof sub.count === 'number' ? sub.count : lookup(scope, sub.count);
    const n = fill ? Infinity : typeof counted === 'number' ? counted : 0;
    while (instances.length < n && offset < end) {
      const { group: g, next } = decodeGroup(
        sub,
        regs,
        offset,
        end,
        scope,
        placements,
        `${prefix}${sub.name}[${instances.length}].`,
      );
      if (fill && (next > end || next === offset)) break;
      instances.push(g);
      offset = next;
    }
    group.groups[sub.name] = instances;
  }
  return { group, next: offset };
}

/**
 * Decodes one model from its registers (ID and L first) as its official definition lays them out. Points past the
 * length the device gives are absent (a device may say fewer registers than the standard, as SolarEdge's common
 * model does with 65 instead of 66).
 */
export function decodeModel(def: ModelDef, regs: ModelRegisters): DecodedModel {
  return layoutModel(def, regs).model;
}

/** Decodes a model and says where each of its points sits (what the read planner needs). */
export function layoutModel(
  def: ModelDef,
  regs: ModelRegisters,
): { model: DecodedModel; placements: Placement[] } {
  const length = regs[1] ?? 0;
  const end = Math.min(regs.length, 2 + length);
  const placements: Placement[] = [];
  const { group } = decodeGroup(def.group, regs, 0, end, undefined, placements);
  return { model: { id: def.id, length, ...group }, placements };
}

/** The symbol names of the bits set in a bitfield point's value (e.g. model 101 `Evt1`). */
export function bitsSet(point: PointDef | undefined, value: number | string | undefined): string[] {
  if (!point?.symbols || typeof value !== 'number') return [];
  return point.symbols.filter((s) => Math.floor(value / 2 ** s.value) % 2 === 1).map((s) => s.name);
}

/** The symbol name of an enumeration point's value (e.g. model 101 `St` 4 → MPPT). */
export function symbolOf(
  point: PointDef | undefined,
  value: number | string | undefined,
): string | undefined {
  return point?.symbols?.find((s) => s.value === value)?.name;
}

/** A point's definition by name, searched through the model's groups. */
export function pointDef(def: ModelDef, name: string, group: GroupDef = def.group): PointDef | undefined {
  return (
    group.points.find((p) => p.name === name) ??
    (group.groups ?? []).map((g) => pointDef(def, name, g)).find(Boolean)
  );
}
