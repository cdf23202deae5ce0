import { describe, expect, it } from 'vitest';
import { clearSkyPlaneIrradiation, equatorFacing } from './clearSkyPlane.ts';

// Shanghai, facing south at 31°.
const site = { latitude: 31.2, longitude: 121.5, altitude: 10, ...equatorFacing(31.2) };
const day = (iso: string) => {
  const from = Date.parse(`${iso}T00:00:00+08:00`);
  return [from, from + 86_400_000] as const;
};

describe('clear-sky irradiation of a tilted plane', () => {
  it('gives a clear equinox day in Shanghai 6 to 8 kWh/m² in a plane facing south, and nothing at night', () => {
    const h = clearSkyPlaneIrradiation(site, ...day('2025-03-20'));
    expect(h.poaKwhM2).toBeGreaterThan(6);
    expect(h.poaKwhM2).toBeLessThan(8);
    const night = Date.parse('2025-03-20T22:00:00+08:00');
    expect(clearSkyPlaneIrradiation(site, night, night + 4 * 3_600_000).poaKwhM2).toBe(0);
  });

  it('tilts toward the equator: the winter plane gets more than the horizontal, the summer one less', () => {
    const flat = { ...site, surfaceTilt: 0 };
    expect(clearSkyPlaneIrradiation(site, ...day('2025-12-21')).poaKwhM2).toBeGreaterThan(
      1.3 * clearSkyPlaneIrradiation(flat, ...day('2025-12-21')).poaKwhM2,
    );
    expect(clearSkyPlaneIrradiation(site, ...day('2025-06-21')).poaKwhM2).toBeLessThan(
      clearSkyPlaneIrradiation(flat, ...day('2025-06-21')).poaKwhM2,
    );
  });

  it('weights hot cells down (γ < 0) and scales about with the clear-sky index; half a step counts half', () => {
    const [from, to] = day('2025-07-15');
    const h = clearSkyPlaneIrradiation(site, from, to);
    expect(h.temperatureWeightedKwhM2).toBeLessThan(h.poaKwhM2);
    expect(clearSkyPlaneIrradiation(site, from, to, { gammaPerK: 0 }).temperatureWeightedKwhM2).toBeCloseTo(
      h.poaKwhM2,
      10,
    );
    // Not exactly half: Hay–Davies weighs the circumsolar part by the beam's share of the extraterrestrial.
    const cloudy = clearSkyPlaneIrradiation(site, from, to, { clearSkyIndex: 0.5 }).poaKwhM2 / h.poaKwhM2;
    expect(cloudy).toBeGreaterThan(0.45);
    expect(cloudy).toBeLessThan(0.55);
    const noon = Date.parse('2025-07-15T12:00:00+08:00');
    const quarter = clearSkyPlaneIrradiation(site, noon, noon + 900_000).poaKwhM2;
    expect(clearSkyPlaneIrradiation(site, noon, noon + 450_000, { stepMs: 900_000 }).poaKwhM2).toBeCloseTo(
      quarter / 2,
      2,
    );
  });
});
