import type { TelemetryReading } from '@solarops/contracts';
import { encodeModel, layoutModel, modelDef, type Placement } from '@solarops/contracts/sunspec';

/** Steps of model 123's scaled points as the simulated inverters serve them: 0.1 %, 0.001 and 0.1 %. */
const WMAXLIMPCT_SF = -1;
const OUTPFSET_SF = -3;
const VARPCT_SF = -1;

/** A register's word as the signed 16-bit value it holds (VArWMaxPct is an int16). */
const int16 = (word: number): number => (word >= 0x8000 ? word - 0x10000 : word);

/**
 * A simulated inverter's SunSpec immediate controls (model 123), as its Modbus face serves them and takes writes to
 * them: the connection with its revert timer, the active power limit with its revert timer and enable flag, and the
 * power factor, and the reactive power setpoint as a share of the rated power (`VArWMaxPct`; held and read back, the
 * simulated output's reactive part is not modelled). A limit in force caps the inverter's output (`acLimitW`), disconnected it gives nothing; when a
 * revert timer runs out the limit is dropped (`WMaxLim_Ena` back to 0) and a connection change undone, as SunSpec
 * devices do when no one writes it again in time.
 */
export class ImmediateControls {
  private conn = 1;
  private connRevertS = 0;
  /** When a connection change is undone [ms], and the connection it goes back to. */
  private connRevert: { at: number; to: number } | undefined;
  private limitSteps = 1000;
  private limitRevertS = 0;
  private limitEnabled = 0;
  private pfSteps = 1000;
  private pfEnabled = 0;
  private varSteps = 0;
  private varMode = 0;
  private varEnabled = 0;
  /** When the limit reverts [ms], while a revert timer runs. */
  private revertAt: number | undefined;
  private readonly layout: Placement[];

  constructor(private readonly now: () => number = Date.now) {
    this.layout = layoutModel(modelDef(123)!, this.registers()).placements;
  }

  private runRevert(): void {
    if (this.connRevert && this.now() >= this.connRevert.at) {
      this.conn = this.connRevert.to;
      this.connRevert = undefined;
    }
    if (this.revertAt !== undefined && this.now() >= this.revertAt) {
      this.limitEnabled = 0;
      this.revertAt = undefined;
    }
  }

  /** Model 123 from its ID register on, as the device holds it now. */
  registers(): number[] {
    this.runRevert();
    return encodeModel(modelDef(123)!, {
      points: {
        Conn: this.conn,
        Conn_RvrtTms: this.connRevertS,
        WMaxLimPct: this.limitSteps * 10 ** WMAXLIMPCT_SF,
        WMaxLimPct_RvrtTms: this.limitRevertS,
        WMaxLim_Ena: this.limitEnabled,
        OutPFSet: this.pfSteps * 10 ** OUTPFSET_SF,
        OutPFSet_Ena: this.pfEnabled,
        VArWMaxPct: this.varSteps * 10 ** VARPCT_SF,
        VArPct_Mod: this.varMode,
        VArPct_Ena: this.varEnabled,
        WMaxLimPct_SF: WMAXLIMPCT_SF,
        OutPFSet_SF: OUTPFSET_SF,
        VArPct_SF: VARPCT_SF,
      },
    });
  }

