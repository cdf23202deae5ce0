import type { RegisterType } from '@solarops/contracts';
import { refusalOf, type RegisterAccess } from './controlModel.ts';
import type { WireRegister } from './sunspecSettings.ts';

/** Registers a value of this encoding takes (big-endian words, the high word first). */
const wordsOf = (type: string | undefined): 1 | 2 => (type === 'u32' || type === 's32' ? 2 : 1);

/** A value as the registers that hold it (a negative one in two's complement). */
export function toWords(value: number, type: string | undefined): number[] {
  if (wordsOf(type) === 1) return [value & 0xffff];
  const u = value < 0 ? value + 2 ** 32 : value;
  return [Math.floor(u / 0x10000) & 0xffff, u & 0xffff];
}

/** The value the registers hold, by their encoding. */
export function fromWords(words: readonly number[], type: string | undefined): number {
  if (wordsOf(type) === 1) {
    const w = words[0]!;
    return type === 's16' && w >= 0x8000 ? w - 0x10000 : w;
  }
  const u = words[0]! * 0x10000 + words[1]!;
  return type === 's32' && u >= 2 ** 31 ? u - 2 ** 32 : u;
}

/** Reads registers by address and encoding: the values by address, as devices report them (`{ "143": 3000 }`). */
export async function readRegisters(
  io: RegisterAccess,
  registers: readonly WireRegister[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of registers)
    out[String(r.address)] = fromWords(await io.read(r.address, wordsOf(r.type)), r.type);
  return out;
}

/**
 * Writes registers of a device read by its register profile, where the profile's addresses are the device's
 * own: the values before are read first (the console shows old and new), each register is written, then all
 * are read back, and the write is taken only when the device holds every value written. A refused write ends
 * failed with the device's exception.
 */
export async function writeRegisters(
  io: RegisterAccess,
  registers: readonly WireRegister[],
): Promise<{ state: 'accepted'; previous: Record<string, number> } | { state: 'failed'; reason: string }> {
  if (registers.some((r) => typeof r.value !== 'number' || !Number.isInteger(r.value)))
    return { state: 'failed', reason: 'a register without a value to write' };
  let previous;
  try {
    previous = await readRegisters(io, registers);
  } catch (err) {
    return { state: 'failed', reason: `the registers could not be read: ${(err as Error).message}` };
  }
  for (const r of registers) {
    try {
      await io.write(r.address, toWords(r.value!, r.type));
    } catch (err) {
      return { state: 'failed', reason: refusalOf(err) };
    }
  }
  let after;
  try {
    after = await readRegisters(io, registers);
  } catch (err) {
    return { state: 'failed', reason: `written, but the read-back failed: ${(err as Error).message}` };
  }
  const differs = registers.filter((r) => after[String(r.address)] !== r.value);
  if (differs.length > 0)
    return {
      state: 'failed',
      reason: `the device took the write but reads back ${differs
        .map((r) => `register ${r.address} ${after[String(r.address)]} (written ${r.value})`)
        .join(', ')}`,
    };
  return { state: 'accepted', previous };
}

/** The registers of a debug read or write: `count` values of `dataType` from `address` on. */
export function debugRegisters(address: number, count: number, dataType: RegisterType): WireRegister[] {
  const step = wordsOf(dataType);
  return Array.from({ length: count }, (_, i) => ({ address: address + i * step, type: dataType }));
}
