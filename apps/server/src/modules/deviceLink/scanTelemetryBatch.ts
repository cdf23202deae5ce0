import { DEVICE_LIMITS } from '@solarops/contracts';
import { ARRAYS, SCALARS } from './checkReading.ts';
import { CELL_FIELDS } from '../telemetry/readingLines.ts';

/**
 * The fast path of the ingest: reads a telemetry batch's JSON bytes once, checks them by the contract's rules and
 * copies each reading's cells (readingLines.ts) from the numbers' own text into one buffer, without building the
 * parsed objects, without turning numbers back into text and without a string per value. `JSON.parse`, the
 * objects and strings it leaves for the garbage collector, and number-to-text conversion were most of the
 * server's time per reading.
 *
 * It takes only the batches it is sure of and answers undefined for anything else, which then goes the generic
 * way (`JSON.parse`, the hand-written check, zod for messages): a refused reading, an unknown or repeated key,
 * `null`, escapes in strings, whitespace inside an array, exponents, more than 15 digits, `-0`, a fraction in an
 * integer field, malformed JSON. What it takes, it takes exactly as the generic path would: the same readings
 * with the same values. A number of at most 15 digits has one decimal value, which its text and the generic
 * path's `String(number)` both name, so PostgreSQL reads the same value from either. `scanTelemetryBatch.unit.test.ts`
 * compares the two paths over generated and mutated payloads.
 */

/** A reading the scanner accepted: what the ingest needs of it, and where it stands in the batch. */
export interface ScannedReading {
  sn: string;
  ts: number;
  faultCode: number | undefined;
  /** Its measurement cells, tab-separated in CELL_FIELDS order, are the batch's `cells[cellStart, cellEnd)`. */
  cellStart: number;
  cellEnd: number;
  /** The reading's JSON is the payload's bytes `[start, end)` (quarantined readings keep it). */
  start: number;
  end: number;
}

export interface ScannedBatch {
  seq: number;
  sentAt: number | undefined;
  readings: ScannedReading[];
  /**
   * The readings' cells, one after the other (ASCII: numbers and array literals). Valid until the next scan: the
   * buffer is reused.
   */
  cells: Buffer;
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
  /** The name as bytes, to match keys in place. */
  nameBytes: Uint8Array;
  /** The key that came after this one last time. */
  next: Field | undefined;
}

/** A place in a reading's keys: the start or a field, with the key that followed it last time. */
type KeyOrder = Pick<Field, 'next'>;
const READING_START: KeyOrder = { next: undefined };

/** A field with what every field has; `bit` and `nameBytes` follow from its place and name. */
const field = (
  f: Omit<Field, 'bit' | 'nameBytes' | 'minLength' | 'maxLength' | 'next'> & Partial<Field>,
): Field => ({
  minLength: 0,
  maxLength: 0,
  ...f,
  bit: 0,
  nameBytes: Buffer.from(f.name, 'latin1'),
  next: undefined,
});
const cellOf = (name: string) => CELL_FIELDS.indexOf(name as (typeof CELL_FIELDS)[number]);

