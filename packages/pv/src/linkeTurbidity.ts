/**
 * A coarse Linke turbidity climatology by latitude and month.
 *
 * The usual source is the SoDa/Meteotest monthly world maps (Remund, J. et al. (2003), "Worldwide Linke
 * turbidity information", ISES Solar World Congress), a 1/12° gridded file of about 16 MB whose licence
 * does not let us ship it. The console only needs plausible clear-sky levels for simulation and for
 * "expected power" hints, so we use a smooth zonal fit to the shape of those maps instead:
 *
 * TL(φ, m) = 2.2 + 1.3 · cos²(φ) + 0.5 · s(φ) · cos(2π(m − 7)/12)
 *
 * where s(φ) = +1 north of the equator and −1 south of it (turbidity peaks in the local summer: moister,
 * dustier air), fading to 0 at the equator as |sin φ|^0.5. The result stays within about 1.7..4.0, which
 * is the range of the maps over land outside deserts and megacities. Decision: docs/nomenclature.md
 * (section "Data not shipped").
 */

/**
 * Climatological Linke turbidity factor.
 *
 * @param latitude - Site latitude, north positive, latitude [deg]
 * @param month - Calendar month, 1 = January; fractional months interpolate smoothly [month]
 * @returns linke_turbidity [unitless]
 */
export function linkeTurbidityClimatology(latitude: number, month: number): number {
  const phi = (latitude * Math.PI) / 180;
  const hemisphere = Math.sign(latitude) * Math.sqrt(Math.abs(Math.sin(phi)));
  const seasonal = Math.cos((2 * Math.PI * (month - 7)) / 12);
  return 2.2 + 1.3 * Math.cos(phi) ** 2 + 0.5 * hemisphere * seasonal;
}
