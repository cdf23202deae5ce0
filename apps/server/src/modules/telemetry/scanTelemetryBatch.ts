import { DEVICE_LIMITS } from '@solarops/contracts';
import { ARRAYS, SCALARS } from './checkReading.ts';
import { CELL_FIELDS } from './readingLines.ts';

/**
 * The fast path of the ingest: reads a telemetry batch's JSON text once, checks it by the contract's rules and
 * writes each reading's cells (readingLines.ts) from the numbers' own text, without building the parsed objects
 * and without turning numbers back into text. `JSON.parse`, the objects it leaves for the garbage collector, and
 * number-to-text conversion were most of the server's time per reading.
 *
 * It takes only the batches it is sure of and answers undefined for anything else, which then goes the generic
 * way (`JSON.parse`, the hand-written check, zod for messages): a refused reading, an unknown or repeated key,
 * `null`, escapes in strings, whitespace inside an array, exponents, more than 15 digits, `-0`, a fraction in an
 * integer field, malformed JSON. What it takes, it takes exactly as the generic path would: the same readings
 * with the same values. A number of at most 15 digits has one decimal value, which its text and the generic
 * path's `String(number)` both name, so PostgreSQL reads the same value from either. `scanTelemetryBatch.unit.test.ts`
 * compares the two paths over generated and mutated payloads.
 */

/** A reading the scanner accepted: what the ingest needs of it, and where it stands in the batch text. */
export interface ScannedReading {
  sn: string;
  ts: number;
  faultCode: number | undefined;
  /** Measurement cells, tab-separated in CELL_FIELDS order. */
  cells: string;
  /** The reading's JSON is `text.slice(start, end)` (quarantined readings keep it). */
  start: number;
  end: number;
}

export interface ScannedBatch {
  seq: number;
  sentAt: number | undefined;
  readings: ScannedReading[];
}

interface Field {
  name: string;
  /** Index of its cell; -1 for sn and ts. */
  cell: number;
  bit: number;
  kind: 'sn' | 'ts' | 'scalar' | 'array';
  min: number;
  max: number;
  int: boolean;
  minLength: number;
  maxLength: number;
}

const FIELDS: Field[] = [
  { name: 'sn', cell: -1, kind: 'sn', min: 0, max: 0, int: false, minLength: 0, maxLength: 0, bit: 0 },
  {
    name: 'ts',
    cell: -1,
    kind: 'ts',
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    int: true,
    minLength: 0,
    maxLength: 0,
    bit: 0,
  },
  ...SCALARS.map(([name, min, max, int]) => ({
    name,
    cell: CELL_FIELDS.indexOf(name as (typeof CELL_FIELDS)[number]),
    kind: 'scalar' as const,
    min,
    max,
    int,
    minLength: 0,
    maxLength: 0,
    bit: 0,
  })),
  ...ARRAYS.map(([name, [min, max], minLength, maxLength]) => ({
    name,
    cell: CELL_FIELDS.indexOf(name as (typeof CELL_FIELDS)[number]),
    kind: 'array' as const,
    min,
    max,
    int: false,
    minLength,
    maxLength,
    bit: 0,
  })),
];
FIELDS.forEach((f, i) => (f.bit = 1 << i));
if (FIELDS.some((f) => f.kind !== 'sn' && f.kind !== 'ts' && f.cell < 0) || FIELDS.length > 30)
  throw new Error('every checked field needs its cell');
/** Fields by the length of their name: a key is matched in place, without slicing it out. */
const BY_LENGTH: Field[][] = [];
for (const f of FIELDS) (BY_LENGTH[f.name.length] ??= []).push(f);
const SN_BIT = FIELDS[0]!.bit;
const TS_BIT = FIELDS[1]!.bit;

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

// The scanner's state: one batch at a time, on one thread.
let src = '';
let pos = 0;
let num = 0;
let numIntegral = false;
let numStart = 0;

const isWs = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isDigit = (c: number) => c >= 48 && c <= 57;

function skipWs(): void {
  while (isWs(src.charCodeAt(pos))) pos++;
}

/** Expects `ch` after optional whitespace; false (and the batch goes the generic way) when it is not there. */
function expect(ch: number): boolean {
  skipWs();
  if (src.charCodeAt(pos) !== ch) return false;
  pos++;
  return true;
}

/**
 * Reads a JSON number of at most 15 digits without exponent into `num` (exactly the value `JSON.parse` gives: an
 * integer below 10^15 divided by a power of ten is correctly rounded, as the parse is). `numIntegral` says it had
 * no fraction part.
 */
function readNumber(): boolean {
  numStart = pos;
  let negative = false;
  if (src.charCodeAt(pos) === 45) {
    negative = true;
    pos++;
  }
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  let c = src.charCodeAt(pos);
  if (c === 48) {
    pos++;
    if (isDigit(src.charCodeAt(pos))) return false; // a leading zero: not JSON
  } else if (c >= 49 && c <= 57) {
    do {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      c = src.charCodeAt(++pos);
    } while (isDigit(c));
  } else return false;
  if (src.charCodeAt(pos) === 46) {
    c = src.charCodeAt(++pos);
    if (!isDigit(c)) return false;
    do {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      fraction++;
      c = src.charCodeAt(++pos);
    } while (isDigit(c));
  }
  c = src.charCodeAt(pos);
  if (c === 101 || c === 69 || digits > 15) return false;
  num = fraction === 0 ? mantissa : mantissa / POW10[fraction]!;
  if (negative) {
    if (num === 0) return false; // -0: stored as 0 by the generic path
    num = -num;
  }
  numIntegral = fraction === 0;
  return true;
}

