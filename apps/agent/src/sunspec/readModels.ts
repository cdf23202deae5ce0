import { MAX_REGISTERS_PER_READ } from '../modbus/LinkQueue.ts';
import { ModbusError } from '../modbus/transport.ts';
import { layoutModel, type DecodedModel, type ModelDef, type Placement } from '@solarops/contracts/sunspec';
import type { ModelLocation, ReadRegisters } from './discover.ts';

/** One request: `count` registers from `address`. */
export interface ReadRequest {
  address: number;
  count: number;
}

/**
 * The requests that read a model's points, each of at most 125 registers and each holding the scale factor of
 * every scaled value in it (scale factors may change between reads, so a value and its scale factor must come
 * from the same answer). Registers the device refused are left out, and so are the points on them. Only a point
 * more than 125 registers from its scale factor (possible in a long model 160) gets it from a request of its own.
 */
export function planReads(
  location: Pick<ModelLocation, 'address'>,
  placements: readonly Placement[],
  refused: ReadonlySet<number>,
): ReadRequest[] {
  const requests: ReadRequest[] = [];
  const at = (offset: number): number => location.address + offset;
  const clean = (lo: number, hi: number): boolean => {
    for (let a = lo; a < hi; a++) if (refused.has(a)) return false;
    return true;
  };
  let current: { lo: number; hi: number } | undefined;
  const close = (): void => {
    if (current) requests.push({ address: current.lo, count: current.hi - current.lo });
    current = undefined;
  };
  const sorted = [...placements].filter((p) => p.type !== 'pad').sort((a, b) => a.offset - b.offset);
  for (const p of sorted) {
    const lo0 = at(p.offset);
    const hi0 = lo0 + p.size;
    if (!clean(lo0, hi0)) continue;
    const sf = p.sfOffset === undefined ? undefined : at(p.sfOffset);
    let lo = lo0;
    let hi = hi0;
    if (sf !== undefined && !refused.has(sf)) {
      lo = Math.min(lo, sf);
      hi = Math.max(hi, sf + 1);
    }
    if (current) {
      const lo2 = Math.min(current.lo, lo);
      const hi2 = Math.max(current.hi, hi);
      if (hi2 - lo2 <= MAX_REGISTERS_PER_READ && clean(lo2, hi2)) {
        current = { lo: lo2, hi: hi2 };
        continue;
      }
      close();
    }
    if (hi - lo <= MAX_REGISTERS_PER_READ && clean(lo, hi)) {
      current = { lo, hi };
    } else {
      // The scale factor is out of reach (or the gap to it refused): the value and its factor apart.
      current = { lo: lo0, hi: hi0 };
      if (sf !== undefined && !refused.has(sf)) requests.push({ address: sf, count: 1 });
    }
  }
  close();
  return requests;
}

/** Plain requests of at most 125 registers over a whole model (its first read, before its layout is known). */
export function wholeModelReads(location: ModelLocation): ReadRequest[] {
  const requests: ReadRequest[] = [];
  const end = location.address + 2 + location.length;
  for (let a = location.address; a < end; a += MAX_REGISTERS_PER_READ) {
    requests.push({ address: a, count: Math.min(MAX_REGISTERS_PER_READ, end - a) });
  }
  return requests;
}

/** An answer that means "these registers cannot be read" (illegal function, address or value). */
function refusal(err: unknown): boolean {
  return (
    err instanceof ModbusError && err.failure === 'exception' && [1, 2, 3].includes(err.exceptionCode ?? 0)
  );
}

/**
 * Reads one request into `out`. A refused request is split in halves until the refused registers are found
 * (added to `refused`, so that the next plan leaves them out); the rest is still read. A device failure
 * (exception 4) leaves that request's registers unread this time. No answer at all rejects: the device's
 * reading fails as a whole.
 */
export async function readRequest(
  read: ReadRegisters,
  request: ReadRequest,
  out: Map<number, number>,
  refused: Set<number>,
): Promise<void> {
  try {
    const values = await read(request.address, request.count);
    values.forEach((v, i) => out.set(request.address + i, v));
  } catch (err) {
    if (refusal(err)) {
      if (request.count === 1) {
        refused.add(request.address);
        return;
      }
      const half = Math.ceil(request.count / 2);
      await readRequest(read, { address: request.address, count: half }, out, refused);
      await readRequest(read, { address: request.address + half, count: request.count - half }, out, refused);
      return;
    }
    if (err instanceof ModbusError && err.failure === 'exception') return;
    throw err;
  }
}

/** A model of a device and what the agent learnt of it: where its points are, which registers it refuses. */
export class ModelReader {
  private placements: Placement[] | undefined;
  private plan: ReadRequest[] | undefined;
  private refusedSeen = 0;

  constructor(
    readonly location: ModelLocation,
    readonly def: ModelDef,
    private readonly refused: Set<number>,
  ) {}

  /** The requests the next read sends. */
  get requests(): ReadRequest[] {
    if (!this.placements) return wholeModelReads(this.location);
    if (!this.plan || this.refusedSeen !== this.refused.size) {
      this.plan = planReads(this.location, this.placements, this.refused);
      this.refusedSeen = this.refused.size;
    }
    return this.plan;
  }

  /** Reads the model and decodes it; values on refused or unread registers are absent. */
  async read(read: ReadRegisters): Promise<DecodedModel> {
    const out = new Map<number, number>();
    for (const request of this.requests) await readRequest(read, request, out, this.refused);
    const regs: (number | null)[] = [];
    for (let i = 0; i < 2 + this.location.length; i++) regs.push(out.get(this.location.address + i) ?? null);
    // The header is known from discovery even when the plan does not read it again.
    regs[0] = this.location.id;
    regs[1] = this.location.length;
    const { model, placements } = layoutModel(this.def, regs);
    this.placements ??= placements;
    return model;
  }
}
