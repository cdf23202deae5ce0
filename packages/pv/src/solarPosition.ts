/**
 * NREL Solar Position Algorithm (SPA).
 *
 * Reda, I. and Andreas, A. (2004, revised 2008), "Solar Position Algorithm for Solar Radiation
 * Applications", NREL/TP-560-34302, doi:10.2172/15003974. Valid for the years −2000..6000 with an
 * uncertainty of ±0.0003°. Equation numbers in the comments refer to section 3 of that report.
 *
 * Angles follow the glossary in docs/nomenclature.md: zenith from the vertical, azimuth clockwise from
 * north (east = 90°), elevation = 90° − zenith.
 */
import {
  EARTH_LATITUDE_TERMS,
  EARTH_LONGITUDE_TERMS,
  EARTH_RADIUS_TERMS,
  NUTATION_TERMS,
} from './spaTables.ts';
import type { PeriodicTerm } from './spaTables.ts';

const DEG = Math.PI / 180;
const MS_PER_DAY = 86_400_000;
/** Julian day of the Unix epoch 1970-01-01T00:00Z. */
const JD_UNIX_EPOCH = 2440587.5;
/** Julian day of J2000.0. */
const JD_J2000 = 2451545;

/** A point in time: a Date or milliseconds since the Unix epoch (UTC). */
export type TimeInput = Date | number;

/** Result of {@link solarPosition}; all angles in degrees, equation of time in minutes. */
export interface SolarPosition {
  /** Refraction-corrected (apparent) solar zenith angle, apparent_zenith [deg]. */
  apparentZenith: number;
  /** True (geometric, topocentric) solar zenith angle, zenith [deg]. */
  zenith: number;
  /** Refraction-corrected solar elevation, apparent_elevation [deg]. */
  apparentElevation: number;
  /** True solar elevation, elevation [deg]. */
  elevation: number;
  /** Topocentric solar azimuth, clockwise from north, azimuth [deg]. */
  azimuth: number;
  /** Equation of time, equation_of_time [min]. */
  equationOfTime: number;
}

/** Options of {@link solarPosition}. */
export interface SolarPositionOptions {
  /** Site altitude above sea level, altitude [m]. Default 0. */
  altitude?: number;
  /** Annual average local air pressure, pressure [Pa]. Default 101325. */
  pressure?: number;
  /** Annual average air temperature, temp_air [°C]. Default 12. */
  temperature?: number;
  /** Difference between terrestrial time and UT1, delta_t [s]. Default 67. */
  deltaT?: number;
  /** Atmospheric refraction at sunrise and sunset, atmos_refract [deg]. Default 0.5667. */
  atmosRefract?: number;
  /**
   * The instant's geocentric values (`geocentric(julianDay(time), deltaT)`) when already known: they do not depend
   * on the site and are most of the cost, so sites sharing instants can share them.
   */
  geocentric?: Geocentric;
}

function toMillis(time: TimeInput): number {
  return typeof time === 'number' ? time : time.getTime();
}

function wrap360(x: number): number {
  const r = x % 360;
  return r < 0 ? r + 360 : r;
}

/**
 * Julian day from a time (eq. 4 for Gregorian dates, expressed from the Unix epoch).
 *
 * @param time - Instant, as a Date or epoch milliseconds [ms]
 * @returns Julian day [day]
 */
export function julianDay(time: TimeInput): number {
  return toMillis(time) / MS_PER_DAY + JD_UNIX_EPOCH;
}

/** Evaluates Σ_i Σ_j A·cos(B + C·JME) · JMEⁱ / 10⁸ (eq. 9–11) for one series family. */
function earthSeries(terms: readonly (readonly PeriodicTerm[])[], jme: number): number {
  let total = 0;
  let power = 1;
  for (const series of terms) {
    let s = 0;
    for (const [a, b, c] of series) s += a * Math.cos(b + c * jme);
    total += s * power;
    power *= jme;
  }
  return total / 1e8;
}