const inRange = (f: Field) => num >= f.min && num <= f.max && (!f.int || numIntegral);

/** Reads a key in quotes at `pos` (after whitespace) and answers its field, or undefined. */
function readKey(): Field | undefined {
  skipWs();
  if (src.charCodeAt(pos) !== 34) return undefined;
  const start = pos + 1;
  const close = src.indexOf('"', start);
  if (close < 0) return undefined;
  const candidates = BY_LENGTH[close - start];
  if (!candidates) return undefined;
  for (const f of candidates) {
    if (src.startsWith(f.name, start)) {
      pos = close + 1;
      return expect(58) ? f : undefined;
    }
  }
  return undefined;
}

/** A serial in quotes: 4 to 32 of [A-Za-z0-9_-] (the contract's `serialNumber`). */
function readSerial(): string | undefined {
  if (src.charCodeAt(pos) !== 34) return undefined;
  const start = ++pos;
  for (;;) {
    const c = src.charCodeAt(pos);
    if (c === 34) break;
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45))
      return undefined;
    pos++;
  }
  const length = pos - start;
  pos++;
  return length >= 4 && length <= 32 ? src.slice(start, pos - 1) : undefined;
}

/** An array of numbers in range, without whitespace inside: its cell is the array literal `{...}`. */
function readArray(f: Field): string | undefined {
  if (src.charCodeAt(pos) !== 91) return undefined;
  const open = pos++;
  let count = 0;
  if (src.charCodeAt(pos) === 93) {
    pos++;
  } else {
    for (;;) {
      if (!readNumber() || !inRange(f)) return undefined;
      count++;
      const c = src.charCodeAt(pos++);
      if (c === 93) break;
      if (c !== 44) return undefined;
    }
  }
  if (count < f.minLength || count > f.maxLength) return undefined;
  // An empty array is no measurement: NULL, as the generic path writes it.
  return count === 0 ? '' : `{${src.slice(open + 1, pos - 1)}}`;
}

const cells: string[] = new Array<string>(CELL_FIELDS.length).fill('');

function readReading(out: ScannedReading[]): boolean {
  skipWs();
  const start = pos;
  if (src.charCodeAt(pos) !== 123) return false;
  pos++;
  cells.fill('');
  let seen = 0;
  let sn: string | undefined;
  let ts = 0;
  let faultCode: number | undefined;
  skipWs();
  if (src.charCodeAt(pos) === 125) return false; // {} lacks sn and ts
  for (;;) {
    const f = readKey();
    if (!f || seen & f.bit) return false;
    seen |= f.bit;
    skipWs();
    if (f.kind === 'sn') {
      sn = readSerial();
      if (sn === undefined) return false;
    } else if (f.kind === 'array') {
      const cell = readArray(f);
      if (cell === undefined) return false;
      cells[f.cell] = cell;
    } else {
      if (!readNumber() || !inRange(f)) return false;
      if (f.kind === 'ts') ts = num;
      else {
        cells[f.cell] = src.slice(numStart, pos);
        if (f.name === 'faultCode') faultCode = num;
      }
    }
    skipWs();
    const c = src.charCodeAt(pos++);
    if (c === 125) break;
    if (c !== 44) return false;
  }
  if (!(seen & SN_BIT) || !(seen & TS_BIT)) return false;
  out.push({ sn: sn!, ts, faultCode, cells: cells.join('\t'), start, end: pos });
  return true;
}

/** A telemetry batch read and checked from its JSON text, or undefined for the generic path (see above). */
export function scanTelemetryBatch(text: string): ScannedBatch | undefined {
  src = text;
  pos = 0;
  try {
    if (!expect(123)) return undefined;
    let seq: number | undefined;
    let sentAt: number | undefined;
    let readings: ScannedReading[] | undefined;
    for (;;) {
      skipWs();
      if (src.charCodeAt(pos) !== 34) return undefined;
      const close = src.indexOf('"', pos + 1);
      if (close < 0) return undefined;
      const key = src.slice(pos + 1, close);
      pos = close + 1;
      if (!expect(58)) return undefined;
      skipWs();
      if (key === 'seq' && seq === undefined) {
        if (!readNumber() || !numIntegral || num < 0 || num > 2 ** 32 - 1) return undefined;
        seq = num;
      } else if (key === 'sentAt' && sentAt === undefined) {
        if (!readNumber() || !numIntegral || num < 0) return undefined;
        sentAt = num;
      } else if (key === 'readings' && readings === undefined) {
        if (src.charCodeAt(pos++) !== 91) return undefined;
        readings = [];
        for (;;) {
          if (!readReading(readings)) return undefined;
          skipWs();
          const c = src.charCodeAt(pos++);
          if (c === 93) break;
          if (c !== 44) return undefined;
        }
        if (readings.length > DEVICE_LIMITS.maxReadingsPerBatch) return undefined;
      } else return undefined;
      skipWs();
      const c = src.charCodeAt(pos++);
      if (c === 125) break;
      if (c !== 44) return undefined;
    }
    skipWs();
    if (pos !== src.length || seq === undefined || readings === undefined) return undefined;
    return { seq, sentAt, readings };
  } finally {
    src = '';
  }
}
