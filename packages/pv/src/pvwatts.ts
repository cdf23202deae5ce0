/**
 * PVWatts DC power, system losses and inverter models.
 *
 * Dobos, A. P. (2014), "PVWatts Version 5 Manual", NREL/TP-6A20-62641, doi:10.2172/1158421:
 * DC model eq. 1–2, losses §3.7 (Table 3), inverter eq. 3–5 (efficiency curve fitted to CEC inverter data,
 * reference efficiency 0.9637).
 */

/**
 * PVWatts DC power: P_dc = P_dc0 · G / 1000 · (1 + γ · (T_cell − T_ref)).
 *
 * @param effectiveIrradiance - Irradiance reaching the cells, effective_irradiance [W/m²]
 * @param tempCell - Cell temperature, temp_cell [°C]
 * @param pdc0 - DC power at 1000 W/m² and the reference temperature, pdc0 [W]
 * @param gammaPdc - Power temperature coefficient, gamma_pdc, e.g. −0.004 [1/°C]
 * @param tempRef - Reference cell temperature, temp_ref, default 25 [°C]
 * @returns pdc [W]
 */
export function pvwattsDc(
  effectiveIrradiance: number,
  tempCell: number,
  pdc0: number,
  gammaPdc: number,
  tempRef = 25,
): number {
  return effectiveIrradiance * 0.001 * pdc0 * (1 + gammaPdc * (tempCell - tempRef));
}

/** System losses of PVWatts, each in percent [%]. */
export interface PvwattsLosses {
  soiling?: number;
  shading?: number;
  snow?: number;
  mismatch?: number;
  wiring?: number;
  connections?: number;
  lid?: number;
  nameplateRating?: number;
  age?: number;
  availability?: number;
}

/**
 * Combined PVWatts system losses: L = 100 · (1 − Π(1 − l_i / 100)).
 *
 * @param losses - Individual losses; defaults are the PVWatts v5 ones (soiling 2, shading 3, snow 0,
 * mismatch 2, wiring 2, connections 0.5, lid 1.5, nameplate 1, age 0, availability 3) [%]
 * @returns total loss [%]
 */
export function pvwattsLosses(losses: PvwattsLosses = {}): number {
  const {
    soiling = 2,
    shading = 3,
    snow = 0,
    mismatch = 2,
    wiring = 2,
    connections = 0.5,
    lid = 1.5,
    nameplateRating = 1,
    age = 0,
    availability = 3,
  } = losses;
  const parts = [
    soiling,
    shading,
    snow,
    mismatch,
    wiring,
    connections,
    lid,
    nameplateRating,
    age,
    availability,
  ];
  return 100 * (1 - parts.reduce((acc, l) => acc * (1 - l / 100), 1));
}

/**
 * PVWatts inverter: AC power with part-load efficiency and clipping at the AC rating.
 *
 * ζ = P_dc / P_dc0, η = η_nom / η_ref · (−0.0162·ζ − 0.0059/ζ + 0.9858), P_ac = min(η · P_dc, P_ac0) with
 * P_ac0 = η_nom · P_dc0, and P_ac ≥ 0 (no tare loss is drawn: at very low input the fit would go negative).
 *
 * @param pdc - DC input power, pdc [W]
 * @param pdc0 - DC input limit of the inverter, pdc0 [W]
 * @param etaInvNom - Nominal efficiency, eta_inv_nom, default 0.96 [unitless]
 * @param etaInvRef - Reference efficiency of the fit, eta_inv_ref, default 0.9637 [unitless]
 * @returns pac [W]
 */
export function pvwattsInverter(pdc: number, pdc0: number, etaInvNom = 0.96, etaInvRef = 0.9637): number {
  if (Number.isNaN(pdc)) return NaN;
  const pac0 = etaInvNom * pdc0;
  const zeta = pdc / pdc0;
  if (zeta <= 0) return 0;
  const eta = (etaInvNom / etaInvRef) * (-0.0162 * zeta - 0.0059 / zeta + 0.9858);
  return Math.max(Math.min(eta * pdc, pac0), 0);
}
