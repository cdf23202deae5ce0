/**
 * Sunrise, sunset and sun transit by the NREL SPA appendix A.2.
 *
 * Reda, I. and Andreas, A. (2008), NREL/TP-560-34302, appendix A.2, doi:10.2172/15003974. The
 * geocentric right ascension and declination at 0 TT of the day before, the day and the day after are
 * interpolated; the sun is up when its centre is at h0' = −0.8333° (refraction and semi-diameter).
 */
import { geocentric, julianDay } from './solarPosition.ts';
import type { TimeInput } from './solarPosition.ts';

const DEG = Math.PI / 180;
const MS_PER_DAY = 86_400_000;
/** Sun's apparent elevation at rise and set (refraction 0.5667° + semi-diameter 0.26667°). */
const H0_PRIME = -0.8333;

/** Result of {@link sunRiseSetTransit}: instants in epoch milliseconds (UTC), NaN if the sun does not rise or set. */
export interface SunRiseSetTransit {
  /** Sunrise [ms]. */
  sunrise: number;
  /** Sunset [ms]. */
  sunset: number;
  /** Sun transit (solar noon) [ms]. */
  transit: number;
}

function frac01(x: number): number {
  const r = x % 1;
  return r < 0 ? r + 1 : r;
}

function wrap180(x: number): number {
  let r = x % 360;
  if (r > 180) r -= 360;
  if (r < -180) r += 360;
  return r;
}

/**
 * Sunrise, sunset and transit of the solar day whose transit falls on the UTC day that contains `time`
 * (a sunrise may fall on the UTC day before, a sunset on the UTC day after).
 *
 * Transit T = m0 − H'0/360, sunrise R = m1 + (h1 − h0')/(360·cos δ'1·cos φ·sin H'1) and sunset
 * S = m2 + (h2 − h0')/(360·cos δ'2·cos φ·sin H'2), as fractions of the UTC day (eq. A.15–A.17).
 * Polar day or night gives NaN for sunrise and sunset.
 *
 * @param time - Any instant of the UTC day [ms]
 * @param latitude - Site latitude, latitude [deg]
 * @param longitude - Site longitude, east positive, longitude [deg]
 * @param deltaT - Difference between terrestrial time and UT1, delta_t [s]
 * @returns Sunrise, sunset and transit [ms]
 */
export function sunRiseSetTransit(
  time: TimeInput,
  latitude: number,
  longitude: number,
  deltaT = 67,
): SunRiseSetTransit {
  const ms = typeof time === 'number' ? time : time.getTime();
  const day0 = Math.floor(ms / MS_PER_DAY) * MS_PER_DAY;
  const jd0 = julianDay(day0);
  const nu = geocentric(jd0, 0).nu; // sidereal time at 0 UT
  // α, δ at 0 TT: a Julian ephemeris day of jd0 means JD = jd0 − ΔT.
  const prev = geocentric(jd0 - 1 - deltaT / 86400, deltaT);
  const curr = geocentric(jd0 - deltaT / 86400, deltaT);
  const next = geocentric(jd0 + 1 - deltaT / 86400, deltaT);
  const m0 = frac01((curr.alpha - longitude - nu) / 360); // eq. A.2
  const latR = latitude * DEG;
  const cosH0 =
    (Math.sin(H0_PRIME * DEG) - Math.sin(latR) * Math.sin(curr.delta * DEG)) /
    (Math.cos(latR) * Math.cos(curr.delta * DEG)); // eq. A.4
  const transitOnly = Math.abs(cosH0) > 1;
  const bigH0 = transitOnly ? NaN : (Math.acos(cosH0) / DEG) % 180;
  // Rise before 0 UT or set after 24 UT belong to the same solar day as this transit: keep the day shift
  // so that a western-hemisphere evening sunset is not reported for the previous evening.
  const riseShift = m0 - bigH0 / 360 < 0 ? -1 : 0;
  const setShift = m0 + bigH0 / 360 >= 1 ? 1 : 0;
  const ms3 = [m0, frac01(m0 - bigH0 / 360), frac01(m0 + bigH0 / 360)] as const;
  // Interpolation differences; a jump of the right ascension over 360° is folded as the report says (A.10).
  let a = curr.alpha - prev.alpha;
  let b = next.alpha - curr.alpha;
  if (Math.abs(a) > 2) a = frac01(a);
  if (Math.abs(b) > 2) b = frac01(b);
  let ap = curr.delta - prev.delta;
  let bp = next.delta - curr.delta;
  if (Math.abs(ap) > 2) ap = frac01(ap);
  if (Math.abs(bp) > 2) bp = frac01(bp);
  const c = b - a;
  const cp = bp - ap;
  const local = ms3.map((m) => {
    const nuI = nu + 360.985647 * m; // eq. A.8
    const n = m + deltaT / 86400; // eq. A.9
    const alphaI = curr.alpha + (n * (a + b + c * n)) / 2; // eq. A.10
    const deltaI = curr.delta + (n * (ap + bp + cp * n)) / 2; // eq. A.11
    const hI = wrap180(nuI + longitude - alphaI); // eq. A.12
    const elev =
      Math.asin(
        Math.sin(latR) * Math.sin(deltaI * DEG) +
          Math.cos(latR) * Math.cos(deltaI * DEG) * Math.cos(hI * DEG),
      ) / DEG; // eq. A.13
    return { m, deltaI, hI, elev };
  });
  const [t0, t1, t2] = local as [(typeof local)[0], (typeof local)[0], (typeof local)[0]];
  const transit = t0.m - t0.hI / 360; // eq. A.15
  const rise =
    t1.m + (t1.elev - H0_PRIME) / (360 * Math.cos(t1.deltaI * DEG) * Math.cos(latR) * Math.sin(t1.hI * DEG)); // eq. A.16
  const set =
    t2.m + (t2.elev - H0_PRIME) / (360 * Math.cos(t2.deltaI * DEG) * Math.cos(latR) * Math.sin(t2.hI * DEG)); // eq. A.17
  return {
    sunrise: transitOnly ? NaN : day0 + (rise + riseShift) * MS_PER_DAY,
    sunset: transitOnly ? NaN : day0 + (set + setShift) * MS_PER_DAY,
    transit: day0 + transit * MS_PER_DAY,
  };
}
