import { ModbusError } from '../modbus/transport.ts';

/** Reads `count` holding registers of one device (through its link's queue). */
export type ReadRegisters = (address: number, count: number) => Promise<number[]>;

/** One model found in the chain: its id, the length the device gives, the address of its ID register. */
export interface ModelLocation {
  id: number;
  length: number;
  address: number;
}

export interface SunSpecMap {
  /** Address of the `SunS` marker. */
  base: number;
  models: ModelLocation[];
}

const SUNS = [0x5375, 0x6e53];
/**
 * Where the `SunS` marker may sit: the standard's three bases, then their 1-based neighbours (vendor documents mix
 * 40000 and 40001 numbering; a device built from such a document may be off by one either way).
 */
export const SUNSPEC_BASES = [40000, 0, 50000, 40001, 39999, 1, 50001, 49999];
/** A chain longer than this is garbage, not a device (the standard has about 120 models). */
const MAX_MODELS = 200;
const END_MODEL = 0xffff;

/** True for an answer that means "nothing here" (an exception), not "no device" (timeout, no connection). */
function refused(err: unknown): boolean {
  return err instanceof ModbusError && err.failure === 'exception';
}

/**
 * Finds the SunSpec map of a device: the marker at one of {@link SUNSPEC_BASES}, then the chain of (model id,
 * length) headers, ending at 0xFFFF or at 0 (some devices end with 0), at an address that cannot be read, or
 * at the runaway guard (a chain past the end of the register space, or longer than any device has). Resolves
 * undefined when the device answers but has no marker; rejects when it does not answer at all.
 */
export async function discoverSunSpec(read: ReadRegisters): Promise<SunSpecMap | undefined> {
  let answered = false;
  let lastError: unknown;
  for (const base of SUNSPEC_BASES) {
    let marker: number[];
    try {
      marker = await read(base, 2);
      answered = true;
    } catch (err) {
      if (refused(err)) answered = true;
      else lastError = err;
      continue;
    }
    if (marker[0] !== SUNS[0] || marker[1] !== SUNS[1]) continue;
    return { base, models: await walkChain(read, base + 2) };
  }
  if (!answered) throw lastError ?? new ModbusError('no answer', 'timeout');
  return undefined;
}

async function walkChain(read: ReadRegisters, start: number): Promise<ModelLocation[]> {
  const models: ModelLocation[] = [];
  let address = start;
  while (models.length < MAX_MODELS && address <= 0xffff) {
    let header: number[];
    try {
      // The id and length in one request: discovery of a device costs a request per model, not two (on a shared
      // RS-485 link at 9600 Bd each request counts).
      header = await read(address, 2);
    } catch (err) {
      if (!refused(err)) throw err;
      // Some devices give no length after the end model (pysunspec2 reads the id alone for this): the id alone.
      try {
        header = await read(address, 1);
      } catch (err2) {
        if (refused(err2)) break;
        throw err2;
      }
    }
    const [id, length] = header as [number, number | undefined];
    if (id === END_MODEL || id === 0 || length === undefined) break;
    if (length === 0 || address + 2 + length > 0x10000) break;
    models.push({ id, length, address });
    address += 2 + length;
  }
  return models;
}
