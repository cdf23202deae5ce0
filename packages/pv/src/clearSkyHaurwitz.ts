/**
 * Haurwitz clear-sky global horizontal irradiance, a fallback needing only the sun position.
 *
 * Haurwitz, B. (1945), "Insolation in relation to cloudiness and cloud density", Journal of Meteorology 2,
 * 154–166, doi:10.1175/1520-0469(1945)002<0154:IIRTCA>2.0.CO;2; coefficients as evaluated by Reno, M. J.,
 * Hansen, C. W. and Stein, J. S. (2012), "Global horizontal irradiance clear sky models: implementation
 * and analysis", SAND2012-2389.
 */

/**
 * Clear-sky GHI by Haurwitz: ghi = 1098 · cos z · exp(−0.059 / cos z), zero when the sun is at or below
 * the horizon.
 *
 * @param apparentZenith - Refraction-corrected solar zenith angle, apparent_zenith [deg]
 * @returns ghi [W/m²]
 */
export function clearSkyHaurwitz(apparentZenith: number): number {
  if (Number.isNaN(apparentZenith)) return NaN;
  const cosZ = Math.cos((apparentZenith * Math.PI) / 180);
  if (cosZ <= 0) return 0;
  return 1098 * cosZ * Math.exp(-0.059 / cosZ);
}
