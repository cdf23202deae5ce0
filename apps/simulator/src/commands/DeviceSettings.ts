import {
  fromRegister,
  pointValueError,
  profileForModel,
  toRegister,
  type DispatchSchedule,
  type SettingPoint,
  type SettingsProfile,
} from '@solarops/contracts';
import type { BatteryCommand, DeviceControls } from '../physics/deviceState.ts';
import { localTime } from '../physics/localTime.ts';

/** A register as commands carry it. */
export interface RegisterWrite {
  address: number;
  value: number;
}

/** The device-specific facts the registers start from. */
export interface DeviceFacts {
  model: string;
  ratedPowerW: number;
  /** Hybrid inverters: battery capacity [Wh] and nominal voltage [V]. */
  battery?: { capacityWh: number; nominalVoltageV: number };
  /** The plant's IANA time zone (schedules run on local time). */
  timeZone: string;
}

/**
 * A simulated device's settings, held as raw holding registers laid out by its settings profile, and what they
 * make the device do: the power limit and feed-in limit cap the AC output, the battery schedule drives the
 * battery, a revert timer restores the previous value when it runs out. Live measurements (power, reactive power,
 * SoC) are written into their read-only registers after each step.
 */
export class DeviceSettings {
  private readonly registers = new Map<number, number>();
  private readonly byAddress = new Map<number, SettingPoint>();
  /** Pending reverts by address: when, and the raw value to restore. */
  private readonly reverts = new Map<number, { at: number; raw: number }>();
  schedule: DispatchSchedule | undefined;

  constructor(
    readonly profile: SettingsProfile,
    private readonly facts: DeviceFacts,
    private readonly now: () => number = Date.now,
  ) {
    for (const p of profile.points) {
      this.byAddress.set(p.register, p);
      const initial =
        p.default ??
        (p.name === 'ratedPowerW'
          ? facts.ratedPowerW
          : p.name === 'batteryCapacityAh' && facts.battery
            ? Math.round(facts.battery.capacityWh / facts.battery.nominalVoltageV)
            : 0);
      this.registers.set(p.register, toRegister(p, Math.min(Math.max(initial, p.min), p.max)));
    }
  }

  /** The settings of a device model, or undefined when its model has no profile. */
  static of(facts: DeviceFacts, now?: () => number): DeviceSettings | undefined {
    const profile = profileForModel(facts.model);
    return profile ? new DeviceSettings(profile, facts, now) : undefined;
  }

  /** A point's engineering value. */
  value(name: string): number | undefined {
    this.runReverts();
    const p = this.profile.points.find((x) => x.name === name);
    return p ? fromRegister(p, this.registers.get(p.register) ?? 0) : undefined;
  }

  /** Raw register values by address (an address no point holds reads 0, as many loggers answer). */
  read(addresses: readonly number[]): Record<string, number> {
    this.runReverts();
    return Object.fromEntries(addresses.map((a) => [String(a), this.registers.get(a) ?? 0]));
  }

  /** Seconds left on each running revert timer, by address. */
  revertLeftS(): Record<string, number> {
    this.runReverts();
    const now = this.now();
    return Object.fromEntries([...this.reverts].map(([a, r]) => [String(a), Math.ceil((r.at - now) / 1000)]));
  }

  /** Why these writes are refused (in the device's words), or undefined: every one must be a writable point in range. */
  refusal(writes: readonly RegisterWrite[]): string | undefined {
    for (const w of writes) {
      const p = this.byAddress.get(w.address);
      if (!p) return `illegal data address ${w.address}`;
      const value = fromRegister(p, w.value);
      const error = pointValueError(p, value);
      if (error === 'commands.readOnly') return `${p.name} is read-only`;
      if (error) return `${p.name} ${value} outside ${p.min}..${p.max}`;
    }
    return undefined;
  }

  /**
   * Writes registers as one transaction (checked first by `refusal`); returns the previous raw values. A point
   * with a revert timer set (> 0) gets its previous value back when the timer runs out.
   */
  write(writes: readonly RegisterWrite[]): Record<string, number> {
    this.runReverts();
    const previous: Record<string, number> = {};
    for (const w of writes) previous[String(w.address)] = this.registers.get(w.address) ?? 0;
    for (const w of writes) this.registers.set(w.address, w.value);
    for (const w of writes) {
      const p = this.byAddress.get(w.address)!;
      if (!p.revertTimer) continue;
      const timer = this.value(p.revertTimer) ?? 0;
      if (timer > 0)
        this.reverts.set(w.address, { at: this.now() + timer * 1000, raw: previous[String(w.address)]! });
      else this.reverts.delete(w.address);
    }
    return previous;
  }

  private runReverts(): void {
    const now = this.now();
    for (const [address, r] of this.reverts) {
      if (r.at > now) continue;
      this.registers.set(address, r.raw);
      this.reverts.delete(address);
    }
  }

  private setLive(name: string, value: number): void {
    const p = this.profile.points.find((x) => x.name === name);
    if (p) this.registers.set(p.register, toRegister(p, Math.min(Math.max(value, p.min), p.max)));
  }

  /**
   * Records the step's measurements in the live registers: AC power, the reactive power the power factor (or the
   * reactive setpoint) makes of it, the battery's SoC and power.
   */
  observe(m: { acPowerW: number; battery?: { socPercent: number; powerW: number } }): void {
    this.setLive('acPowerW', m.acPowerW);
    const pf = this.value('powerFactor');
    if (pf !== undefined) {
      const sign = this.value('powerFactorExcitation') === 1 ? -1 : 1;
      const q =
        pf < 1
          ? sign * m.acPowerW * Math.tan(Math.acos(pf))
          : ((this.value('reactivePowerPct') ?? 0) / 100) * this.facts.ratedPowerW;
      this.setLive('reactivePowerVar', q);
    }
    if (m.battery) {
      this.setLive('batterySocPct', m.battery.socPercent);
      this.setLive('batteryPowerW', m.battery.powerW);
    }
  }

  /** What the device acts on now: its output cap and its battery schedule. */
  controls(): DeviceControls {
    const limitPct = this.value('activePowerLimitPct') ?? this.value('feedInLimitPct');
    const controls: DeviceControls = {};
    if (limitPct !== undefined && limitPct < 100)
      controls.acLimitW = (this.facts.ratedPowerW * limitPct) / 100;
    const exportLimit = this.value('exportLimitW');
    if (exportLimit !== undefined && exportLimit < this.facts.ratedPowerW)
      controls.acLimitW = Math.min(controls.acLimitW ?? Infinity, exportLimit);
    // Disconnected from the grid, it gives nothing until connected again (or its revert timer runs out).
    if (this.value('connection') === 0) controls.acLimitW = 0;
    if (this.schedule) {
      const schedule = this.schedule;
      controls.batteryAt = (timeMs) => slotAt(schedule, this.facts.timeZone, timeMs);
    }
    return controls;
  }
}

/** The slot of a schedule in force at an instant (weekend = local Saturday and Sunday). */
export function slotAt(
  schedule: DispatchSchedule,
  timeZone: string,
  timeMs: number,
): BatteryCommand | undefined {
  const local = localTime(timeZone, timeMs);
  const [y, m, d] = local.dayKey.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const slots = weekday === 0 || weekday === 6 ? schedule.weekend : schedule.weekday;
  const minute = local.hour * 60;
  const slot = slots.find((s) => s.start <= minute && minute < s.end);
  return slot
    ? { mode: slot.mode, powerW: slot.powerW, socMin: slot.socMin, socMax: slot.socMax }
    : undefined;
}
