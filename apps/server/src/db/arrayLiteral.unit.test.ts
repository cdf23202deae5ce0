import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './arrayLiteral.ts';

describe('array literals', () => {
  it('writes numbers, plain tokens and nulls as PostgreSQL reads them', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral([1, -2, 3.5])).toBe('{1,-2,3.5}');
    expect(arrayLiteral(['2026-11-22', '2026-11-22T03:15:00.000Z', 'c:17'])).toBe(
      '{2026-11-22,2026-11-22T03:15:00.000Z,c:17}',
    );
    expect(arrayLiteral([1, null, 3])).toBe('{1,NULL,3}');
  });
});
