/**
 * Shared assertions for the physics tests, mirroring numpy's assert_allclose and assert_almost_equal so
 * that the tolerances quoted from the reference test suite mean the same thing here.
 */
import { expect } from 'vitest';

/** |actual − expected| ≤ atol + rtol·|expected|; NaN equals NaN. Defaults are numpy's (rtol 1e-7, atol 0). */
export function expectAllClose(actual: number, expected: number, rtol = 1e-7, atol = 0): void {
  if (Number.isNaN(expected)) {
    expect(actual).toBeNaN();
    return;
  }
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(atol + rtol * Math.abs(expected));
}
