import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  MAX_LINE_PREFIX,
  lineOf,
  linesOf,
  selectLineRefs,
  selectLines,
  timeCells,
  writeLine,
} from './readingLines.ts';

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

  it('selects lines referred to inside a buffer as it selects them from strings', () => {
    const dialect = new PgDialect();
    const text = ['1\t2\ta', '3\t4\tb', '5\t6\tc'];
    const buffer = Buffer.from(text.map((l) => `${l}\n`).join(''), 'latin1');
    const refs = [
      { lines: buffer, start: 6, end: 11 },
      { lines: buffer, start: 0, end: 5 },
    ];
    expect(dialect.sqlToQuery(selectLineRefs(refs))).toEqual(
      dialect.sqlToQuery(selectLines([text[1]!, text[0]!])),
    );
    expect(dialect.sqlToQuery(selectLineRefs([]))).toEqual(dialect.sqlToQuery(selectLines([])));
  });
});
