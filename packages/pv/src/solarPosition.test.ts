import { describe, expect, it } from 'vitest';
import {
  earthSunDistance,
  geocentric,
  geocentricAt,
  heliocentricLatitude,
  heliocentricLongitude,
  julianDay,
  nutation,
  solarPosition,
  solarPositions,
} from './solarPosition.ts';
import { sunRiseSetTransit } from './sunRiseSetTransit.ts';

/** Absolute difference check, as numpy's assert_almost_equal(decimal=d): |a − b| < 1.5·10^−d. */
function expectAlmost(actual: number, expected: number, decimal: number): void {
  expect(Math.abs(actual - expected)).toBeLessThan(1.5 * 10 ** -decimal);
}

/** Relative check as pandas assert_frame_equal (rtol 1e-5). */
function expectRel(actual: number, expected: number, rtol = 1e-5): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rtol * Math.abs(expected) + 1e-8);
}

// Golden, Colorado: the SPA report's worked example, 2003-10-17 12:30:30 MST.
const GOLDEN = { lat: 39.742476, lon: -105.1786, altitude: 1830.14 };
const T_EXAMPLE = Date.UTC(2003, 9, 17, 19, 30, 30);

describe('NREL SPA intermediate values', () => {
  // pvlib tests/test_spa.py constants JD, JME, L, B, R, dPsi, dEpsilon and their assert_almost_equal decimals.
  const jd = julianDay(T_EXAMPLE);
  const jde = jd + 67 / 86400;
  const jce = (jde - 2451545) / 36525;
  const jme = jce / 10;

  it('computes the Julian day (test_spa.py::test_julian_day)', () => expectAlmost(jd, 2452930.312847, 6));
  it('computes the Julian ephemeris millennium (test_julian_ephemeris_millenium)', () =>
    expectAlmost(jme, 0.003792781991685, 10));
  it('computes L, B, R (test_heliocentric_longitude/latitude/radius_vector)', () => {
    expectAlmost(heliocentricLongitude(jme), 24.0182616917, 6);
    expectAlmost(heliocentricLatitude(jme), -0.0001011219, 6);
    expectAlmost(earthSunDistance(jme), 0.9965422974, 6);
  });
  it('computes nutation (test_longitude_nutation, test_obliquity_nutation)', () => {
    const n = nutation(jce);
    expectAlmost(n.deltaPsi, -0.0039984, 6);
    expectAlmost(n.deltaEpsilon, 0.00166657, 6);
  });
});

describe('solarPosition', () => {
  const opts = {
    altitude: GOLDEN.altitude,
    pressure: 82000,
    temperature: 11,
    deltaT: 67,
    atmosRefract: 0.5667,
  };

  it('matches the report example (test_solarposition.py::test_spa_python_numpy_physical)', () => {
    const sp = solarPosition(T_EXAMPLE, GOLDEN.lat, GOLDEN.lon, opts);
    expectRel(sp.elevation, 39.872046);
    expectRel(sp.apparentZenith, 50.111622);
    expectRel(sp.azimuth, 194.340241);
    expectRel(sp.apparentElevation, 39.888378);
    // test_spa.py::test_topocentric_zenith_angle and test_solar_position: theta0 = 90 − e0
    expectAlmost(sp.zenith, 90 - 39.872046, 5);
  });

  it('gives the equation of time (test_spa.py::test_equation_of_time)', () => {
    expectAlmost(solarPosition(T_EXAMPLE, GOLDEN.lat, GOLDEN.lon, opts).equationOfTime, 14.64, 2);
  });

  it('handles arrays of times (test_solarposition.py expected_solpos_multi)', () => {
    const out = solarPositions([T_EXAMPLE, T_EXAMPLE + 86_400_000], GOLDEN.lat, GOLDEN.lon, opts);
    expect(out).toHaveLength(2);
    const [a, b] = out as [(typeof out)[0], (typeof out)[0]];
    expectRel(a.elevation, 39.872046);
    expectRel(b.elevation, 39.505196);
    expectRel(b.apparentZenith, 50.47826);
    expectRel(b.azimuth, 194.311132);
    expectRel(b.apparentElevation, 39.52174);
  });

  it('accepts Date and number alike and is below the horizon at night', () => {
    const night = solarPosition(new Date('2003-10-18T07:00:00Z'), GOLDEN.lat, GOLDEN.lon, opts);
    expect(night.elevation).toBeLessThan(0);
    expect(night.zenith).toBeGreaterThan(90);
    // refraction is not applied far below the horizon
    expect(night.apparentElevation).toBe(night.elevation);
  });

  it('propagates NaN', () => {
    expect(Number.isNaN(solarPosition(NaN, GOLDEN.lat, GOLDEN.lon).zenith)).toBe(true);
  });
});

describe('sunRiseSetTransit', () => {
  const iso = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString().slice(0, 19);

  it('matches the NREL calculator at 35°S (test_solarposition.py::test_sun_rise_set_transit_spa)', () => {
    const a = sunRiseSetTransit(Date.UTC(1996, 6, 5), -35, 0, 65);
    expect(iso(a.sunrise)).toBe('1996-07-05T07:08:15');
    expect(iso(a.sunset)).toBe('1996-07-05T17:01:04');
    expect(iso(a.transit)).toBe('1996-07-05T12:04:36');
    const b = sunRiseSetTransit(Date.UTC(2004, 11, 4), -35, 0, 65);
    expect(iso(b.sunrise)).toBe('2004-12-04T04:38:57');
    expect(iso(b.sunset)).toBe('2004-12-04T19:02:03');
    expect(iso(b.transit)).toBe('2004-12-04T11:50:22');
  });

  it('matches Golden, CO (test_sun_rise_set_transit_spa, expected_rise_set_spa)', () => {
    const mst = 7 * 3_600_000;
    const a = sunRiseSetTransit(Date.UTC(2015, 0, 2, 7), GOLDEN.lat, GOLDEN.lon, 65);
    expect(iso(a.sunrise - mst)).toBe('2015-01-02T07:21:55');
    expect(iso(a.sunset - mst)).toBe('2015-01-02T16:47:43');
    expect(iso(a.transit - mst)).toBe('2015-01-02T12:04:45');
    const b = sunRiseSetTransit(Date.UTC(2015, 7, 2, 7), GOLDEN.lat, GOLDEN.lon, 65);
    expect(iso(b.sunrise - mst)).toBe('2015-08-02T05:00:27');
    expect(iso(b.sunset - mst)).toBe('2015-08-02T19:13:58');
    expect(iso(b.transit - mst)).toBe('2015-08-02T12:06:58');
  });

  it('returns NaN rise and set in polar night', () => {
    const r = sunRiseSetTransit(Date.UTC(2015, 11, 21), 80, 0);
    expect(Number.isNaN(r.sunrise)).toBe(true);
    expect(Number.isNaN(r.sunset)).toBe(true);
    expect(Number.isFinite(r.transit)).toBe(true);
  });
});

describe('geocentricAt', () => {
  it('gives the same positions as computing the geocentric values for each site', () => {
    const t = Date.UTC(2026, 5, 21, 4, 35);
    expect(geocentricAt(t)).toEqual(geocentric(julianDay(t), 67));
    // Kept for the next site: two sites at the same instant get the very values a fresh computation gives.
    for (const [lat, lon] of [
      [31.2, 121.5],
      [-33.9, 151.2],
    ] as const) {
      expect(solarPosition(t, lat, lon, { geocentric: geocentricAt(t), altitude: 40 })).toEqual(
        solarPosition(t, lat, lon, { altitude: 40 }),
      );
    }
  });
});