/**
 * Earth heliocentric longitude L (eq. 9–12).
 *
 * @param jme - Julian ephemeris millennium [millennium]
 * @returns L, in 0..360 [deg]
 */
export function heliocentricLongitude(jme: number): number {
  return wrap360(earthSeries(EARTH_LONGITUDE_TERMS, jme) / DEG);
}

/**
 * Earth heliocentric latitude B (eq. 9–12 with Table A4.2 B terms).
 *
 * @param jme - Julian ephemeris millennium [millennium]
 * @returns B [deg]
 */
export function heliocentricLatitude(jme: number): number {
  return earthSeries(EARTH_LATITUDE_TERMS, jme) / DEG;
}

/**
 * Earth radius vector R, the Earth–Sun distance (eq. 9–11 with Table A4.2 R terms).
 *
 * @param jme - Julian ephemeris millennium [millennium]
 * @returns R [AU]
 */
export function earthSunDistance(jme: number): number {
  return earthSeries(EARTH_RADIUS_TERMS, jme);
}

/** Nutation in longitude Δψ and obliquity Δε (eq. 15–23) and the arguments X0..X4. */
export interface Nutation {
  /** Nutation in longitude Δψ [deg]. */
  deltaPsi: number;
  /** Nutation in obliquity Δε [deg]. */
  deltaEpsilon: number;
}

/**
 * Nutation in longitude and obliquity (eq. 15–23 with Table A4.3).
 *
 * @param jce - Julian ephemeris century [century]
 * @returns Δψ and Δε [deg]
 */
export function nutation(jce: number): Nutation {
  const jce2 = jce * jce;
  const jce3 = jce2 * jce;
  // Mean elongation of the moon, mean anomalies of sun and moon, moon's argument of latitude and
  // longitude of the ascending node (eq. 15–19) [deg].
  const x = [
    297.85036 + 445267.11148 * jce - 0.0019142 * jce2 + jce3 / 189474,
    357.52772 + 35999.05034 * jce - 0.0001603 * jce2 - jce3 / 300000,
    134.96298 + 477198.867398 * jce + 0.0086972 * jce2 + jce3 / 56250,
    93.27191 + 483202.017538 * jce - 0.0036825 * jce2 + jce3 / 327270,
    125.04452 - 1934.136261 * jce + 0.0020708 * jce2 + jce3 / 450000,
  ] as const;
  let dPsi = 0;
  let dEps = 0;
  for (const [y0, y1, y2, y3, y4, a, b, c, d] of NUTATION_TERMS) {
    const arg = (x[0] * y0 + x[1] * y1 + x[2] * y2 + x[3] * y3 + x[4] * y4) * DEG;
    dPsi += (a + b * jce) * Math.sin(arg);
    dEps += (c + d * jce) * Math.cos(arg);
  }
  // Coefficients are in 0.0001 arc seconds (eq. 22–23).
  return { deltaPsi: dPsi / 36_000_000, deltaEpsilon: dEps / 36_000_000 };
}

/** Geocentric quantities at one instant, shared by the position and the rise/set computation. */
export interface Geocentric {
  /** Apparent sidereal time at Greenwich ν [deg]. */
  nu: number;
  /** Geocentric right ascension α [deg]. */
  alpha: number;
  /** Geocentric declination δ [deg]. */
  delta: number;
  /** Earth radius vector R [AU]. */
  radius: number;
  /** Equation of time [min]. */
  eot: number;
}

