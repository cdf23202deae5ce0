import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { changedValues, checkValue, type FormPoint, fromRegister, toRegister } from './settingsForm.ts';

const LIMIT: FormPoint = {
  name: 'WMaxLimPct',
  label: 'Active power limit',
  help: 'Share of rated power the inverter may feed in',
  unit: '%',
  type: 'number',
  min: 0,
  max: 100,
  scale: 0.1,
  readOnly: false,
  revertSeconds: 900,
};
const PF: FormPoint = {
  ...LIMIT,
  name: 'OutPFSet',
  label: 'Power factor',
  unit: '',
  min: 0.8,
  max: 1,
  scale: 0.01,
};
const RATED: FormPoint = {
  ...LIMIT,
  name: 'WMax',
  label: 'Rated power',
  unit: 'W',
  readOnly: true,
  scale: 1,
};
const MODE: FormPoint = {
  name: 'workMode',
  label: 'Work mode',
  type: 'enum',
  scale: 1,
  readOnly: false,
  options: [
    { value: 0, label: 'Selling first' },
    { value: 1, label: 'Zero export' },
  ],
};
const SLOT_TIME: FormPoint = {
  name: 'slot1Time',
  label: 'Time',
  type: 'time',
  scale: 1,
  readOnly: false,
  group: 'Slot 1',
};
const SLOT_POWER: FormPoint = {
  ...LIMIT,
  name: 'slot1Power',
  label: 'Power',
  unit: 'W',
  max: 5000,
  scale: 1,
  group: 'Slot 1',
};

describe('settings values against the profile', () => {
  it('converts register values by the scale factor both ways', () => {
    expect(toRegister(LIMIT, 49.9)).toBe(499);
    expect(fromRegister(LIMIT, 499)).toBe(49.9);
    expect(fromRegister(PF, 95)).toBe(0.95);
  });

  it('refuses out of range, between register steps, read-only, unknown options and bad times', () => {
    expect(checkValue(LIMIT, 50)).toBeUndefined();
    expect(checkValue(LIMIT, 100.1)?.key).toBe('range');
    expect(checkValue(LIMIT, -1)?.key).toBe('range');
    expect(checkValue(LIMIT, 49.95)).toEqual({ key: 'step', values: { step: 0.1 } });
    expect(checkValue(PF, 0.79)?.key).toBe('range');
    expect(checkValue(RATED, 1000)?.key).toBe('readOnly');
    expect(checkValue(MODE, 1)).toBeUndefined();
    expect(checkValue(MODE, 7)?.key).toBe('option');
    expect(checkValue(SLOT_TIME, '23:30')).toBeUndefined();
    expect(checkValue(SLOT_TIME, '24:30')?.key).toBe('time');
  });

  it('sends only what changed, and a time-of-use slot whole', () => {
    const points = [LIMIT, MODE, SLOT_TIME, SLOT_POWER, RATED];
    const current = { WMaxLimPct: 100, workMode: 0, slot1Time: '01:00', slot1Power: 2000, WMax: 5000 };
    expect(changedValues(points, current, { ...current, WMaxLimPct: 50, WMax: 1 })).toEqual({
      WMaxLimPct: 50,
    });
    expect(changedValues(points, current, { ...current, slot1Power: 3000 })).toEqual({
      slot1Time: '01:00',
      slot1Power: 3000,
    });
  });
});

// Ant Design forms render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('the settings form', { timeout: 60_000 }, () => {
  it('shows current values with units, read-only points without an input, and the revert timer as time left', async () => {
    await changeLanguage('en');
    // Only the clock is fake, so that the time left is exact on any machine; the countdown's ticks stay real.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T10:00:00Z') });
    const reverts = { WMaxLimPct: Date.parse('2026-11-24T10:02:05Z') };
    render(
      <SettingsForm
        points={[LIMIT, RATED, MODE]}
        current={{ WMaxLimPct: 50, WMax: 5000, workMode: 1 }}
        reverts={reverts}
        onSubmit={() => undefined}
      />,
    );
    expect(screen.getByTestId('current-WMaxLimPct')).toHaveTextContent('50.0 %');
    expect(screen.getByTestId('current-workMode')).toHaveTextContent('Zero export');
    const ratedRow = screen.getByText('Rated power').closest('tr')!;
    expect(within(ratedRow).getByText('Read only')).toBeInTheDocument();
    expect(within(ratedRow).queryByRole('spinbutton')).toBeNull();
    expect(screen.getByTestId('revert-countdown')).toHaveTextContent('Reverts in 2:05');
    vi.setSystemTime(Date.parse('2026-11-24T10:01:05Z'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('revert-countdown')).toHaveTextContent('Reverts in 1:00'),
    );
    vi.setSystemTime(Date.parse('2026-11-24T10:03:00Z'));
    await vi.waitFor(() => expect(screen.getByTestId('revert-countdown')).toHaveTextContent('Reverted'));
    vi.useRealTimers();
  });

  it('refuses an out-of-range edit with the range before anything is sent, then sends the valid one only', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <SettingsForm points={[LIMIT, PF]} current={{ WMaxLimPct: 100, OutPFSet: 1 }} onSubmit={onSubmit} />,
    );
    const limit = screen.getByRole('spinbutton', { name: 'Active power limit' });
    await user.clear(limit);
    await user.type(limit, '120');
    await user.click(screen.getByTestId('settings-submit'));
    expect(await screen.findByText('Must be from 0 to 100 %')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(limit);
    await user.type(limit, '50');
    await user.click(screen.getByTestId('settings-submit'));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ WMaxLimPct: 50 }));
  });

  it('speaks Chinese too', async () => {
    await changeLanguage('zh');
    render(<SettingsForm points={[RATED]} current={{ WMax: 5000 }} onSubmit={() => undefined} />);
    expect(screen.getByText('只读')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下发修改' })).toBeInTheDocument();
  });
});
