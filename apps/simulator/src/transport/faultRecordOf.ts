import type { FaultRecordData } from '@solarops/contracts';
import { GRID_FAULT_KINDS, type ActiveFault } from '../physics/faultInjector.ts';
import { arcFaultSpectrum, gridFaultWaveform } from '../physics/faultSignals.ts';

/**
 * What a device records with a fault it raises, as real inverters keep it: the current spectrum of an arcing
 * string, or a few cycles of grid voltage and current around a grid trip. Other faults record nothing.
 *
 * @param fault - The fault raised
 * @param ratedPowerW - The device's AC rating [W], for the pre-fault current
 */
export function faultRecordOf(fault: ActiveFault, ratedPowerW: number): FaultRecordData | undefined {
  const seed = (fault.startedAtMs / 1000) ^ fault.code;
  if (fault.kind === 'arcFault') return { kind: 'arcSpectrum', points: arcFaultSpectrum(seed, true) };
  if (GRID_FAULT_KINDS.includes(fault.kind)) {
    // Single-phase equivalent at 230 V: the current the inverter fed before it tripped, at 60 % of its rating.
    const currentA = Math.max(1, (0.6 * ratedPowerW) / 230);
    return {
      kind: 'waveform',
      samples: gridFaultWaveform(fault.kind, seed, { voltageV: 230, frequencyHz: 50, currentA }).map((s) => ({
        timeMs: Math.round(s.timeMs * 1000) / 1000,
        voltage: Math.round(s.voltage * 10) / 10,
        current: Math.round(s.current * 100) / 100,
      })),
    };
  }
  return undefined;
}
