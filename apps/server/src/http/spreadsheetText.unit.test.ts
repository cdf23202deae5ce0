import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheetText.ts';

describe('text written to an export', () => {
  it('starts with an apostrophe when a spreadsheet would read it as a formula', () => {
    for (const formula of ['=1+1', '+cmd|x', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x")'])
      expect(spreadsheetText(formula), JSON.stringify(formula)).toBe(`'${formula}`);
  });
  it('keeps other text, lone signs and numbers written as text as they are', () => {
    for (const plain of ['Lobby', 'a=b', '-', '+', '-12.5', '+3 %', '-7%', '', '电站 1'])
      expect(spreadsheetText(plain), JSON.stringify(plain)).toBe(plain);
  });
});