  /**
   * Takes a write of `values` from `offset` (registers after the model's ID register): the Modbus exception code
   * that refuses it (2: a register it does not take, 3: a value out of range), or undefined once applied. Points it
   * does not implement are refused only when the write changes them.
   */
  write(offset: number, values: readonly number[]): number | undefined {
    const held = this.registers();
    const next = new Map<string, number>();
    for (const [i, v] of values.entries()) {
      const p = this.layout.find((x) => x.offset === offset + i);
      if (!p) {
        if (held[offset + i] === v) continue;
        return 2;
      }
      next.set(p.name, v);
    }
    const changed = (name: string) =>
      next.has(name) && next.get(name) !== held[this.layout.find((p) => p.name === name)!.offset];
    const writable = new Set([
      'Conn',
      'Conn_RvrtTms',
      'WMaxLimPct',
      'WMaxLimPct_RvrtTms',
      'WMaxLim_Ena',
      'OutPFSet',
      'OutPFSet_Ena',
      'VArWMaxPct',
      'VArPct_Mod',
      'VArPct_Ena',
    ]);
    for (const name of next.keys()) if (changed(name) && !writable.has(name)) return 2;
    const get = (name: string, current: number) => next.get(name) ?? current;
    const conn = get('Conn', this.conn);
    const connRevert = get('Conn_RvrtTms', this.connRevertS);
    const limit = get('WMaxLimPct', this.limitSteps);
    const revert = get('WMaxLimPct_RvrtTms', this.limitRevertS);
    const limitEnabled = get('WMaxLim_Ena', this.limitEnabled);
    const pf = get('OutPFSet', this.pfSteps);
    const pfEnabled = get('OutPFSet_Ena', this.pfEnabled);
    const reactive = next.has('VArWMaxPct') ? int16(next.get('VArWMaxPct')!) : this.varSteps;
    const varMode = get('VArPct_Mod', this.varMode);
    const varEnabled = get('VArPct_Ena', this.varEnabled);
    // The ranges a grid inverter takes: a limit 0-100 %, a power factor 0.8-1, enable flags and Conn 0 or 1.
    if (conn > 1 || limitEnabled > 1 || pfEnabled > 1 || varEnabled > 1 || varMode > 3) return 3;
    // Reactive power within ±100 % of the rated power.
    if (Math.abs(reactive) > 1000) return 3;
    if (limit > 1000 || pf < 800 || pf > 1000 || revert > 28_800 || connRevert > 28_800) return 3;
    if (changed('Conn'))
      this.connRevert = connRevert > 0 ? { at: this.now() + connRevert * 1000, to: this.conn } : undefined;
    this.conn = conn;
    this.connRevertS = connRevert;
    this.limitSteps = limit;
    this.limitRevertS = revert;
    this.limitEnabled = limitEnabled;
    this.pfSteps = pf;
    this.pfEnabled = pfEnabled;
    this.varSteps = reactive;
    this.varMode = varMode;
    this.varEnabled = varEnabled;
    if (changed('WMaxLimPct') || changed('WMaxLim_Ena') || next.has('WMaxLimPct_RvrtTms'))
      this.revertAt = limitEnabled && revert > 0 ? this.now() + revert * 1000 : undefined;
    return undefined;
  }

  /** The cap these controls put on an inverter of `ratedPowerW` now [W], or undefined when none. */
  acLimitW(ratedPowerW: number): number | undefined {
    this.runRevert();
    if (this.conn === 0) return 0;
    if (this.limitEnabled !== 1) return undefined;
    return (ratedPowerW * this.limitSteps * 10 ** WMAXLIMPCT_SF) / 100;
  }

  /**
   * `reading`, taken at the simulation's last step, as the inverter gives it under these controls now: a limit or a
   * disconnect written since then curtails its AC output at once, as a real inverter's does within its ramp time,
   * not only from the next step on (a whole step later: 5 minutes in the demo). Its currents follow the power in
   * proportion until that step works out the operating point again.
   */
  curtail(reading: TelemetryReading, ratedPowerW: number): TelemetryReading {
    const limitW = this.acLimitW(ratedPowerW);
    const w = reading.acPowerW;
    if (limitW === undefined || w === undefined || w <= limitW) return reading;
    const share = limitW / w;
    const scaled = (values: readonly number[] | undefined) => values?.map((v) => v * share);
    return {
      ...reading,
      acPowerW: limitW,
      ...(reading.gridCurrentA ? { gridCurrentA: scaled(reading.gridCurrentA) } : {}),
      ...(reading.pvCurrentA ? { pvCurrentA: scaled(reading.pvCurrentA) } : {}),
    };
  }
}
