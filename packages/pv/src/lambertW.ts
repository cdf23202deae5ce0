/**
 * Principal branch W0 of the Lambert W function, w·e^w = x.
 *
 * Corless, R. M. et al. (1996), "On the Lambert W function", Advances in Computational Mathematics 5,
 * 329–359, doi:10.1007/BF02124750; Halley iteration (their eq. 5.9) from a series or logarithmic start.
 */

/**
 * W0(x) for x ≥ −1/e.
 *
 * @param x - Argument [unitless]
 * @returns W0(x), NaN for x < −1/e [unitless]
 */
export function lambertW(x: number): number {
  if (Number.isNaN(x) || x < -1 / Math.E) return NaN;
  if (x === 0) return 0;
  if (x === Infinity) return Infinity;
  // Start: branch-point series near −1/e, log asymptote for large x, else log1p.
  let w: number;
  if (x < -0.3) {
    const p = Math.sqrt(2 * (Math.E * x + 1));
    w = -1 + p - (p * p) / 3;
  } else if (x > 3) {
    const l1 = Math.log(x);
    w = l1 - Math.log(l1);
  } else {
    w = Math.log1p(x);
  }
  for (let i = 0; i < 50; i++) {
    const ew = Math.exp(w);
    const f = w * ew - x;
    const wp1 = w + 1;
    const dw = f / (ew * wp1 - ((w + 2) * f) / (2 * wp1));
    w -= dw;
    if (Math.abs(dw) <= 1e-15 * (1 + Math.abs(w))) break;
  }
  return w;
}

/**
 * W0(e^y), for arguments too large to form: solves w + ln w = y by Newton's method.
 *
 * @param y - Natural logarithm of the argument [unitless]
 * @returns W0(exp(y)) [unitless]
 */
export function lambertWOfExp(y: number): number {
  if (Number.isNaN(y)) return NaN;
  if (y < 500) return lambertW(Math.exp(y));
  let w = y - Math.log(y);
  for (let i = 0; i < 50; i++) {
    const dw = ((w + Math.log(w) - y) * w) / (w + 1);
    w -= dw;
    if (Math.abs(dw) <= 1e-15 * w) break;
  }
  return w;
}
