import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  HYBRID_REGISTER,
  pointOf,
  profileFound,
  SUNSPEC_INVERTER,
  type SettingPoint,
} from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { SettingsForm } from './SettingsForm.tsx';
import {
  changedValues,
  formatPointValue,
  hhmm,
  minutesOf,
  problemOf,
  profileOffered,
} from './settingsForm.ts';

const point = (profile: typeof SUNSPEC_INVERTER, name: string): SettingPoint => pointOf(profile, name)!;
const LIMIT = point(SUNSPEC_INVERTER, 'activePowerLimitPct');
const PF = point(SUNSPEC_INVERTER, 'powerFactor');
const RATED = point(SUNSPEC_INVERTER, 'ratedPowerW');
const MODE = point(HYBRID_REGISTER, 'workMode');
const SLOT_START = point(HYBRID_REGISTER, 'slot1Start');
const t = (k: string) => k;

/** The sunspec profile's current values as a device would answer a read. */
const SUNSPEC_VALUES = Object.fromEntries(
  SUNSPEC_INVERTER.points.map((p) => [p.name, p.type === 'number' ? p.max : p.min]),
);

afterEach(() => vi.useRealTimers());

describe('settings values against the profile', () => {
  it('refuses out of range, between register steps (the scale factor), read-only and unknown options', () => {
    // activePowerLimitPct: 0..100 % at scale −1 (0.1 % steps).
    expect(problemOf(LIMIT, 50)).toBeUndefined();
    expect(problemOf(LIMIT, 49.9)).toBeUndefined();
    expect(problemOf(LIMIT, 100.1)).toEqual({ key: 'outOfRange', values: { min: 0, max: 100, unit: '%' } });
    expect(problemOf(LIMIT, -1)?.key).toBe('outOfRange');
    expect(problemOf(LIMIT, 49.95)).toEqual({ key: 'resolution', values: { step: 0.1 } });
    expect(problemOf(PF, 0.79)?.key).toBe('outOfRange');
    expect(problemOf(PF, 0.955)).toBeUndefined();
    expect(problemOf(RATED, 1000)?.key).toBe('readOnly');
    expect(problemOf(MODE, 1)).toBeUndefined();
    expect(problemOf(MODE, 1.5)?.key).toBe('notAnOption');
    expect(problemOf(LIMIT, undefined)?.key).toBe('required');
    expect(problemOf(SLOT_START, Number.NaN)?.key).toBe('notANumber');
  });

  it('reads and writes times as HH:MM and shows values with their decimals, unit and option label', () => {
    expect(hhmm(0)).toBe('00:00');
    expect(hhmm(1439)).toBe('23:59');
    expect(minutesOf('7:30')).toBe(450);
    expect(minutesOf('24:00')).toBeNaN();
    expect(formatPointValue(LIMIT, 50, 'en', t)).toBe('50.0 %');
    expect(formatPointValue(PF, 0.95, 'en', t)).toBe('0.950');
    expect(formatPointValue(MODE, 1, 'en', t)).toBe('Zero export to load');
    expect(formatPointValue(MODE, 1, 'zh', t)).toBe('零输出（负载）');
    expect(formatPointValue(SLOT_START, 390, 'en', t)).toBe('06:30');
  });

  it('sends only what changed, never a read-only point, and a time-of-use slot whole', () => {
    const current = {
      workMode: 0,
      exportLimitW: 5000,
      slot1Start: 60,
      slot1PowerW: 2000,
      slot1Soc: 80,
      slot1GridCharge: 0,
    };
    expect(
      changedValues(HYBRID_REGISTER.points, current, { ...current, workMode: 1, batteryCapacityAh: 1 }),
    ).toEqual({
      workMode: 1,
    });
    expect(changedValues(HYBRID_REGISTER.points, current, { ...current, slot1PowerW: 3000 })).toEqual({
      slot1Start: 60,
      slot1PowerW: 3000,
      slot1Soc: 80,
      slot1GridCharge: 0,
    });
  });
});

