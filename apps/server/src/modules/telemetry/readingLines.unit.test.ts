import { describe, expect, it } from 'vitest';
import { MAX_LINE_PREFIX, lineOf, linesOf, timeCells, writeLine } from './readingLines.ts';

const devices = [
  { id: 1, plantId: 1 },
  { id: 9, plantId: 10 },
  { id: 123_456, plantId: 7 },
  { id: 2_147_483_647, plantId: 2_147_483_647 },
];
const cells = ['4012\t12.5\t\t\t{230.1,229.8}', '', '\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t'];

describe('reading lines as bytes', () => {
  it('writes the same line as the text form, for every device id and cell content', () => {
    const tsIso = '2026-11-22T03:15:00.000Z';
    const receivedIso = '2026-11-22T03:15:02.345Z';
    const times = timeCells(tsIso, receivedIso);
    const expected: string[] = [];
    const cellBytes = Buffer.from(cells.join(''), 'latin1');
    const out = Buffer.alloc(cellBytes.length + devices.length * cells.length * (MAX_LINE_PREFIX + 1));
    let at = 0;
    for (const d of devices) {
      let from = 0;
      for (const c of cells) {
        at = writeLine(out, at, d, times, cellBytes, from, from + c.length);
        from += c.length;
        expected.push(lineOf(d, tsIso, receivedIso, c));
      }
    }
    const lines = out.subarray(0, at);
    expect(lines.toString('latin1')).toBe(expected.map((l) => `${l}\n`).join(''));
    expect(linesOf(lines)).toEqual(expected);
    expect(linesOf(Buffer.alloc(0))).toEqual([]);
  });
});
