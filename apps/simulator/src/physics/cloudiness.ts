/**
 * Seeded, temporally correlated cloud process.
 *
 * The clear-sky index kc = ghi / ghi_clear is modelled as a function of time only (no state), so any
 * instant can be evaluated directly and consecutive 5-minute readings are smooth:
 *
 * - a daily regime (clear, broken, overcast) drawn per UTC day and blended across days with a smooth
 *   step, so mornings do not jump;
 * - value noise (random values at knots, cosine-interpolated) at 3 h, 40 min and 12 min scales, whose
 *   amplitude grows with the regime's cloudiness: clear days are nearly flat, broken days fluctuate.
 *
 * The construction follows the idea of stochastic clear-sky-index generators (e.g. Bright, J. M., Smith,
 * C. J., Taylor, P. G. and Crook, R. (2015), "Stochastic generation of synthetic minutely irradiance time
 * series derived from mean hourly weather observation data", Solar Energy 115, 229–242,
 * doi:10.1016/j.solener.2015.02.032), much simplified: no Markov chain, correlation by interpolation.
 */
import { uniformAt } from './random.ts';

const DAY_MS = 86_400_000;

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/** Value noise in [0, 1): random knots every `periodMs`, cosine-interpolated. */
function valueNoise(seed: number, layer: number, timeMs: number, periodMs: number): number {
  const x = timeMs / periodMs;
  const k = Math.floor(x);
  const f = x - k;
  const a = uniformAt(seed, layer, k);
  const b = uniformAt(seed, layer, k + 1);
  const w = (1 - Math.cos(Math.PI * f)) / 2;
  return a + (b - a) * w;
}

/** Daily cloudiness regime c in [0, 1]: 0 clear, 1 overcast (mostly clear days, as in sunny climates). */
function dailyRegime(seed: number, day: number, clearBias: number): number {
  const u = uniformAt(seed, 7, day);
  // Skewed towards clear when clearBias > 0: u^(1 + clearBias) keeps most days low; below 0 most days are cloudy.
  return u ** (1 + clearBias);
}

/**
 * The day's cloudiness regime (what {@link cloudinessAt} varies around on that day), for daily totals.
 *
 * @param seed - Plant cloud seed [unitless]
 * @param utcDay - Days since 1970-01-01 (UTC) [day]
 * @param clearBias - Climate dryness, −0.9 (cloudiest) .. 3 (desert) [unitless]; default 1.2
 * @returns cloudiness [unitless], 0..1
 */
export function dailyCloudiness(seed: number, utcDay: number, clearBias = 1.2): number {
  return dailyRegime(seed, utcDay, clearBias);
}

/**
 * Cloudiness at an instant: 0 clear, 1 fully overcast.
 *
 * @param seed - Plant cloud seed [unitless]
 * @param timeMs - Instant, epoch milliseconds [ms]
 * @param clearBias - Climate dryness, −0.9 (cloudiest) .. 3 (desert) [unitless]; default 1.2
 * @returns cloudiness [unitless], 0..1
 */
export function cloudinessAt(seed: number, timeMs: number, clearBias = 1.2): number {
  const dayF = timeMs / DAY_MS;
  const day = Math.floor(dayF);
  const frac = dayF - day;
  // Blend from yesterday's to today's regime over the first six hours of the UTC day.
  const blend = smooth(Math.min(frac / 0.25, 1));
  const regime =
    dailyRegime(seed, day - 1, clearBias) * (1 - blend) + dailyRegime(seed, day, clearBias) * blend;
  const slow = valueNoise(seed, 1, timeMs, 3 * 3_600_000);
  const mid = valueNoise(seed, 2, timeMs, 40 * 60_000);
  const fast = valueNoise(seed, 3, timeMs, 12 * 60_000);
  const texture = 0.5 * slow + 0.33 * mid + 0.17 * fast; // 0..1, mean 0.5
  // Broken clouds fluctuate most (regime around 0.5), clear and overcast days are steadier.
  const amplitude = 0.15 + 0.7 * Math.sin(Math.PI * regime);
  const c = regime + amplitude * (texture - 0.5);
  return Math.min(Math.max(c, 0), 1);
}

/**
 * Clear-sky index from cloudiness: kc = 1 − 0.75 · c^1.5 (Kasten & Czeplak-like attenuation: overcast
 * skies keep about a quarter of the clear-sky GHI), with a small cloud-edge enhancement when broken.
 *
 * @param cloudiness - Cloudiness 0..1 [unitless]
 * @returns clearsky_index [unitless]
 */
export function clearSkyIndexFromCloudiness(cloudiness: number): number {
  const edge = 0.04 * Math.sin(Math.PI * Math.min(cloudiness * 2.5, 1)) * (cloudiness < 0.4 ? 1 : 0);
  return 1 - 0.75 * cloudiness ** 1.5 + edge;
}
