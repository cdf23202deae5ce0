import { describe, expect, it } from 'vitest';
import { angleOfIncidence, aoiProjection } from './angleOfIncidence.ts';
import { groundDiffuse, SURFACE_ALBEDOS } from './groundDiffuse.ts';
import { poaComponents, totalIrradiance } from './poaIrradiance.ts';
import { skyDiffuseHayDavies, skyDiffuseIsotropic } from './skyDiffuse.ts';
import { expectAllClose } from './testing.ts';

// Fixtures of pvlib tests/test_irradiance.py (Tucson, 2014-06-24 every 6 h, first row at night).
const IRRAD = [
  { ghi: 0, dni: 0, dhi: 0 },
  { ghi: 79.73860422, dni: 316.1949056, dhi: 40.46149818 },
  { ghi: 1042.48031487, dni: 939.95469881, dhi: 118.45831879 },
  { ghi: 257.20751138, dni: 646.22886049, dhi: 62.03376265 },
];
const EPHEM = [
  { apparentZenith: 124.0390863, azimuth: 352.69550699 },
  { apparentZenith: 82.85457044, azimuth: 66.71410338 },
  { apparentZenith: 10.56413562, azimuth: 144.76567754 },
  { apparentZenith: 72.41687122, azimuth: 287.04104128 },
];
const DNI_ET = 1321.1655834833093;

describe('angle of incidence', () => {
  // test_irradiance.py::test_aoi_and_aoi_projection (aoi atol 1e-5, projection atol 1e-6)
  const cases: [number, number, number, number, number, number][] = [
    [0, 0, 0, 0, 0, 1],
    [30, 180, 30, 180, 0, 1],
    [30, 180, 150, 0, 180, -1],
    [90, 0, 30, 60, 75.5224878, 0.25],
    [90, 0, 30, 170, 119.4987042, -0.4924038],
  ];
  it.each(cases)('tilt %d az %d zen %d sun az %d', (tilt, az, zen, sunAz, aoiExp, projExp) => {
    expectAllClose(angleOfIncidence(tilt, az, zen, sunAz), aoiExp, 0, 1e-5);
    expectAllClose(aoiProjection(tilt, az, zen, sunAz), projExp, 0, 1e-6);
  });

  it('never exceeds 1 for identical vectors (test_aoi_projection_precision)', () => {
    const p = aoiProjection(89.26778228223463, 60.932028605997004, 89.26778228223463, 60.932028605997004);
    expect(p).toBeLessThanOrEqual(1);
    expectAllClose(p, 1, 1e-5, 1e-8);
  });
});

describe('sky diffuse', () => {
  it('isotropic scalar (test_isotropic_float)', () =>
    expectAllClose(skyDiffuseIsotropic(40, 100), 88.30222215594891));

  it('isotropic series (test_isotropic_series, atol 1e-4)', () => {
    [0, 35.728402, 104.601328, 54.777191].forEach((e, i) =>
      expectAllClose(skyDiffuseIsotropic(40, IRRAD[i]?.dhi ?? NaN), e, 0, 1e-4),
    );
  });

  it('Hay–Davies and its components (test_haydavies, test_haydavies_components, atol 1e-4)', () => {
    const expected = [
      [0, 0, 0, 0],
      [27.1775, 27.1775, 0, 0],
      [102.9949, 30.1818, 72.813, 0],
      [33.1909, 27.9837, 5.2071, 0],
    ];
    IRRAD.forEach((r, i) => {
      const e = EPHEM[i];
      const out = skyDiffuseHayDavies(
        40,
        180,
        r.dhi,
        r.dni,
        DNI_ET,
        e?.apparentZenith ?? NaN,
        e?.azimuth ?? NaN,
      );
      const ex = expected[i] ?? [];
      expectAllClose(out.skyDiffuse, ex[0] ?? NaN, 0, 1e-4);
      expectAllClose(out.isotropic, ex[1] ?? NaN, 0, 1e-4);
      expectAllClose(out.circumsolar, ex[2] ?? NaN, 0, 1e-4);
      expectAllClose(out.horizon, ex[3] ?? NaN, 0, 1e-4);
    });
  });

  it('stays bounded with the sun at the horizon (test_sky_diffuse_zenith_close_to_90)', () => {
    expect(skyDiffuseHayDavies(30, 180, 50, 10, 1360, 89.999, 230).skyDiffuse).toBeLessThan(100);
    expect(skyDiffuseIsotropic(30, 50)).toBeLessThan(100);
  });

  it('propagates NaN', () => {
    expect(skyDiffuseHayDavies(40, 180, NaN, 100, DNI_ET, 30, 180).skyDiffuse).toBeNaN();
  });
});

