/**
 * Plane-of-array (POA) irradiance: beam, sky diffuse and ground-reflected parts on a tilted plane.
 *
 * Sum of the components as in Loutzenhiser et al. (2007), Solar Energy 81(2), 254–267,
 * doi:10.1016/j.solener.2006.03.009, eq. 1.
 */
import { angleOfIncidence } from './angleOfIncidence.ts';
import { groundDiffuse } from './groundDiffuse.ts';
import { skyDiffuseHayDavies, skyDiffuseIsotropic } from './skyDiffuse.ts';

const DEG = Math.PI / 180;

/** Plane-of-array irradiance and its parts [W/m²]. */
export interface PoaIrradiance {
  /** Total in-plane irradiance, poa_global [W/m²]. */
  poaGlobal: number;
  /** Beam in-plane irradiance, poa_direct [W/m²]. */
  poaDirect: number;
  /** Sky plus ground diffuse, poa_diffuse [W/m²]. */
  poaDiffuse: number;
  /** Sky diffuse, poa_sky_diffuse [W/m²]. */
  poaSkyDiffuse: number;
  /** Ground-reflected diffuse, poa_ground_diffuse [W/m²]. */
  poaGroundDiffuse: number;
}

/**
 * Combines the parts: poa_direct = max(dni · cos θ, 0), poa_diffuse = sky + ground, poa_global = direct +
 * diffuse.
 *
 * @param aoi - Angle of incidence, aoi [deg]
 * @param dni - Direct normal irradiance, dni [W/m²]
 * @param poaSkyDiffuse - Sky diffuse on the plane, poa_sky_diffuse [W/m²]
 * @param poaGroundDiffuse - Ground-reflected diffuse on the plane, poa_ground_diffuse [W/m²]
 * @returns poa_global, poa_direct, poa_diffuse, poa_sky_diffuse, poa_ground_diffuse [W/m²]
 */
export function poaComponents(
  aoi: number,
  dni: number,
  poaSkyDiffuse: number,
  poaGroundDiffuse: number,
): PoaIrradiance {
  const poaDirect = Math.max(dni * Math.cos(aoi * DEG), 0);
  const poaDiffuse = poaSkyDiffuse + poaGroundDiffuse;
  return { poaGlobal: poaDirect + poaDiffuse, poaDirect, poaDiffuse, poaSkyDiffuse, poaGroundDiffuse };
}

/** Inputs of {@link totalIrradiance}. */
export interface TotalIrradianceInput {
  /** Panel tilt from horizontal, surface_tilt [deg]. */
  surfaceTilt: number;
  /** Panel azimuth, clockwise from north, surface_azimuth [deg]. */
  surfaceAzimuth: number;
  /** Solar zenith angle, solar_zenith [deg]. */
  solarZenith: number;
  /** Solar azimuth, solar_azimuth [deg]. */
  solarAzimuth: number;
  /** Direct normal irradiance, dni [W/m²]. */
  dni: number;
  /** Global horizontal irradiance, ghi [W/m²]. */
  ghi: number;
  /** Diffuse horizontal irradiance, dhi [W/m²]. */
  dhi: number;
  /** Extraterrestrial normal irradiance, dni_extra [W/m²]; needed by Hay–Davies. */
  dniExtra?: number;
  /** Ground reflectance, albedo [unitless]. Default 0.25. */
  albedo?: number;
  /** Sky diffuse model. Default 'haydavies' when dniExtra is given, else 'isotropic'. */
  model?: 'isotropic' | 'haydavies';
}

/**
 * Total plane-of-array irradiance from ghi, dni and dhi with the chosen sky diffuse model.
 *
 * @param input - Model, albedo [unitless], geometry [deg] and irradiance [W/m²]
 * @returns poa_global and its parts [W/m²]
 */
export function totalIrradiance(input: TotalIrradianceInput): PoaIrradiance {
  const {
    surfaceTilt,
    surfaceAzimuth,
    solarZenith,
    solarAzimuth,
    dni,
    ghi,
    dhi,
    dniExtra,
    albedo = 0.25,
  } = input;
  const model = input.model ?? (dniExtra === undefined ? 'isotropic' : 'haydavies');
  if (model === 'haydavies' && dniExtra === undefined)
    throw new Error('dniExtra is required for the haydavies model');
  const aoi = angleOfIncidence(surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth);
  const sky =
    model === 'haydavies'
      ? skyDiffuseHayDavies(surfaceTilt, surfaceAzimuth, dhi, dni, dniExtra ?? NaN, solarZenith, solarAzimuth)
          .skyDiffuse
      : skyDiffuseIsotropic(surfaceTilt, dhi);
  return poaComponents(aoi, dni, sky, groundDiffuse(surfaceTilt, ghi, albedo));
}