// Ant Design forms render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('the settings form', { timeout: 60_000 }, () => {
  it('has a row for every point of a profile, read-only ones without an input', async () => {
    await changeLanguage('en');
    render(<SettingsForm profile={SUNSPEC_INVERTER} current={SUNSPEC_VALUES} onSubmit={() => undefined} />);
    for (const p of SUNSPEC_INVERTER.points)
      expect(screen.getByTestId(`current-${p.name}`)).toBeInTheDocument();
    expect(screen.getByText('Power control')).toBeInTheDocument();
    const ratedRow = screen.getByTestId('current-ratedPowerW').closest('tr')!;
    expect(within(ratedRow).getByText('Read only')).toBeInTheDocument();
    expect(within(ratedRow).queryByRole('spinbutton')).toBeNull();
    expect(screen.getByTestId('current-activePowerLimitPct')).toHaveTextContent('100.0 %');
  });

  it('shows the revert timer as time left, counting down to "reverted"', async () => {
    await changeLanguage('en');
    // Only the clock is fake, so that the time left is exact on any machine; the countdown's ticks stay real.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T10:00:00Z') });
    render(
      <SettingsForm
        profile={SUNSPEC_INVERTER}
        current={{ ...SUNSPEC_VALUES, activePowerLimitPct: 50 }}
        reverts={{ activePowerLimitPct: Date.parse('2026-11-24T10:02:05Z') }}
        onSubmit={() => undefined}
      />,
    );
    const row = screen.getByTestId('current-activePowerLimitPct').closest('tr')!;
    expect(within(row).getByTestId('revert-countdown')).toHaveTextContent('Reverts in 2:05');
    vi.setSystemTime(Date.parse('2026-11-24T10:01:05Z'));
    // The countdown ticks once a second on the real clock, so a wait needs more than vi.waitFor's 1 s default.
    await vi.waitFor(
      () => expect(within(row).getByTestId('revert-countdown')).toHaveTextContent('Reverts in 1:00'),
      { timeout: 10_000 },
    );
    vi.setSystemTime(Date.parse('2026-11-24T10:03:00Z'));
    await vi.waitFor(
      () => expect(within(row).getByTestId('revert-countdown')).toHaveTextContent('Reverted'),
      {
        timeout: 10_000,
      },
    );
  });

  it('refuses an out-of-range edit with the range before anything is sent, then sends the valid one only', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SettingsForm profile={SUNSPEC_INVERTER} current={SUNSPEC_VALUES} onSubmit={onSubmit} />);
    const limit = screen.getByRole('spinbutton', { name: 'Active power limit' });
    await user.clear(limit);
    await user.type(limit, '120');
    await user.click(screen.getByTestId('settings-submit'));
    expect(await screen.findByText('Must be from 0 to 100 %')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(limit);
    await user.type(limit, '50');
    await user.click(screen.getByTestId('settings-submit'));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ activePowerLimitPct: 50 }));
  });

  it('offers switching an inverter off by name, "Disconnect", beside "Connect", in English and Chinese', async () => {
    const connection = point(SUNSPEC_INVERTER, 'connection');
    expect(formatPointValue(connection, 0, 'en', t)).toBe('Disconnect');
    expect(formatPointValue(connection, 0, 'zh', t)).toBe('断开（脱网）');
    await changeLanguage('en');
    const { unmount } = render(
      <SettingsForm
        profile={SUNSPEC_INVERTER}
        current={{ ...SUNSPEC_VALUES, connection: 1 }}
        onSubmit={() => undefined}
      />,
    );
    expect(screen.getByTestId('current-connection')).toHaveTextContent(/^Connect$/);
    expect(screen.getByTestId('current-connectionRevertS')).toBeInTheDocument();
    expect(screen.getAllByText('Grid connection').length).toBeGreaterThan(0);
    unmount();
    await changeLanguage('zh');
    render(
      <SettingsForm
        profile={SUNSPEC_INVERTER}
        current={{ ...SUNSPEC_VALUES, connection: 1 }}
        onSubmit={() => undefined}
      />,
    );
    expect(screen.getByTestId('current-connection')).toHaveTextContent('连接（并网）');
    expect(screen.getAllByText('并网连接').length).toBeGreaterThan(0);
  });

  it('offers a device behind an edge agent exactly the points its discovery found, in English and Chinese', async () => {
    // As the server lists them: a DER device (the 1547 models, no 123) and a SunSpec inverter with 123 and no trip
    // models, each with the points of its profile that it has.
    const devices = [
      {
        serial: 'SIN000000701',
        points: profileFound(SUNSPEC_INVERTER, [1, 701, 702, 703, 704]).points.map((p) => p.name),
      },
      {
        serial: 'SIN000000123',
        points: profileFound(SUNSPEC_INVERTER, [1, 101, 120, 121, 123]).points.map((p) => p.name),
      },
      {
        serial: 'SIN000000124',
        points: profileFound(SUNSPEC_INVERTER, [1, 103, 123, 124, 802]).points.map((p) => p.name),
      },
      { serial: 'SIN000000001' },
    ];
    const der = profileOffered(SUNSPEC_INVERTER, devices, ['SIN000000701']);
    const names = (p: typeof der) => p.points.map((x) => x.name);
    expect(names(der)).toEqual([
      'connection',
      'activePowerLimitPct',
      'activePowerLimitRevertS',
      'powerFactor',
      'powerFactorRevertS',
      'enterServiceDelayS',
    ]);
    // Model 123 everything it holds, its nameplate (121), no trip limits; a device of ours all of its profile.
    const immediate = names(profileOffered(SUNSPEC_INVERTER, devices, ['SIN000000123']));
    expect(immediate).toContain('activePowerLimitWindowS');
    expect(immediate).toContain('ratedPowerW');
    expect(immediate).not.toContain('gridOverVoltage');
    // Battery controls only where a storage (124) or battery (802) model was found; never on a model of our own.
    const storage = names(profileOffered(SUNSPEC_INVERTER, devices, ['SIN000000124']));
    expect(storage).toEqual(
      expect.arrayContaining(['batteryChargeRatePct', 'batteryControl', 'batteryOperation']),
    );
    expect(immediate).not.toContain('batteryChargeRatePct');
    const own = names(profileOffered(SUNSPEC_INVERTER, devices, ['SIN000000001']));
    expect(own).toContain('gridOverVoltage');
    expect(own.filter((n) => n.startsWith('battery'))).toEqual([]);
    // Chosen together: what both have.
    expect(names(profileOffered(SUNSPEC_INVERTER, devices, ['SIN000000701', 'SIN000000123']))).toEqual(
      names(der).filter((n) => n !== 'enterServiceDelayS'),
    );

    for (const [lang, shown, absent] of [
      ['en', 'Power limit revert time', 'Power limit window'],
      ['zh', '有功限制恢复时间', '有功限制随机窗口'],
    ] as const) {
      // The DER device's form: its points, no others.
      await changeLanguage(lang);
      const { unmount } = render(
        <SettingsForm profile={der} current={SUNSPEC_VALUES} onSubmit={() => undefined} />,
      );
      for (const p of der.points) expect(screen.getByTestId(`current-${p.name}`)).toBeInTheDocument();
      expect(screen.queryByTestId('current-activePowerLimitWindowS')).toBeNull();
      expect(screen.queryByTestId('current-ratedPowerW')).toBeNull();
      expect(screen.getByText(shown)).toBeInTheDocument();
      expect(screen.queryByText(absent)).toBeNull();
      unmount();
    }
    const battery = profileOffered(SUNSPEC_INVERTER, devices, ['SIN000000124']);
    for (const [lang, charge, off] of [
      ['en', 'Charge rate', 'Disconnect the battery'],
      ['zh', '充电功率', '断开电池'],
    ] as const) {
      await changeLanguage(lang);
      const { unmount } = render(
        <SettingsForm
          profile={battery}
          current={{ ...SUNSPEC_VALUES, batteryOperation: 2 }}
          onSubmit={() => undefined}
        />,
      );
      expect(screen.getByText(charge)).toBeInTheDocument();
      expect(screen.getByTestId('current-batteryOperation')).toHaveTextContent(off);
      unmount();
    }
  });

  it('speaks Chinese too', async () => {
    await changeLanguage('zh');
    render(
      <SettingsForm
        profile={HYBRID_REGISTER}
        current={{ batteryCapacityAh: 100 }}
        onSubmit={() => undefined}
      />,
    );
    expect(screen.getByText('分时段设置')).toBeInTheDocument();
    expect(screen.getAllByText('只读').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '下发修改' })).toBeInTheDocument();
  });
});
