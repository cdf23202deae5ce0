/**
 * Signals recorded around a fault, for the arc-detection and small-machine fault-waveform screens.
 *
 * Arc spectrum: a DC series arc adds broadband noise to the string current, rising the spectrum floor
 * roughly as 1/f between about 10 kHz and 100 kHz, the band used by UL 1699B detectors; the healthy
 * spectrum shows the MPPT converter's switching line and its harmonics over a low floor.
 * Grid waveform: a few cycles of phase voltage and current sampled at 6.4 kHz (128 samples per 50 Hz
 * cycle, as in IEC 61000-4-30 class A instruments), with the fault shaping the voltage (sag, swell,
 * off-nominal frequency) and the current dropping to zero when the inverter trips.
 */
import type { FaultKind } from '@solarops/contracts';
import { gaussian, mulberry32 } from './random.ts';

/** One spectrum line. */
export interface SpectrumPoint {
  /** Frequency [Hz]. */
  frequencyHz: number;
  /** Amplitude, relative to full scale [unitless]. */
  amplitude: number;
}

/** One waveform sample. */
export interface WaveformSample {
  /** Time since the start of the record [ms]. */
  timeMs: number;
  /** Instantaneous phase voltage [V]. */
  voltage: number;
  /** Instantaneous phase current [A]. */
  current: number;
}

/**
 * Current spectrum of a PV string, with or without an arc.
 *
 * @param seed - Seed [unitless]
 * @param arc - True for an arcing string
 * @param options - Number of bins and maximum frequency [Hz]; switching frequency [Hz]
 * @returns spectrum points from 0 to the maximum frequency [Hz]
 */
export function arcFaultSpectrum(
  seed: number,
  arc = true,
  options: { bins?: number; maxFrequencyHz?: number; switchingHz?: number } = {},
): SpectrumPoint[] {
  const { bins = 256, maxFrequencyHz = 125_000, switchingHz = 16_000 } = options;
  const rng = mulberry32(seed);
  return Array.from({ length: bins }, (_, k) => {
    const f = ((k + 1) * maxFrequencyHz) / bins;
    let a = 0.002 + 0.001 * Math.abs(gaussian(rng(), rng()));
    // Switching line and harmonics of the DC/DC converter.
    for (let h = 1; h * switchingHz <= maxFrequencyHz; h++) {
      const d = (f - h * switchingHz) / (maxFrequencyHz / bins);
      a += (0.05 / h) * Math.exp(-0.5 * d * d);
    }
    if (arc) a += (0.4 * (1 + 0.5 * Math.abs(gaussian(rng(), rng())))) / (1 + f / 4000);
    return { frequencyHz: Math.round(f), amplitude: Math.round(a * 1e5) / 1e5 };
  });
}

/**
 * Phase voltage and current around a grid fault.
 *
 * The first third of the record is pre-fault; the fault then applies: over-voltage ×1.15, under-voltage
 * ×0.75, frequency ±0.7 Hz; after two cycles of fault the inverter trips and its current falls to zero.
 *
 * @param kind - Grid fault kind (other kinds give a healthy record)
 * @param seed - Seed for the measurement noise [unitless]
 * @param nominal - Phase voltage RMS [V], frequency [Hz] and current RMS before the fault [A]
 * @param cycles - Record length in nominal cycles, default 8 [unitless]
 * @returns samples at 128 per nominal cycle: time [ms], voltage [V], current [A]
 */
export function gridFaultWaveform(
  kind: FaultKind,
  seed: number,
  nominal: { voltageV: number; frequencyHz: number; currentA: number },
  cycles = 8,
): WaveformSample[] {
  const rng = mulberry32(seed);
  const perCycle = 128;
  const dt = 1 / (nominal.frequencyHz * perCycle);
  const n = cycles * perCycle;
  const faultStart = Math.floor(n / 3);
  const tripAt = faultStart + 2 * perCycle;
  let phase = 0;
  const out: WaveformSample[] = [];
  for (let i = 0; i < n; i++) {
    const inFault = i >= faultStart;
    let vScale = 1;
    let f = nominal.frequencyHz;
    if (inFault && kind === 'gridOverVoltage') vScale = 1.15;
    if (inFault && kind === 'gridUnderVoltage') vScale = 0.75;
    if (inFault && kind === 'gridOverFrequency') f += 0.7;
    if (inFault && kind === 'gridUnderFrequency') f -= 0.7;
    phase += 2 * Math.PI * f * dt;
    const noise = 1 + 0.003 * gaussian(rng(), rng());
    const v = Math.SQRT2 * nominal.voltageV * vScale * Math.sin(phase) * noise;
    const tripped = kind.startsWith('grid') && i >= tripAt;
    const iAmp = tripped ? 0 : Math.SQRT2 * nominal.currentA;
    // A small third harmonic, typical of inverter output current.
    const c =
      iAmp * (Math.sin(phase) + 0.03 * Math.sin(3 * phase)) +
      0.01 * nominal.currentA * gaussian(rng(), rng());
    out.push({
      timeMs: Math.round(i * dt * 1e6) / 1e3,
      voltage: Math.round(v * 10) / 10,
      current: Math.round(c * 1000) / 1000,
    });
  }
  return out;
}