const FIELDS: Field[] = [
  field({ name: 'sn', cell: -1, kind: 'sn', min: 0, max: 0, int: false }),
  field({ name: 'ts', cell: -1, kind: 'ts', min: 0, max: DEVICE_LIMITS.maxTimestampMs, int: true }),
  ...SCALARS.map(([name, min, max, int]) =>
    field({ name, cell: cellOf(name), kind: 'scalar', min, max, int }),
  ),
  ...ARRAYS.map(([name, [min, max], minLength, maxLength]) =>
    field({ name, cell: cellOf(name), kind: 'array', min, max, int: false, minLength, maxLength }),
  ),
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
const SEQ = Buffer.from('seq');
const SENT_AT = Buffer.from('sentAt');
const READINGS = Buffer.from('readings');

// The scanner's state: one batch at a time, on one thread.
const EMPTY: Buffer = Buffer.alloc(0);
let src = EMPTY;
let pos = 0;
/** The number readNumber read last, in a typed array: a double in a module variable is boxed at every store. */
const parsed = new Float64Array(1);
let numIntegral = false;
let numStart = 0;
/** Where each cell of the current reading stands in `src` ([start, end); start -1: absent), and arrays. */
const cellStart = new Int32Array(CELL_FIELDS.length);
const cellEnd = new Int32Array(CELL_FIELDS.length);
const cellIsArray = new Uint8Array(CELL_FIELDS.length);
/**
 * Where the cells go: one buffer, reused from batch to batch (the ingest copies a batch's cells into its lines
 * before it reads the next batch). A buffer per batch made V8 count its size against the memory outside its
 * heap, and that count started a full collection every few dozen megabytes.
 */
let out = EMPTY;
let outPos = 0;

const TAB = 9;
const isWs = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** The byte at `at`, or -1 past the end (as `charCodeAt` answers NaN there, no test of it passes). */
const at = (i: number) => (i < src.length ? src[i]! : -1);

function skipWs(): void {
  while (isWs(at(pos))) pos++;
}

/** Expects `ch` after optional whitespace; false (and the batch goes the generic way) when it is not there. */
function expect(ch: number): boolean {
  skipWs();
  if (at(pos) !== ch) return false;
  pos++;
  return true;
}

/**
 * Reads a JSON number of at most 15 digits without exponent into `parsed[0]` (exactly the value `JSON.parse`
 * gives: an integer below 10^15 divided by a power of ten is correctly rounded, as the parse is). `numIntegral`
 * says it had no fraction part.
 */
function readNumber(): boolean {
  numStart = pos;
  let negative = false;
  if (at(pos) === 45) {
    negative = true;
    pos++;
  }
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  let c = at(pos);
  if (c === 48) {
    pos++;
    if (isDigit(at(pos))) return false; // a leading zero: not JSON
  } else if (c >= 49 && c <= 57) {
    do {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      c = at(++pos);
    } while (isDigit(c));
  } else return false;
  if (at(pos) === 46) {
    c = at(++pos);
    if (!isDigit(c)) return false;
    do {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      fraction++;
      c = at(++pos);
    } while (isDigit(c));
  }
  c = at(pos);
  if (c === 101 || c === 69 || digits > 15) return false;
  const value = fraction === 0 ? mantissa : mantissa / POW10[fraction]!;
  if (negative && value === 0) return false; // -0: stored as 0 by the generic path
  parsed[0] = negative ? -value : value;
  numIntegral = fraction === 0;
  return true;
}

const inRange = (f: Field) => parsed[0]! >= f.min && parsed[0]! <= f.max && (!f.int || numIntegral);

/** `src[start, start + name.length)` equals `name`. */
function bytesEqual(start: number, name: Uint8Array): boolean {
  for (let i = 0; i < name.length; i++) if (src[start + i] !== name[i]) return false;
  return true;
}

/** The position of the next quote from `from`, or -1 (a loop: `indexOf` costs more for keys this short). */
function nextQuote(from: number): number {
  for (let i = from; i < src.length; i++) if (src[i] === 34) return i;
  return -1;
}

/**
 * Reads a key in quotes at `pos` (after whitespace) and answers its field, or undefined. A device sends its
 * fields in the same order every time, so the key that followed `previous` last time is tried first: one pass
 * over its bytes instead of finding the closing quote and comparing the candidates of that length.
 */
function readKey(previous: KeyOrder): Field | undefined {
  skipWs();
  if (at(pos) !== 34) return undefined;
  const start = pos + 1;
  const guess = previous.next;
  if (guess) {
    const close = start + guess.nameBytes.length;
    if (at(close) === 34 && bytesEqual(start, guess.nameBytes)) {
      pos = close + 1;
      return expect(58) ? guess : undefined;
    }
  }
  const f = matchKey(start);
  if (f) previous.next = f;
  return f;
}

/** readKey without a guess, or when the guess was wrong. */
function matchKey(start: number): Field | undefined {
  const close = nextQuote(start);
  if (close < 0) return undefined;
  const candidates = BY_LENGTH[close - start];
  if (!candidates) return undefined;
  for (const f of candidates) {
    if (bytesEqual(start, f.nameBytes)) {
      pos = close + 1;
      return expect(58) ? f : undefined;
    }
  }
  return undefined;
}

/** A serial in quotes: 4 to 32 of [A-Za-z0-9_-] (the contract's `serialNumber`). */
function readSerial(): string | undefined {
  if (at(pos) !== 34) return undefined;
  const start = ++pos;
  for (;;) {
    const c = at(pos);
    if (c === 34) break;
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45))
      return undefined;
    pos++;
  }
  const length = pos - start;
  pos++;
  return length >= 4 && length <= 32 ? src.toString('latin1', start, pos - 1) : undefined;
}

/**
 * An array of numbers in range, without whitespace inside: its cell is the array literal, the JSON's text with
 * braces for the brackets. Answers false for anything else.
 */
function readArray(f: Field): boolean {
  if (at(pos) !== 91) return false;
  const open = pos++;
  let count = 0;
  if (at(pos) === 93) {
    pos++;
  } else {
    for (;;) {
      if (!readNumber() || !inRange(f)) return false;
      count++;
      const c = at(pos++);
      if (c === 93) break;
      if (c !== 44) return false;
    }
  }
  if (count < f.minLength || count > f.maxLength) return false;
  // An empty array is no measurement: NULL, as the generic path writes it.
  if (count > 0) {
    cellStart[f.cell] = open;
    cellEnd[f.cell] = pos;
    cellIsArray[f.cell] = 1;
  }
  return true;
}