/** Geocentric sidereal time, right ascension, declination, radius and equation of time (eq. 1–31, A.1). */
export function geocentric(jd: number, deltaT: number): Geocentric {
  const jde = jd + deltaT / 86400; // eq. 5
  const jc = (jd - JD_J2000) / 36525; // eq. 6
  const jce = (jde - JD_J2000) / 36525; // eq. 7
  const jme = jce / 10; // eq. 8
  const l = heliocentricLongitude(jme);
  const b = heliocentricLatitude(jme);
  const r = earthSunDistance(jme);
  const theta = wrap360(l + 180); // eq. 13
  const beta = -b; // eq. 14
  const { deltaPsi, deltaEpsilon } = nutation(jce);
  const u = jme / 10;
  // Mean obliquity of the ecliptic ε0 in arc seconds (eq. 24).
  const eps0 =
    84381.448 +
    u *
      (-4680.93 +
        u *
          (-1.55 +
            u *
              (1999.25 +
                u *
                  (-51.38 +
                    u * (-249.67 + u * (-39.05 + u * (7.12 + u * (27.87 + u * (5.79 + u * 2.45)))))))));
  const eps = eps0 / 3600 + deltaEpsilon; // eq. 25
  const dTau = -20.4898 / (3600 * r); // eq. 26, aberration correction
  const lambda = theta + deltaPsi + dTau; // eq. 27
  const nu0 = wrap360(
    280.46061837 + 360.98564736629 * (jd - JD_J2000) + 0.000387933 * jc * jc - (jc * jc * jc) / 38710000,
  ); // eq. 28
  const nu = nu0 + deltaPsi * Math.cos(eps * DEG); // eq. 29
  const lr = lambda * DEG;
  const er = eps * DEG;
  const br = beta * DEG;
  const alpha = wrap360(
    Math.atan2(Math.sin(lr) * Math.cos(er) - Math.tan(br) * Math.sin(er), Math.cos(lr)) / DEG,
  ); // eq. 30
  const delta = Math.asin(Math.sin(br) * Math.cos(er) + Math.cos(br) * Math.sin(er) * Math.sin(lr)) / DEG; // eq. 31
  // Sun's mean longitude M and equation of time E (appendix A.1).
  const m = wrap360(
    280.4664567 +
      360007.6982779 * jme +
      0.03032028 * jme ** 2 +
      jme ** 3 / 49931 -
      jme ** 4 / 15300 -
      jme ** 5 / 2000000,
  );
  let eot = (m - 0.0057183 - alpha + deltaPsi * Math.cos(er)) * 4;
  // E must stay within ±20 min; larger values are the 1440 min wrap of the angle difference.
  if (eot > 20) eot -= 1440;
  else if (eot < -20) eot += 1440;
  return { nu, alpha, delta, radius: r, eot };
}

/** Geocentric values by instant [ms] at the default ΔT, shared by every site (bounded: cleared when full). */
const geocentricByInstant = new Map<number, Geocentric>();
const GEOCENTRIC_CACHE_SIZE = 200_000;

/**
 * {@link geocentric} of an instant at the default ΔT (67 s), computed once and kept for the next site: a fleet's
 * plants step through the same instants, and these values are most of a position's cost. The same numbers as
 * computing them again.
 *
 * @param ms - Instant, epoch milliseconds (UTC) [ms]
 * @returns the instant's geocentric sidereal time, right ascension, declination, radius and equation of time
 */
export function geocentricAt(ms: number): Geocentric {
  let g = geocentricByInstant.get(ms);
  if (!g) {
    if (geocentricByInstant.size >= GEOCENTRIC_CACHE_SIZE) geocentricByInstant.clear();
    g = geocentric(julianDay(ms), 67);
    geocentricByInstant.set(ms, g);
  }
  return g;
}

/**
 * Topocentric solar position by the NREL SPA.
 *
 * Steps (Reda & Andreas 2008, §3): Julian dates (eq. 1–8), Earth heliocentric L, B, R from the periodic
 * terms (eq. 9–12), geocentric Θ, β (eq. 13–14), nutation (eq. 15–23), true obliquity (eq. 24–25),
 * aberration (eq. 26), apparent longitude λ (eq. 27), sidereal time ν (eq. 28–29), geocentric α, δ
 * (eq. 30–31), local hour angle H (eq. 32), parallax (eq. 33–39), topocentric elevation e0 and the
 * refraction correction Δe = P/1010 · 283/(273 + T) · 1.02 / (60 · tan(e0 + 10.3/(e0 + 5.11))) (eq. 40–42),
 * zenith θ = 90° − e (eq. 43) and azimuth Φ (eq. 44–46). Refraction is applied only while the sun is above
 * −(0.26667° + atmos_refract), as the report's reference implementation does.
 *
 * @param time - Instant, a Date or epoch milliseconds (UTC) [ms]
 * @param latitude - Site latitude, north positive, latitude [deg]
 * @param longitude - Site longitude, east positive, longitude [deg]
 * @param options - Altitude [m], pressure [Pa], temperature [°C], delta_t [s] and atmos_refract [deg]
 * @returns Apparent and true zenith and elevation, azimuth [deg] and equation of time [min]
 */
