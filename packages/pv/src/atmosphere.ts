/**
 * Atmosphere: pressure from altitude and the optical air mass.
 *
 * Pressure: standard atmosphere as used by NREL's SPA and SAM, P = 100·((44331.514 − h)/11880.516)^(1/0.1902632).
 * Relative air mass: Kasten, F. and Young, A. T. (1989), "Revised optical air mass tables and approximation
 * formula", Applied Optics 28(22), 4735–4738, doi:10.1364/AO.28.004735.
 */

/** Standard sea-level pressure [Pa]. */
export const STANDARD_PRESSURE = 101325;

/**
 * Air pressure from altitude in the standard atmosphere.
 *
 * P = 100 · ((44331.514 − h) / 11880.516)^(1 / 0.1902632)
 *
 * @param altitude - Height above sea level, altitude [m]
 * @returns pressure [Pa]
 */
export function altitudeToPressure(altitude: number): number {
  return 100 * ((44331.514 - altitude) / 11880.516) ** (1 / 0.1902632);
}

/**
 * Altitude from air pressure in the standard atmosphere (inverse of {@link altitudeToPressure}).
 *
 * h = 44331.5 − 4946.62 · P^0.190263
 *
 * @param pressure - Air pressure, pressure [Pa]
 * @returns altitude [m]
 */
export function pressureToAltitude(pressure: number): number {
  return 44331.5 - 4946.62 * pressure ** 0.190263;
}

/**
 * Relative (not pressure-adjusted) optical air mass by Kasten & Young (1989).
 *
 * AM = 1 / (cos z + 0.50572 · (96.07995 − z)^−1.6364), z in degrees. Returns NaN for z > 90° (sun below
 * the horizon), as the approximation is meaningless there.
 *
 * @param zenith - Apparent (refraction-corrected) solar zenith angle, apparent_zenith [deg]
 * @returns airmass_relative [unitless]
 */
export function relativeAirmass(zenith: number): number {
  if (!(zenith <= 90)) return NaN;
  return 1 / (Math.cos((zenith * Math.PI) / 180) + 0.50572 * (96.07995 - zenith) ** -1.6364);
}

/**
 * Absolute (pressure-adjusted) air mass, AM_a = AM · P / 101325.
 *
 * @param airmassRelative - Relative air mass, airmass_relative [unitless]
 * @param pressure - Site air pressure, pressure [Pa]
 * @returns airmass_absolute [unitless]
 */
export function absoluteAirmass(airmassRelative: number, pressure = STANDARD_PRESSURE): number {
  return (airmassRelative * pressure) / STANDARD_PRESSURE;
}
