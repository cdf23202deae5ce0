import {
  REGISTER_READING_LISTS,
  profileById,
  type ReadingPoint,
  type SettingsProfileId,
} from '@solarops/contracts';
import type { ReadingFields } from '../mapping/toReading.ts';
import { applyScale, type Placement } from '@solarops/contracts/sunspec';
import type { ReadRegisters } from '../sunspec/discover.ts';
import { planReads, readRequest, type ReadRequest } from '../sunspec/readModels.ts';

const LISTS = new Set<string>(REGISTER_READING_LISTS);

function sizeOf(point: ReadingPoint): number {
  return point.registerType === 'u32' || point.registerType === 's32' ? 2 : 1;
}

/**
 * One point's value from its registers (`words[i]` the register at `point.register + i`), or undefined when a
 * register was refused or the state is not one the profile knows.
 */
export function readingPointValue(
  point: ReadingPoint,
  words: readonly (number | undefined)[],
): number | undefined {
  if (words.length < sizeOf(point) || words.some((w) => w === undefined)) return undefined;
  const [first, second] = words as number[];
  let raw: number;
  switch (point.registerType) {
    case 'u16':
      raw = first!;
      break;
    case 's16':
      raw = first! >= 0x8000 ? first! - 0x10000 : first!;
      break;
    default: {
      const [hi, lo] = point.lowWordFirst ? [second!, first!] : [first!, second!];
      raw = hi * 0x10000 + lo;
      if (point.registerType === 's32' && raw >= 0x80000000) raw -= 0x100000000;
    }
  }
  if (point.field === 'status') return point.states?.[String(raw)];
  const value = applyScale(raw, point.scale) + (point.offset ?? 0);
  // At the register's resolution: 2403 × 0.1 − 100 is 140.3, not 140.29999999999998.
  return Number(value.toFixed(Math.max(0, -point.scale)));
}

/**
 * A device without SunSpec, read by the register profile its configuration names (`packages/contracts`
 * `profiles/`, the profile's `readings`): the same reads as a SunSpec model's (at most 125 registers each, refused
 * registers found, left out of the next reads and their values absent), decoded by the profile's points.
 */
export class RegisterProfileDevice {
  private readonly points: readonly ReadingPoint[];
  private readonly placements: Placement[];
  private readonly refused = new Set<number>();
  private plan: ReadRequest[] = [];
  private refusedSeen = -1;

  constructor(readonly profileId: SettingsProfileId) {
    const points = profileById(profileId).readings;
    if (!points) throw new Error(`profile ${profileId} has no readings`);
    this.points = points;
    this.placements = points.map((p) => ({
      name: p.field,
      path: p.field,
      offset: p.register,
      size: sizeOf(p),
      type: p.registerType,
    }));
  }

  /** Reads the device once: our reading's fields (a device with its own day counter gives `energyTodayKwh`). */
  async read(read: ReadRegisters): Promise<ReadingFields> {
    if (this.refusedSeen !== this.refused.size) {
      this.plan = planReads({ address: 0 }, this.placements, this.refused);
      this.refusedSeen = this.refused.size;
    }
    const registers = new Map<number, number>();
    for (const request of this.plan) await readRequest(read, request, registers, this.refused);
    const out: Record<string, number | number[]> = {};
    const lists = new Map<string, (number | undefined)[]>();
    for (const point of this.points) {
      const words = Array.from({ length: sizeOf(point) }, (_, i) => registers.get(point.register + i));
      const value = readingPointValue(point, words);
      if (LISTS.has(point.field)) {
        const list = lists.get(point.field) ?? [];
        list[point.index ?? 0] = value;
        lists.set(point.field, list);
      } else if (value !== undefined) {
        out[point.field] = value;
      }
    }
    for (const [field, list] of lists) {
      // Up to the first phase or input missing: a later one moved forward would be read as the wrong one.
      const gap = list.findIndex((v) => v === undefined);
      const values = (gap === -1 ? list : list.slice(0, gap)) as number[];
      if (values.length > 0) out[field] = values;
    }
    return out as ReadingFields;
  }
}
