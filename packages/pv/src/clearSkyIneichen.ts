/**
 * Ineichen–Perez clear-sky model.
 *
 * Ineichen, P. and Perez, R. (2002), "A new airmass independent formulation for the Linke turbidity
 * coefficient", Solar Energy 73(3), 151–157, doi:10.1016/S0038-092X(02)00045-2; with the optional
 * enhancement factor of Perez et al. (2002), "A new operational model for satellite-derived irradiances:
 * description and validation", Solar Energy 73(5), 307–317, doi:10.1016/S0038-092X(02)00122-6.
 */

/** Clear-sky irradiance components. */
export interface ClearSky {
  /** Global horizontal irradiance, ghi [W/m²]. */
  ghi: number;
  /** Direct normal irradiance, dni [W/m²]. */
  dni: number;
  /** Diffuse horizontal irradiance, dhi [W/m²]. */
  dhi: number;
}

/** Options of {@link clearSkyIneichen}. */
export interface IneichenOptions {
  /** Site altitude above sea level, altitude [m]. Default 0. */
  altitude?: number;
  /** Extraterrestrial normal irradiance, dni_extra [W/m²]. Default 1364, the value of the original paper. */
  dniExtra?: number;
  /** Apply the Perez et al. (2002) low-elevation enhancement to ghi. Default false. */
  perezEnhancement?: boolean;
}

/** numpy's `fmax`: the larger of two numbers, a NaN ignored when the other is a number. */
const fmax = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b));
/** numpy's `fmin`: the smaller of two numbers, a NaN ignored when the other is a number. */
const fmin = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b));

/**
 * Clear-sky ghi, dni and dhi by Ineichen & Perez (2002).
 *
 * With fh1 = exp(−h/8000), fh2 = exp(−h/1250), cg1 = 5.09e−5·h + 0.868, cg2 = 3.92e−5·h + 0.0387:
 * ghi = cg1 · I0 · cos z · exp(−cg2 · AM · (fh1 + fh2 · (TL − 1))),
 * dni = min(b · I0 · exp(−0.09 · AM · (TL − 1)), ghi · (1 − (0.1 − 0.2·exp(−TL))/(0.1 + 0.882/fh1)) / cos z)
 * with b = 0.664 + 0.163/fh1, and dhi = ghi − dni · cos z. NaN in the zenith, the turbidity or dni_extra gives
 * NaN outputs. A sun at or below the horizon (cos z ≤ 0) gives zero, also when its air mass is NaN (the air-mass
 * models have none there), as pvlib's `ineichen` does for scalars and arrays.
 *
 * @param apparentZenith - Refraction-corrected solar zenith angle, apparent_zenith [deg]
 * @param airmassAbsolute - Pressure-adjusted air mass, airmass_absolute [unitless]
 * @param linkeTurbidity - Linke turbidity factor, linke_turbidity [unitless]
 * @param options - Perez enhancement flag, altitude [m] and dni_extra [W/m²]
 * @returns ghi, dni and dhi [W/m²]
 */
export function clearSkyIneichen(
  apparentZenith: number,
  airmassAbsolute: number,
  linkeTurbidity: number,
  options: IneichenOptions = {},
): ClearSky {
  const { altitude = 0, dniExtra = 1364, perezEnhancement = false } = options;
  const tl = linkeTurbidity;
  const cosZ = Math.max(Math.cos((apparentZenith * Math.PI) / 180), 0);
  const fh1 = Math.exp(-altitude / 8000);
  const fh2 = Math.exp(-altitude / 1250);
  const cg1 = 5.09e-5 * altitude + 0.868;
  const cg2 = 3.92e-5 * altitude + 0.0387;
  let ghiFactor = Math.exp(-cg2 * airmassAbsolute * (fh1 + fh2 * (tl - 1)));
  // Perez et al. (2002) eq. 3: lifts ghi at low sun where the original model is too low.
  if (perezEnhancement) ghiFactor *= Math.exp(0.01 * airmassAbsolute ** 1.8);
  // tl/tl keeps a NaN turbidity visible in ghi. The clamps are NaN-ignoring, as pvlib's (numpy's fmax/fmin): a
  // NaN air mass (sun below the horizon) gives 0, not NaN.
  const ghi = ((cg1 * dniExtra * cosZ * tl) / tl) * fmax(ghiFactor, 0);
  const b = 0.664 + 0.163 / fh1;
  const bnci = dniExtra * fmax(b * Math.exp(-0.09 * airmassAbsolute * (tl - 1)), 0);
  // Upper bound of dni from ghi (eq. 9 of the paper); the clamp keeps cos z → 0 finite.
  const bnci2 = ghi * fmin(fmax((1 - (0.1 - 0.2 * Math.exp(-tl)) / (0.1 + 0.882 / fh1)) / cosZ, 0), 1e20);
  // Math.min, like numpy's minimum, keeps a NaN.
  const dni = Math.min(bnci, bnci2);
  const dhi = ghi - dni * cosZ;
  return { ghi, dni, dhi };
}
