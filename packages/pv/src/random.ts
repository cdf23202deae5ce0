/**
 * Small deterministic random numbers for simulation and synthetic test sets.
 *
 * mulberry32 (Tommy Ettinger, public domain) is a 32-bit generator with a full 2³² period, good enough
 * for simulated weather and faults and fast in JavaScript. `hashInts` mixes integers into a seed with
 * the murmur3 finaliser, so that a value can be drawn for any (seed, device, step) without replaying
 * a sequence: that is what makes readings a pure function of the time and lets us backfill in any order.
 */

/** A generator of uniform numbers in [0, 1). */
export type Rng = () => number;

/**
 * Seeded mulberry32 generator.
 *
 * @param seed - 32-bit seed [unitless]
 * @returns generator of uniform values in [0, 1)
 */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fmix32(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * Mixes integers into one 32-bit hash (murmur3-style combine and finalise).
 *
 * @param values - Integers to mix; non-integers are truncated [unitless]
 * @returns 32-bit unsigned hash [unitless]
 */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    // Split into two 32-bit halves so that large step indices and millisecond times both mix fully.
    const lo = v | 0;
    const hi = Math.floor(v / 4294967296) | 0;
    h = fmix32(h ^ lo) + 0x632be5ab;
    h = fmix32(h ^ hi);
  }
  return h >>> 0;
}

/**
 * Uniform value in [0, 1) for a tuple of integers, without state.
 *
 * @param values - Seed and coordinates (device index, step, …) [unitless]
 * @returns uniform value [unitless]
 */
export function uniformAt(...values: number[]): number {
  return hashInts(...values) / 4294967296;
}

/**
 * 32-bit hash of a string (FNV-1a), to derive seeds from serial numbers.
 *
 * @param text - Any string
 * @returns 32-bit unsigned hash [unitless]
 */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/**
 * Standard normal value from two uniforms (Box–Muller).
 *
 * @param u1 - Uniform in [0, 1) [unitless]
 * @param u2 - Uniform in [0, 1) [unitless]
 * @returns standard normal value [unitless]
 */
export function gaussian(u1: number, u2: number): number {
  return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
}
