/**
 * Module and cell temperature: the Sandia (SAPM) and Faiman models.
 *
 * SAPM: King, D. L., Boyson, W. E. and Kratochvil, J. A. (2004), "Photovoltaic Array Performance Model",
 * SAND2004-3535, eq. 11–12, doi:10.2172/919131.
 * Faiman: Faiman, D. (2008), "Assessing the outdoor operating temperature of photovoltaic modules",
 * Progress in Photovoltaics 16(4), 307–315, doi:10.1002/pip.813; the default U0, U1 are the IEC 61853-2
 * clause 8 reference values of the open-rack glass/backsheet module.
 */

/** SAPM thermal parameters: a [unitless], b [s/m], deltaT [°C]. */
export interface SapmTemperatureParameters {
  /** Upper limit of module temperature at low wind, a [unitless] (ln of °C per W/m²). */
  a: number;
  /** Rate of decrease with wind speed, b [s/m]. */
  b: number;
  /** Cell–back-surface difference at 1000 W/m², deltaT [°C]. */
  deltaT: number;
}

/** SAPM thermal parameters by mounting (SAND2004-3535, Table 1). */
export const SAPM_TEMPERATURE_PARAMETERS = {
  openRackGlassGlass: { a: -3.47, b: -0.0594, deltaT: 3 },
  closeMountGlassGlass: { a: -2.98, b: -0.0471, deltaT: 1 },
  openRackGlassPolymer: { a: -3.56, b: -0.075, deltaT: 3 },
  insulatedBackGlassPolymer: { a: -2.81, b: -0.0455, deltaT: 0 },
} as const satisfies Record<string, SapmTemperatureParameters>;

/**
 * SAPM back-surface module temperature: T_m = E · exp(a + b · WS) + T_a (eq. 11).
 *
 * @param poaGlobal - In-plane irradiance, poa_global [W/m²]
 * @param tempAir - Ambient air temperature, temp_air [°C]
 * @param windSpeed - Wind speed at 10 m, wind_speed [m/s]
 * @param a - Parameter a [unitless]
 * @param b - Parameter b [s/m]
 * @returns temp_module [°C]
 */
export function sapmModuleTemperature(
  poaGlobal: number,
  tempAir: number,
  windSpeed: number,
  a: number,
  b: number,
): number {
  return poaGlobal * Math.exp(a + b * windSpeed) + tempAir;
}

/**
 * SAPM cell temperature: T_c = T_m + E / 1000 · ΔT (eq. 12).
 *
 * @param poaGlobal - In-plane irradiance, poa_global [W/m²]
 * @param tempAir - Ambient air temperature, temp_air [°C]
 * @param windSpeed - Wind speed at 10 m, wind_speed [m/s]
 * @param params - SAPM parameters, default open rack glass/glass: a [unitless], b [s/m], deltaT [°C]
 * @returns temp_cell [°C]
 */
export function sapmCellTemperature(
  poaGlobal: number,
  tempAir: number,
  windSpeed: number,
  params: SapmTemperatureParameters = SAPM_TEMPERATURE_PARAMETERS.openRackGlassGlass,
): number {
  return (
    sapmModuleTemperature(poaGlobal, tempAir, windSpeed, params.a, params.b) +
    (poaGlobal / 1000) * params.deltaT
  );
}

/**
 * Faiman module temperature: T_m = T_a + E / (U0 + U1 · WS).
 *
 * @param poaGlobal - In-plane irradiance, poa_global [W/m²]
 * @param tempAir - Ambient air temperature, temp_air [°C]
 * @param windSpeed - Wind speed, wind_speed, default 1 [m/s]
 * @param u0 - Combined heat loss factor, u0, default 25.0 [W/(m²·°C)]
 * @param u1 - Wind-dependent heat loss factor, u1, default 6.84 [W·s/(m³·°C)]
 * @returns temp_module [°C]
 */
export function faimanTemperature(
  poaGlobal: number,
  tempAir: number,
  windSpeed = 1,
  u0 = 25.0,
  u1 = 6.84,
): number {
  return tempAir + poaGlobal / (u0 + u1 * windSpeed);
}