export function solarPosition(
  time: TimeInput,
  latitude: number,
  longitude: number,
  options: SolarPositionOptions = {},
): SolarPosition {
  const { altitude = 0, pressure = 101325, temperature = 12, deltaT = 67, atmosRefract = 0.5667 } = options;
  const g = options.geocentric ?? geocentric(julianDay(time), deltaT);
  const h = wrap360(g.nu + longitude - g.alpha); // eq. 32
  const xi = 8.794 / (3600 * g.radius); // eq. 33, equatorial horizontal parallax
  const latR = latitude * DEG;
  const u = Math.atan(0.99664719 * Math.tan(latR)); // eq. 34
  const x = Math.cos(u) + (altitude / 6378140) * Math.cos(latR); // eq. 35
  const y = 0.99664719 * Math.sin(u) + (altitude / 6378140) * Math.sin(latR); // eq. 36
  const hR = h * DEG;
  const xiR = xi * DEG;
  const deltaR = g.delta * DEG;
  const dAlpha = Math.atan2(
    -x * Math.sin(xiR) * Math.sin(hR),
    Math.cos(deltaR) - x * Math.sin(xiR) * Math.cos(hR),
  ); // eq. 37 [rad]
  const deltaPrime = Math.atan2(
    (Math.sin(deltaR) - y * Math.sin(xiR)) * Math.cos(dAlpha),
    Math.cos(deltaR) - x * Math.sin(xiR) * Math.cos(hR),
  ); // eq. 39 [rad]
  const hPrime = hR - dAlpha; // eq. 40 [rad]
  const e0 =
    Math.asin(
      Math.sin(latR) * Math.sin(deltaPrime) + Math.cos(latR) * Math.cos(deltaPrime) * Math.cos(hPrime),
    ) / DEG; // eq. 41
  const pressureMbar = pressure / 100;
  const de =
    e0 >= -(0.26667 + atmosRefract)
      ? (pressureMbar / 1010) *
        (283 / (273 + temperature)) *
        (1.02 / (60 * Math.tan((e0 + 10.3 / (e0 + 5.11)) * DEG)))
      : 0; // eq. 42
  const e = e0 + de; // eq. 43
  const gamma =
    Math.atan2(Math.sin(hPrime), Math.cos(hPrime) * Math.sin(latR) - Math.tan(deltaPrime) * Math.cos(latR)) /
    DEG; // eq. 45
  return {
    apparentZenith: 90 - e,
    zenith: 90 - e0,
    apparentElevation: e,
    elevation: e0,
    azimuth: wrap360(gamma + 180), // eq. 46
    equationOfTime: g.eot,
  };
}

/**
 * {@link solarPosition} for an array of times (a time series), same site and options.
 *
 * @param times - Instants, Dates or epoch milliseconds (UTC) [ms]
 * @param latitude - Site latitude, latitude [deg]
 * @param longitude - Site longitude, longitude [deg]
 * @param options - As for {@link solarPosition}: altitude [m], pressure [Pa], temperature [°C], delta_t [s]
 * @returns One position per time, in order [deg, min]
 */
export function solarPositions(
  times: readonly TimeInput[],
  latitude: number,
  longitude: number,
  options: SolarPositionOptions = {},
): SolarPosition[] {
  return times.map((t) => solarPosition(t, latitude, longitude, options));
}
