import { describe, expect, it } from 'vitest';
import { parseTracerCsv } from './parseTracerCsv.ts';

describe('parseTracerCsv', () => {
  it('reads voltage and current per line, skipping a header, with commas, semicolons or tabs', () => {
    expect(parseTracerCsv('Voltage (V),Current (A)\n0,10.2\r\n12.5;10.1\n25\t9.8\n')).toEqual({
      points: [
        [0, 10.2],
        [12.5, 10.1],
        [25, 9.8],
      ],
    });
  });

  it('names the first line that starts as a point but is not one', () => {
    expect(parseTracerCsv('V,A\n0,10\n5,abc\n')).toEqual({ badLine: 3 });
  });
});
