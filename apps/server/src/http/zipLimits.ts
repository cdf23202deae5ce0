import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export interface ZipLimits {
  /** Most entries (files) the archive may hold. */
  maxEntries: number;
  /** Most bytes its entries may inflate to, together. */
  maxBytes: number;
}

export type ZipVerdict = 'ok' | 'notZip' | 'tooManyEntries' | 'tooLarge';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The central directory's entries, or a verdict when the archive is not a plain zip or holds too many. */
function centralDirectory(data: Buffer, maxEntries: number): Entry[] | ZipVerdict {
  // The end record is in the last 22 bytes plus a comment of at most 64 kB.
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return 'notZip';
  const count = data.readUInt16LE(end + 10);
  const offset = data.readUInt32LE(end + 16);
  // 0xffff / 0xffffffff announce a zip64 archive: far beyond anything a spreadsheet of ours needs.
  if (count === 0xffff || offset === 0xffffffff) return 'tooLarge';
  if (count > maxEntries) return 'tooManyEntries';
  const entries: Entry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) return 'notZip';
    entries.push({
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localOffset: data.readUInt32LE(at + 42),
    });
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/** Inflates one entry into nothing, counting; false as soon as it passes `limit` bytes. */
async function inflatesWithin(compressed: Buffer, limit: number): Promise<boolean> {
  const inflate = Readable.from([compressed]).pipe(createInflateRaw());
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) return false;
    }
  } finally {
    inflate.destroy();
  }
  return true;
}

/**
 * Checks an uploaded zip (an .xlsx is one) before anything reads it: the number of entries and their inflated size
 * as the directory declares them, then, since a forged directory can understate them, each entry inflated as a
 * stream into nothing and stopped at its declared size. A few kilobytes of a zip bomb cost nothing here; a file
 * that passes can be read in full without exceeding `maxBytes`.
 */
export async function checkZip(data: Buffer, limits: ZipLimits): Promise<ZipVerdict> {
  const entries = centralDirectory(data, limits.maxEntries);
  if (!Array.isArray(entries)) return entries;
  if (entries.reduce((sum, e) => sum + e.size, 0) > limits.maxBytes) return 'tooLarge';
  for (const e of entries) {
    const at = e.localOffset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) return 'notZip';
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const body = data.subarray(start, start + e.compressedSize);
    if (e.method === 0) {
      if (e.compressedSize !== e.size) return 'notZip';
    } else if (e.method === 8) {
      if (!(await inflatesWithin(body, e.size))) return 'tooLarge';
    } else {
      return 'notZip';
    }
  }
  return 'ok';
}