/** Appends the current reading's cells to `out`, in CELL_FIELDS order, tab-separated. */
function writeCells(): void {
  for (let i = 0; i < cellStart.length; i++) {
    if (i > 0) out[outPos++] = TAB;
    const start = cellStart[i]!;
    if (start < 0) continue;
    const end = cellEnd[i]!;
    if (cellIsArray[i]) {
      out[outPos++] = 123; // {
      for (let j = start + 1; j < end - 1; j++) out[outPos++] = src[j]!;
      out[outPos++] = 125; // }
    } else for (let j = start; j < end; j++) out[outPos++] = src[j]!;
  }
}

function readReading(readings: ScannedReading[]): boolean {
  skipWs();
  const start = pos;
  if (at(pos) !== 123) return false;
  pos++;
  cellStart.fill(-1);
  cellIsArray.fill(0);
  let seen = 0;
  let sn: string | undefined;
  let ts = 0;
  let faultCode: number | undefined;
  skipWs();
  if (at(pos) === 125) return false; // {} lacks sn and ts
  let previous: KeyOrder = READING_START;
  for (;;) {
    const f = readKey(previous);
    if (!f || seen & f.bit) return false;
    previous = f;
    seen |= f.bit;
    skipWs();
    if (f.kind === 'sn') {
      sn = readSerial();
      if (sn === undefined) return false;
    } else if (f.kind === 'array') {
      if (!readArray(f)) return false;
    } else {
      if (!readNumber() || !inRange(f)) return false;
      if (f.kind === 'ts') ts = parsed[0]!;
      else {
        cellStart[f.cell] = numStart;
        cellEnd[f.cell] = pos;
        if (f.name === 'faultCode') faultCode = parsed[0]!;
      }
    }
    skipWs();
    const c = at(pos++);
    if (c === 125) break;
    if (c !== 44) return false;
  }
  if (!(seen & SN_BIT) || !(seen & TS_BIT)) return false;
  const cellsFrom = outPos;
  writeCells();
  readings.push({ sn: sn!, ts, faultCode, cellStart: cellsFrom, cellEnd: outPos, start, end: pos });
  return true;
}

/** Reads the envelope's key at `pos` (in quotes, then a colon) and answers it, or undefined. */
function readEnvelopeKey(): Buffer | undefined {
  skipWs();
  if (at(pos) !== 34) return undefined;
  const close = nextQuote(pos + 1);
  if (close < 0) return undefined;
  const length = close - pos - 1;
  const key = [SEQ, SENT_AT, READINGS].find((k) => k.length === length && bytesEqual(pos + 1, k));
  pos = close + 1;
  return key && expect(58) ? key : undefined;
}

/**
 * A telemetry batch read and checked from its JSON (UTF-8 bytes), or undefined for the generic path (see above).
 * A reading's cells take no more bytes than its JSON, so the payload's length bounds them.
 */
export function scanTelemetryBatch(payload: Buffer): ScannedBatch | undefined {
  src = payload;
  pos = 0;
  if (out.length < payload.length) out = Buffer.allocUnsafeSlow(Math.max(payload.length, 64 * 1024));
  outPos = 0;
  try {
    if (!expect(123)) return undefined;
    let seq: number | undefined;
    let sentAt: number | undefined;
    let readings: ScannedReading[] | undefined;
    for (;;) {
      const key = readEnvelopeKey();
      if (!key) return undefined;
      skipWs();
      if (key === SEQ && seq === undefined) {
        if (!readNumber() || !numIntegral || parsed[0]! < 0 || parsed[0]! > 2 ** 32 - 1) return undefined;
        seq = parsed[0]!;
      } else if (key === SENT_AT && sentAt === undefined) {
        if (!readNumber() || !numIntegral || parsed[0]! < 0) return undefined;
        sentAt = parsed[0]!;
      } else if (key === READINGS && readings === undefined) {
        if (at(pos++) !== 91) return undefined;
        readings = [];
        for (;;) {
          if (!readReading(readings)) return undefined;
          skipWs();
          const c = at(pos++);
          if (c === 93) break;
          if (c !== 44) return undefined;
        }
        if (readings.length > DEVICE_LIMITS.maxReadingsPerBatch) return undefined;
      } else return undefined;
      skipWs();
      const c = at(pos++);
      if (c === 125) break;
      if (c !== 44) return undefined;
    }
    skipWs();
    if (pos !== src.length || seq === undefined || readings === undefined) return undefined;
    return { seq, sentAt, readings, cells: out.subarray(0, outPos) };
  } finally {
    src = EMPTY;
  }
}
