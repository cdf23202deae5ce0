/**
 * Sky diffuse irradiance on a tilted plane: isotropic and Hay–Davies transposition.
 *
 * Isotropic: Liu, B. Y. H. and Jordan, R. C. (1963), "The long-term average performance of flat-plate
 * solar-energy collectors", Solar Energy 7(2), 53–74, doi:10.1016/0038-092X(63)90006-9.
 * Hay–Davies: Hay, J. E. and Davies, J. A. (1980), "Calculations of the solar radiation incident on an
 * inclined surface", Proc. First Canadian Solar Radiation Data Workshop, 59–72; as in Loutzenhiser et al.
 * (2007), Solar Energy 81(2), 254–267, doi:10.1016/j.solener.2006.03.009.
 */
import { aoiProjection } from './angleOfIncidence.ts';

const DEG = Math.PI / 180;

/**
 * Isotropic sky diffuse: poa_sky_diffuse = dhi · (1 + cos β) / 2.
 *
 * @param surfaceTilt - Panel tilt from horizontal, surface_tilt [deg]
 * @param dhi - Diffuse horizontal irradiance, dhi [W/m²]
 * @returns poa_sky_diffuse [W/m²]
 */
export function skyDiffuseIsotropic(surfaceTilt: number, dhi: number): number {
  return (dhi * (1 + Math.cos(surfaceTilt * DEG))) / 2;
}

/** Hay–Davies sky diffuse and its parts. */
export interface HayDaviesComponents {
  /** Total sky diffuse on the plane, poa_sky_diffuse [W/m²]. */
  skyDiffuse: number;
  /** Isotropic part, poa_isotropic [W/m²]. */
  isotropic: number;
  /** Circumsolar part, poa_circumsolar [W/m²]. */
  circumsolar: number;
  /** Horizon-brightening part, always 0 in this model [W/m²]. */
  horizon: number;
}

/**
 * Hay–Davies sky diffuse.
 *
 * With the anisotropy index A = dni / dni_extra and Rb = max(cos θ, 0) / max(cos z, cos 89°):
 * isotropic = max(dhi · (1 − A) · (1 + cos β)/2, 0), circumsolar = max(dhi · A · Rb, 0).
 * The floor of cos z at cos 89° keeps Rb finite at sunrise and sunset.
 *
 * @param surfaceTilt - Panel tilt from horizontal, surface_tilt [deg]
 * @param surfaceAzimuth - Panel azimuth, clockwise from north, surface_azimuth [deg]
 * @param dhi - Diffuse horizontal irradiance, dhi [W/m²]
 * @param dni - Direct normal irradiance, dni [W/m²]
 * @param dniExtra - Extraterrestrial normal irradiance, dni_extra [W/m²]
 * @param solarZenith - Solar zenith angle, solar_zenith [deg]
 * @param solarAzimuth - Solar azimuth, solar_azimuth [deg]
 * @returns sky diffuse and its isotropic, circumsolar and horizon parts [W/m²]
 */
export function skyDiffuseHayDavies(
  surfaceTilt: number,
  surfaceAzimuth: number,
  dhi: number,
  dni: number,
  dniExtra: number,
  solarZenith: number,
  solarAzimuth: number,
): HayDaviesComponents {
  const cosTt = Math.max(aoiProjection(surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth), 0);
  const cosZ = Math.max(Math.cos(solarZenith * DEG), 0.01745);
  const rb = cosTt / cosZ;
  const ai = dni / dniExtra;
  const isotropic = Math.max(dhi * (1 - ai) * 0.5 * (1 + Math.cos(surfaceTilt * DEG)), 0);
  const circumsolar = Math.max(dhi * ai * rb, 0);
  return { skyDiffuse: isotropic + circumsolar, isotropic, circumsolar, horizon: 0 };
}
