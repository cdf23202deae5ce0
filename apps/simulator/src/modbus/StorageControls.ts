import { encodeModel, layoutModel, modelDef, type Placement } from '@solarops/contracts/sunspec';
import type { BatteryCommand } from '../physics/deviceState.ts';

/** Steps of the scaled points as the simulated batteries serve them: rates in 0.1 %, states of charge in 0.1 %. */
const RATE_SF = -1;
const SOC_SF = -1;

/** An int16 register as its signed value. */
const signed = (word: number) => (word >= 0x8000 ? word - 0x10000 : word);

/** The layout of a model as the simulator serves it (no repeating groups in 124 or 802: one for all). */
const layoutOf = (id: number): Placement[] =>
  layoutModel(modelDef(id)!, encodeModel(modelDef(id)!, { points: {} })).placements;

/**
 * A simulated hybrid inverter's battery controls as its Modbus face serves them and takes writes to them: SunSpec
 * storage (124: which rate is in force, the charge and discharge rates with their revert timer) and the battery
 * model's settings (802: the state-of-charge reserve, connect or disconnect). What they hold drives the battery
 * (`command`): a rate in force charges or discharges it at that share of its largest power, within the reserve,
 * a disconnected battery holds; when the rates' revert timer runs out they are no longer in force.
 */
export class StorageControls {
  private storCtl = 0;
  private inRate = 1000;
  private outRate = 1000;
  private rateRevertS = 0;
  /** When the rates stop being in force [ms], while their revert timer runs. */
  private revertAt: number | undefined;
  private reserveMin = 100;
  private reserveMax = 950;
  private setOp = 1;
  private readonly layouts = new Map([
    [124, layoutOf(124)],
    [802, layoutOf(802)],
  ]);

  constructor(
    private readonly battery: { maxChargeW: number; maxDischargeW: number },
    private readonly now: () => number = Date.now,
  ) {}

  private runRevert(): void {
    if (this.revertAt !== undefined && this.now() >= this.revertAt) {
      this.storCtl = 0;
      this.revertAt = undefined;
    }
  }

  /** Model 124 from its ID register on, as the device holds it now. */
  storage(): number[] {
    this.runRevert();
    return encodeModel(modelDef(124)!, {
      points: {
        WChaMax: this.battery.maxChargeW,
        StorCtl_Mod: this.storCtl,
        OutWRte: this.outRate * 10 ** RATE_SF,
        InWRte: this.inRate * 10 ** RATE_SF,
        InOutWRte_RvrtTms: this.rateRevertS,
        WChaMax_SF: 0,
        InOutWRte_SF: RATE_SF,
      },
    });
  }

  /** The battery model's (802) settings, among the values the image serves of it. */
  batteryPoints(): Record<string, number> {
    return {
      SoCRsvMin: this.reserveMin * 10 ** SOC_SF,
      SocRsvMax: this.reserveMax * 10 ** SOC_SF,
      SetOp: this.setOp,
    };
  }

  /**
   * Takes a write of `values` from `offset` (registers after the model's ID register) of model 124 or 802 (whose
   * current registers are `held`): the Modbus exception code that refuses it (2: a register it does not take, 3:
   * a value out of range), or undefined once applied. Points it does not take are refused only when changed.
   */
  write(
    model: 124 | 802,
    held: readonly number[],
    offset: number,
    values: readonly number[],
  ): number | undefined {
    const layout = this.layouts.get(model)!;
    const next = new Map<string, number>();
    for (const [i, v] of values.entries()) {
      const p = layout.find((x) => x.offset === offset + i);
      if (!p) {
        if (held[offset + i] === v) continue;
        return 2;
      }
      next.set(p.name, v);
    }
    const writable =
      model === 124
        ? ['StorCtl_Mod', 'OutWRte', 'InWRte', 'InOutWRte_RvrtTms']
        : ['SoCRsvMin', 'SocRsvMax', 'SetOp'];
    const changed = (name: string) =>
      next.has(name) && next.get(name) !== held[layout.find((p) => p.name === name)!.offset];
    for (const name of next.keys()) if (changed(name) && !writable.includes(name)) return 2;
    const get = (name: string, current: number) => next.get(name) ?? current;
    if (model === 124) {
      const storCtl = get('StorCtl_Mod', this.storCtl);
      const inRate = signed(get('InWRte', this.inRate & 0xffff));
      const outRate = signed(get('OutWRte', this.outRate & 0xffff));
      const revert = get('InOutWRte_RvrtTms', this.rateRevertS);
      if (storCtl > 3 || Math.abs(inRate) > 1000 || Math.abs(outRate) > 1000 || revert > 28_800) return 3;
      this.storCtl = storCtl;
      this.inRate = inRate;
      this.outRate = outRate;
      this.rateRevertS = revert;
      if (next.size > 0) this.revertAt = storCtl !== 0 && revert > 0 ? this.now() + revert * 1000 : undefined;
      return undefined;
    }
    const reserveMin = get('SoCRsvMin', this.reserveMin);
    const reserveMax = get('SocRsvMax', this.reserveMax);
    const setOp = get('SetOp', this.setOp);
    if (reserveMin > reserveMax || reserveMax > 1000 || (setOp !== 1 && setOp !== 2)) return 3;
    this.reserveMin = reserveMin;
    this.reserveMax = reserveMax;
    this.setOp = setOp;
    return undefined;
  }

  /** What the battery does under these controls, or undefined when they leave it to its own schedule. */
  command(): BatteryCommand | undefined {
    this.runRevert();
    const bounds = { socMin: this.reserveMin * 10 ** SOC_SF, socMax: this.reserveMax * 10 ** SOC_SF };
    if (this.setOp === 2) return { mode: 'hold', powerW: 0, ...bounds };
    // A positive charge rate in force charges; a positive discharge rate in force discharges.
    if (this.storCtl & 1 && this.inRate > 0)
      return { mode: 'charge', powerW: (this.battery.maxChargeW * this.inRate) / 1000, ...bounds };
    if (this.storCtl & 2 && this.outRate > 0)
      return { mode: 'discharge', powerW: (this.battery.maxDischargeW * this.outRate) / 1000, ...bounds };
    if (this.reserveMin !== 100 || this.reserveMax !== 950)
      return { mode: 'selfConsumption', powerW: Infinity, ...bounds };
    return undefined;
  }
}
