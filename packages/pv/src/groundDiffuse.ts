/**
 * Ground-reflected irradiance on a tilted plane, assuming an isotropic (Lambertian) ground.
 *
 * Loutzenhiser, P. G. et al. (2007), "Empirical validation of models to compute solar irradiance on
 * inclined surfaces for building energy simulation", Solar Energy 81(2), 254–267,
 * doi:10.1016/j.solener.2006.03.009, eq. 3.
 */

const DEG = Math.PI / 180;

/** Typical ground albedo by surface type [unitless]. */
export const SURFACE_ALBEDOS = {
  urban: 0.18,
  grass: 0.2,
  freshGrass: 0.26,
  soil: 0.17,
  sand: 0.4,
  snow: 0.65,
  freshSnow: 0.75,
  asphalt: 0.12,
  concrete: 0.3,
  aluminum: 0.85,
  copper: 0.74,
  freshSteel: 0.35,
  dirtySteel: 0.08,
  sea: 0.06,
} as const;

/**
 * Ground-reflected diffuse: poa_ground_diffuse = ghi · albedo · (1 − cos β) / 2.
 *
 * @param surfaceTilt - Panel tilt from horizontal, surface_tilt [deg]
 * @param ghi - Global horizontal irradiance, ghi [W/m²]
 * @param albedo - Ground reflectance, albedo, default 0.25 [unitless]
 * @returns poa_ground_diffuse [W/m²]
 */
export function groundDiffuse(surfaceTilt: number, ghi: number, albedo = 0.25): number {
  return (ghi * albedo * (1 - Math.cos(surfaceTilt * DEG))) / 2;
}
