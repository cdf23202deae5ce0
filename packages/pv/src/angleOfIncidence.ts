/**
 * Angle of incidence of the sun's beam on a tilted plane.
 *
 * Duffie, J. A. and Beckman, W. A. (2013), "Solar Engineering of Thermal Processes", 4th ed., Wiley,
 * eq. 1.6.3, doi:10.1002/9781118671603.
 */
const DEG = Math.PI / 180;

/**
 * Dot product of the surface normal and the sun vector, the cosine of the angle of incidence.
 *
 * cos θ = cos β · cos z + sin β · sin z · cos(γs − γ), clipped to [−1, 1] against rounding.
 *
 * @param surfaceTilt - Panel tilt from horizontal, surface_tilt [deg]
 * @param surfaceAzimuth - Panel azimuth, clockwise from north, surface_azimuth [deg]
 * @param solarZenith - Solar zenith angle, solar_zenith [deg]
 * @param solarAzimuth - Solar azimuth, solar_azimuth [deg]
 * @returns aoi_projection [unitless]
 */
export function aoiProjection(
  surfaceTilt: number,
  surfaceAzimuth: number,
  solarZenith: number,
  solarAzimuth: number,
): number {
  const p =
    Math.cos(surfaceTilt * DEG) * Math.cos(solarZenith * DEG) +
    Math.sin(surfaceTilt * DEG) *
      Math.sin(solarZenith * DEG) *
      Math.cos((solarAzimuth - surfaceAzimuth) * DEG);
  return Math.min(Math.max(p, -1), 1);
}

/**
 * Angle of incidence θ = acos({@link aoiProjection}).
 *
 * @param surfaceTilt - Panel tilt from horizontal, surface_tilt [deg]
 * @param surfaceAzimuth - Panel azimuth, clockwise from north, surface_azimuth [deg]
 * @param solarZenith - Solar zenith angle, solar_zenith [deg]
 * @param solarAzimuth - Solar azimuth, solar_azimuth [deg]
 * @returns aoi, 0..180 [deg]
 */
export function angleOfIncidence(
  surfaceTilt: number,
  surfaceAzimuth: number,
  solarZenith: number,
  solarAzimuth: number,
): number {
  return Math.acos(aoiProjection(surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth)) / DEG;
}