describe('ground diffuse', () => {
  it('default albedo 0.25 (test_get_ground_diffuse_simple_float)', () =>
    expectAllClose(groundDiffuse(40, 900), 26.32000014911496));
  it('albedo 0 (test_get_ground_diffuse_albedo_0)', () =>
    IRRAD.forEach((r) => expect(groundDiffuse(40, r.ghi, 0)).toBe(0)));
  it('albedo 0.2 at 45° (test_get_ground_diffuse_albedo_series)', () =>
    expectAllClose(groundDiffuse(45, 1000, 0.2), 0.2 * 0.5 * (1 - Math.sqrt(2) / 2) * 1000, 1e-5));
  it('sand (test_get_ground_diffuse_albedo_surface, atol 1e-4)', () => {
    [0, 3.731058, 48.778813, 12.035025].forEach((e, i) =>
      expectAllClose(groundDiffuse(40, IRRAD[i]?.ghi ?? NaN, SURFACE_ALBEDOS.sand), e, 0, 1e-4),
    );
  });
});

describe('plane-of-array irradiance', () => {
  it('combines components (test_irradiance.py::test_poa_components)', () => {
    // Inputs: aoi on a 40° south plane, the Perez sky diffuse and sand ground diffuse of that test.
    const sky = [0, 31.4635077, 109.08433162, 45.45978964];
    const ground = [0, 3.73105791, 48.77881252, 12.03502531];
    const expected = [
      [0, 0, 0, 0, 0],
      [35.19456561, 0, 35.19456561, 31.4635077, 3.73105791],
      [956.18253696, 798.31939281, 157.86314414, 109.08433162, 48.77881252],
      [90.99624896, 33.50143401, 57.49481495, 45.45978964, 12.03502531],
    ];
    IRRAD.forEach((r, i) => {
      const e = EPHEM[i];
      const aoi = angleOfIncidence(40, 180, e?.apparentZenith ?? NaN, e?.azimuth ?? NaN);
      const out = poaComponents(aoi, r.dni, sky[i] ?? NaN, ground[i] ?? NaN);
      const ex = expected[i] ?? [];
      [out.poaGlobal, out.poaDirect, out.poaDiffuse, out.poaSkyDiffuse, out.poaGroundDiffuse].forEach(
        (v, k) => expectAllClose(v, ex[k] ?? NaN, 1e-5, 1e-8),
      );
    });
  });

  it('gives finite totals for scalars with each model (test_get_total_irradiance_scalars)', () => {
    for (const model of ['isotropic', 'haydavies'] as const) {
      const t = totalIrradiance({
        surfaceTilt: 32,
        surfaceAzimuth: 180,
        solarZenith: 10,
        solarAzimuth: 180,
        dni: 1000,
        ghi: 1100,
        dhi: 100,
        dniExtra: 1400,
        albedo: SURFACE_ALBEDOS.urban,
        model,
      });
      expect(Object.keys(t)).toEqual([
        'poaGlobal',
        'poaDirect',
        'poaDiffuse',
        'poaSkyDiffuse',
        'poaGroundDiffuse',
      ]);
      Object.values(t).forEach((v) => expect(Number.isFinite(v)).toBe(true));
    }
  });

  it('requires dni_extra for Hay–Davies (test_get_total_irradiance_missing_dni_extra)', () => {
    expect(() =>
      totalIrradiance({
        surfaceTilt: 32,
        surfaceAzimuth: 180,
        solarZenith: 10,
        solarAzimuth: 180,
        dni: 1000,
        ghi: 1100,
        dhi: 100,
        model: 'haydavies',
      }),
    ).toThrow(/dniExtra is required/);
  });

  it('is zero at night (zenith > 90)', () => {
    const t = totalIrradiance({
      surfaceTilt: 30,
      surfaceAzimuth: 180,
      solarZenith: 124,
      solarAzimuth: 352,
      dni: 0,
      ghi: 0,
      dhi: 0,
      dniExtra: DNI_ET,
    });
    expect(t.poaGlobal).toBe(0);
  });
});
